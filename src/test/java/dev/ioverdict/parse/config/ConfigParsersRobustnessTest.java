package dev.ioverdict.parse.config;

import dev.ioverdict.parse.InputFormat;
import dev.ioverdict.testing.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Damaged configuration files (cut, spliced, garbled lines) never throw: problems become warnings. */
class ConfigParsersRobustnessTest {
    private static final List<InputFormat> FORMATS = List.of(new LsblkFormat(), new MountsFormat(), new SysfsFormat(),
            new XfsInfoFormat());
    private static final List<String> LINES = realLines();

    private static List<String> realLines() {
        List<String> out = new ArrayList<>();
        try (Stream<Path> s = Files.walk(TestData.bundle("config-xfs-loop").resolve("bundle"))) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                out.addAll(Files.readAllLines(p));
            }
            for (String dir : new String[] {"lsblk", "xfs_info", "block-queue-scheduler"}) {
                try (Stream<Path> e = Files.list(TestData.external(dir))) {
                    for (Path p : e.toList()) {
                        out.addAll(Files.readAllLines(p));
                    }
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }

    @Provide
    Arbitrary<String> damaged() {
        Arbitrary<String> line = Arbitraries.oneOf(
                Arbitraries.of(LINES),
                Arbitraries.of(LINES).flatMap(l -> Arbitraries.integers().between(0, l.length()).map(i -> l.substring(0, i))),
                Arbitraries.of(LINES).flatMap(l -> Arbitraries.integers().between(0, l.length()).map(i -> l.substring(i))),
                Arbitraries.strings().withChars(" =:[]()|`-\u251c\u2514\u2500\"\\x/0123456789abcdefsyblockqueuemeta,")
                        .ofMaxLength(60));
        return line.list().ofMaxSize(30).map(l -> String.join("\n", l) + "\n");
    }

    @Property(tries = 300)
    void neverThrows(@ForAll("damaged") String text, @ForAll("paths") String path) {
        for (InputFormat f : FORMATS) {
            f.recognise(Parsed.sample(text, path));
            Parsed.text(f, text, path);
        }
    }

    @Provide
    Arbitrary<String> paths() {
        return Arbitraries.of("x.txt", "sys/block/sda/queue/scheduler", "sys/block/sda/queue/nr_requests", "block/",
                "sda.scheduler", "/block/x/", "xfs_info.txt");
    }
}
