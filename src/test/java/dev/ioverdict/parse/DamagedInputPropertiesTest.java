package dev.ioverdict.parse;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.parse.linuxki.LinuxKiFormat;
import dev.ioverdict.parse.perf.PerfScriptFormat;
import dev.ioverdict.parse.strace.StraceFormat;
import dev.ioverdict.testing.ParseRun;
import dev.ioverdict.testing.TestData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Real trace text, damaged the way customer files are (lines cut short, bytes dropped or doubled,
 * lines lost): the syscall parsers never throw, and keep reading after the damage.
 */
class DamagedInputPropertiesTest {
    private static final List<String> SOURCES = List.of(
            "seed-000-strace/bundle/strace-lgwr.txt",
            "seed-001-linuxki/bundle/kipid-lgwr.txt",
            "seed-001-linuxki/bundle/kitrace-lgwr.txt");

    private record Damage(int file, List<int[]> edits) {
    }

    private static List<String> lines(int file) {
        try {
            return Files.readAllLines(TestData.root().resolve("testdata").resolve(SOURCES.get(file)), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Provide
    Arbitrary<Damage> damage() {
        Arbitrary<int[]> edit = Arbitraries.integers().between(0, 3).flatMap(kind ->
                Arbitraries.integers().between(0, 1000).list().ofSize(2).map(xs -> new int[] {kind, xs.get(0), xs.get(1)}));
        return Arbitraries.integers().between(0, SOURCES.size() - 1)
                .flatMap(f -> edit.list().ofMinSize(1).ofMaxSize(6).map(es -> new Damage(f, es)));
    }

    @Property(tries = 300)
    void damagedTracesNeverThrow(@ForAll("damage") Damage d) {
        List<String> lines = new ArrayList<>(lines(d.file()));
        for (int[] e : d.edits()) {
            if (lines.isEmpty()) {
                break;
            }
            int i = e[1] % lines.size();
            String l = lines.get(i);
            int at = l.isEmpty() ? 0 : e[2] % l.length();
            switch (e[0]) {
                case 0 -> lines.set(i, l.substring(0, at));
                case 1 -> lines.set(i, l.substring(0, at) + l.substring(Math.min(l.length(), at + 7)));
                case 2 -> lines.set(i, l.substring(0, at) + l.substring(at) + l.substring(at));
                default -> lines.remove(i);
            }
        }
        String text = String.join("\n", lines) + "\n";
        for (InputFormat f : List.of(new StraceFormat(), new LinuxKiFormat(), new PerfScriptFormat())) {
            ParseRun run = ParseRun.of(f, "damaged.txt", text);
            assertTrue(run.summary().records() >= 0);
        }
    }

    @Property(tries = 50)
    void recordedTracesCutAnywhereNeverThrow(@ForAll("cuts") int cut) throws IOException {
        Path p = TestData.bundle("xfs-unaligned-512b").resolve("bundle/strace-fio.txt");
        String all = Files.readString(p, StandardCharsets.UTF_8);
        String text = all.substring(0, Math.min(all.length(), cut));
        ParseRun.of(new StraceFormat(), "strace-fio.txt", text);
        Path s = TestData.bundle("xfs-unaligned-512b").resolve("bundle/perf-sched-stacks.txt");
        String stacks = Files.readString(s, StandardCharsets.UTF_8);
        ParseRun.of(new PerfScriptFormat(), "perf-sched-stacks.txt", stacks.substring(0, Math.min(stacks.length(), cut)));
    }

    @Provide
    Arbitrary<Integer> cuts() {
        return Arbitraries.integers().between(0, 400_000);
    }
}
