package dev.ioverdict.parse;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.bundle.BundleFile;
import dev.ioverdict.bundle.DetectedFile;
import dev.ioverdict.bundle.FormatDetector;
import dev.ioverdict.testing.ParseRun;
import dev.ioverdict.testing.TestData;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Every parser on a real sample of its format (the first one testdata holds), mutated the hostile
 * way: control characters and NULs, numbers past their range or negative, lines cut, doubled,
 * dropped or blown up. A parser must neither throw nor take long; a bounded number of tries keeps
 * the run within CI's time.
 */
class ParserFuzzTest {
    private static final Map<String, String> SAMPLES = samples();
    private static final List<String> IDS = List.copyOf(SAMPLES.keySet());
    private static final List<String> PAYLOADS = List.of("\u0000", "\u001b]0;x\u0007", "\r", "\t\t", "\uFFFD",
            "-1", "-9223372036854775808", "18446744073709551608", "100000000000000000000000", "1e309", "NaN",
            "-4096", "(", ")", "[", "]", "{", "}", "\"", "\\", "=", "<unfinished ...>", "<... resumed>", "+ ",
            "0.000000000", "99999999999.999999999", "", " ", "é", "\uD800");

    private record Edit(double at, int kind, int payload) {
    }

    private static Map<String, String> samples() {
        Map<String, String> out = new TreeMap<>();
        FormatDetector detector = new FormatDetector(InputFormats.all());
        try (Stream<Path> s = Files.walk(TestData.root().resolve("testdata"))) {
            for (Path p : s.filter(Files::isRegularFile).filter(p -> p.toString().contains("/bundle/")).sorted().toList()) {
                long size = Files.size(p);
                if (size == 0 || size > 300_000) {
                    continue;
                }
                DetectedFile d = detector.detect(new BundleFile(p.getFileName().toString(), p, size, false));
                if (d.format().isPresent() && !out.containsKey(d.formatId())) {
                    try {
                        out.put(d.formatId(), Files.readString(p, StandardCharsets.UTF_8));
                    } catch (java.nio.charset.MalformedInputException binary) {
                        // a binary input (blktrace's files in a grid bundle): these edits are of text
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    @Property(tries = 120)
    void noParserThrowsOrHangsOnHostileText(@ForAll("format") int format, @ForAll("edits") List<Edit> edits) {
        String id = IDS.get(format);
        String text = mutate(SAMPLES.get(id), edits);
        InputFormat f = InputFormats.byId(id).orElseThrow();
        ParseRun run = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> ParseRun.of(f, "fuzz.txt", text),
                id + " took too long");
        assertTrue(run.summary().lines() >= 0);
    }

    @Property(tries = 20)
    void noParserThrowsOnLinesLongerThanTheLimit(@ForAll("format") int format) {
        String id = IDS.get(format);
        String sample = SAMPLES.get(id);
        int half = sample.indexOf('\n', sample.length() / 2);
        String text = sample.substring(0, Math.max(half, 0)) + "\n" + "9".repeat(Lines.DEFAULT_MAX_LENGTH + 10) + "\n"
                + sample.substring(Math.max(half, 0));
        InputFormat f = InputFormats.byId(id).orElseThrow();
        ParseRun run = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> ParseRun.of(f, "long.txt", text));
        long longLine = text.substring(0, Math.max(half, 0)).lines().count() + 1;
        // cut by Lines, or (blkparse's own byte reader, which cuts at 64 MiB) skipped as no event: said either way
        assertTrue(run.summary().warnings().stream().anyMatch(w -> w.message().contains("cut to its first")
                || w.line() == longLine), id + ": " + run.summary().warnings());
    }

    @Provide
    Arbitrary<Integer> format() {
        assertTrue(IDS.size() >= 10, "samples for most formats: " + IDS);
        return Arbitraries.integers().between(0, IDS.size() - 1);
    }

    @Provide
    Arbitrary<List<Edit>> edits() {
        Arbitrary<Edit> edit = Combinators.combine(Arbitraries.doubles().between(0, 1), Arbitraries.integers().between(0, 5),
                Arbitraries.integers().between(0, PAYLOADS.size() - 1)).as(Edit::new);
        return edit.list().ofMinSize(1).ofMaxSize(40);
    }

    private static String mutate(String text, List<Edit> edits) {
        List<String> lines = new ArrayList<>(text.lines().toList());
        for (Edit e : edits) {
            if (lines.isEmpty()) {
                lines.add("");
            }
            int i = (int) (e.at() * (lines.size() - 1));
            String line = lines.get(i);
            String payload = PAYLOADS.get(e.payload());
            int col = line.isEmpty() ? 0 : (int) (e.at() * 7919) % line.length();
            switch (e.kind()) {
                case 0 -> lines.set(i, line.substring(0, col) + payload + line.substring(col));
                case 1 -> lines.set(i, line.substring(0, col));
                case 2 -> lines.remove(i);
                case 3 -> lines.add(i, line);
                case 4 -> lines.set(i, replaceNumber(line, payload));
                // blown up once, not again: 50^k would measure the test's heap, not the parser
                default -> lines.set(i, line.length() < 10_000 ? line.repeat(50) : line);
            }
        }
        return String.join("\n", lines) + "\n";
    }

    /** The first run of digits of {@code line} replaced by {@code payload}. */
    private static String replaceNumber(String line, String payload) {
        int s = 0;
        while (s < line.length() && !Character.isDigit(line.charAt(s))) {
            s++;
        }
        int e = s;
        while (e < line.length() && Character.isDigit(line.charAt(e))) {
            e++;
        }
        return line.substring(0, s) + payload + line.substring(e);
    }
}
