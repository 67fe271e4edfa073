package dev.ioverdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.ReportInvariants;
import dev.ioverdict.testing.TestData;
import dev.ioverdict.testing.TestSeed;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * No report states a figure that cannot be true (model/Invariants): checked on report.json, on the
 * visible text of report.html and on the text of report.pdf, for every testdata bundle, for random
 * time cuts of the real captures ({@code report --from/--to}: requests cut off mid-flight are the
 * classic way to a share above its whole), and for real captures damaged as customer files are.
 * The base seed is printed; rerun one with {@code -Dioverdict.invariants.seed=N}.
 */
class ReportInvariantsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Exit codes a report may end with on cut or damaged input: written, written with damage, nothing usable. */
    private static final Set<Integer> WRITTEN_OR_EMPTY = Set.of(0, 1, 3);

    @TempDir
    Path tmp;

    @TestFactory
    Stream<DynamicTest> everyTestdataBundleInEveryView() throws IOException {
        return bundles().stream().map(b -> DynamicTest.dynamicTest(name(b), () -> {
            Path out = tmp.resolve(name(b).replace('/', '_'));
            // the compare cases' halves are read as bundles too; their PDF is left to the cases' own bundles
            String formats = name(b).endsWith("/bundle") ? "json,html,pdf" : "json,html";
            Cli r = Cli.run("report", b.toString(), "-o", out.toString(), "--format", formats, "--quiet");
            assertTrue(Files.exists(out.resolve("report.json")), r.err());
            ReportInvariants.assertNone(out, name(b));
        }));
    }

    /**
     * The report that printed "Q2G + G2I is 29600 % of Q2C": a perf recording whose completions
     * were lost counts Q2G over every queued I/O and Q2C over the few that completed. Here the
     * request-starvation capture keeps its first 26 completions on loop0 (the count of that report).
     */
    @Test
    void lostCompletionsGiveNoShareAboveItsWholeAndNoFindingOnIt() throws Exception {
        Path bundle = Files.createDirectories(tmp.resolve("lost-completions"));
        Path real = TestData.bundle("perf-request-starvation").resolve("bundle");
        try (Stream<Path> s = Files.list(real)) {
            for (Path f : s.toList()) {
                Files.copy(f, bundle.resolve(f.getFileName()));
            }
        }
        int[] kept = {0};
        List<String> lines = Files.readAllLines(real.resolve("perf-script.txt"), StandardCharsets.UTF_8).stream()
                .filter(l -> !l.contains("block_rq_complete: 7,0") || ++kept[0] <= 26).toList();
        Files.write(bundle.resolve("perf-script.txt"), lines, StandardCharsets.UTF_8);
        Path whole = tmp.resolve("whole");
        Path cut = tmp.resolve("cut");
        Cli.run("report", real.toString(), "-o", whole.toString(), "--format", "json");
        Cli r = Cli.run("report", bundle.toString(), "-o", cut.toString(), "--format", "json,html,pdf");
        assertEquals(0, r.exitCode(), r.err());

        JsonNode before = JSON.readTree(whole.resolve("report.json").toFile());
        JsonNode starvation = null;
        for (JsonNode f : before.path("findings")) {
            if (f.path("rule").asText().equals("request-starvation")) {
                starvation = f;
            }
        }
        assertNotNull(starvation, "request-starvation on the whole capture");
        assertEquals(66.6939, starvation.path("metrics").path("q2gG2iSharePct").asDouble(), 1e-4);

        JsonNode report = JSON.readTree(cut.resolve("report.json").toFile());
        for (JsonNode f : report.path("findings")) {
            assertNotEquals("request-starvation", f.path("rule").asText(), f.path("title").asText());
        }
        JsonNode loop0 = report.path("block").path("devices").get(1);
        assertEquals("7,0", loop0.path("device").asText());
        assertEquals(26, loop0.path("phases").path("Q2C").path("n").asLong());
        assertEquals(2283, loop0.path("phases").path("Q2G").path("n").asLong());
        assertTrue(loop0.path("overheadPct").path("Q2G").isMissingNode(), loop0.path("overheadPct").toString());
        String notes = report.path("consistency").toString();
        assertTrue(notes.contains("(perf-script.txt) give shares of Q2C above 100 % on 7,0 (Q2G 7110%)")
                && notes.contains("Q2C counts 26 completed I/Os, Q2G over 2,283 I/Os"), notes);
        ReportInvariants.assertNone(cut, "lost completions");
    }

    @TestFactory
    Stream<DynamicTest> randomTimeCutsOfTheRealCaptures() throws IOException {
        TestSeed seed = TestSeed.of("ioverdict.invariants.seed", "ReportInvariantsTest#randomTimeCutsOfTheRealCaptures");
        Random random = new Random(seed.value());
        List<Path> timed = new ArrayList<>();
        for (Path b : bundles()) {
            if (span(b) > 0.5) {
                timed.add(b);
            }
        }
        List<DynamicTest> tests = new ArrayList<>();
        for (int i = 0; i < Integer.getInteger("ioverdict.invariants.cuts", 10); i++) {
            Path b = timed.get(random.nextInt(timed.size()));
            double span = span(b);
            double from = random.nextDouble() * span * 0.8;
            double to = from + (0.03 + random.nextDouble() * 0.6) * span;
            String f = String.format(Locale.ROOT, "%.3f", from);
            String t = String.format(Locale.ROOT, "%.3f", to);
            Path out = tmp.resolve("cut" + i);
            tests.add(DynamicTest.dynamicTest(name(b) + " --from " + f + " --to " + t + " " + seed.tag(), () -> {
                Cli r = Cli.run("report", b.toString(), "-o", out.toString(), "--format", "json,html", "--quiet",
                        "--from", f, "--to", t);
                assertTrue(WRITTEN_OR_EMPTY.contains(r.exitCode()), r.exitCode() + ": " + r.err());
                ReportInvariants.assertNone(out, name(b) + " " + f + ".." + t);
            }));
        }
        return tests.stream();
    }

    /**
     * The hostile corpus's kind of damage on real traces: the file cut anywhere, a run of lines lost
     * (completions gone while their requests stay), a run doubled, two lines swapped (time running
     * backwards), a figure replaced by a huge one.
     */
    @TestFactory
    Stream<DynamicTest> damagedRealCaptures() throws IOException {
        TestSeed base = TestSeed.of("ioverdict.invariants.seed", "ReportInvariantsTest#damagedRealCaptures");
        Random random = new Random(base.value());
        List<Path> timed = bundles().stream().filter(b -> span(b) > 0.5 && !b.toString().contains("sosreport")).toList();
        List<DynamicTest> tests = new ArrayList<>();
        for (int i = 0; i < Integer.getInteger("ioverdict.invariants.damages", 8); i++) {
            Path b = timed.get(random.nextInt(timed.size()));
            int kind = random.nextInt(5);
            long seed = random.nextLong();
            Path copy = tmp.resolve("damaged" + i);
            Path out = tmp.resolve("damaged-out" + i);
            tests.add(DynamicTest.dynamicTest(name(b) + " damage " + kind + " seed " + seed + " " + base.tag(), () -> {
                copyDamaged(b, copy, kind, new Random(seed));
                Cli r = Cli.run("report", copy.toString(), "-o", out.toString(), "--format", "json,html", "--quiet");
                assertTrue(WRITTEN_OR_EMPTY.contains(r.exitCode()), r.exitCode() + ": " + r.err());
                ReportInvariants.assertNone(out, name(b) + " damage " + kind);
            }));
        }
        return tests.stream();
    }

    /** A copy of the bundle whose largest file (its trace) is damaged one way. */
    private static void copyDamaged(Path bundle, Path copy, int kind, Random r) throws IOException {
        Files.createDirectories(copy);
        List<Path> files;
        try (Stream<Path> s = Files.list(bundle)) {
            files = s.filter(Files::isRegularFile).toList();
        }
        Path trace = files.stream().max(Comparator.comparingLong(ReportInvariantsTest::size)).orElseThrow();
        for (Path f : files) {
            if (!f.equals(trace)) {
                Files.copy(f, copy.resolve(f.getFileName()));
            }
        }
        List<String> lines = new ArrayList<>(Files.readAllLines(trace, StandardCharsets.UTF_8));
        int n = lines.size();
        int at = r.nextInt(Math.max(1, n));
        int run = 1 + r.nextInt(Math.max(1, n / 10));
        switch (kind) {
            case 0 -> lines.subList(Math.max(1, at), n).clear();
            case 1 -> lines.subList(at, Math.min(n, at + run)).clear();
            case 2 -> lines.addAll(at, new ArrayList<>(lines.subList(at, Math.min(n, at + run))));
            case 3 -> {
                int other = r.nextInt(Math.max(1, n));
                if (n > 0) {
                    String l = lines.get(at);
                    lines.set(at, lines.get(other));
                    lines.set(other, l);
                }
            }
            default -> {
                for (int k = 0; k < 20 && n > 0; k++) {
                    int i = r.nextInt(n);
                    lines.set(i, lines.get(i).replaceFirst("\\b\\d+\\.\\d+\\b", "99999999.999999"));
                }
            }
        }
        Files.write(copy.resolve(trace.getFileName()), lines, StandardCharsets.UTF_8);
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            return 0;
        }
    }

    /** Every bundle in testdata: NAME/bundle, and the before and after of the compare cases. */
    static List<Path> bundles() throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(TestData.root().resolve("testdata"))) {
            for (Path c : s.sorted().toList()) {
                for (Path b : List.of(c.resolve("bundle"), c.resolve("before"), c.resolve("after"))) {
                    if (Files.isDirectory(b)) {
                        out.add(b.resolve("bundle").toFile().isDirectory() ? b.resolve("bundle") : b);
                    }
                }
            }
        }
        return out;
    }

    private static String name(Path bundle) {
        Path testdata = TestData.root().resolve("testdata");
        return testdata.relativize(bundle).toString();
    }

    /** The longest timed input's span in seconds, from the case's golden report (0 when none). */
    private static double span(Path bundle) {
        Path c = bundle;
        while (c.getParent() != null && !c.getParent().getFileName().toString().equals("testdata")) {
            c = c.getParent();
        }
        Path golden = c.resolve("report.golden.json");
        if (!Files.exists(golden) || !bundle.equals(c.resolve("bundle"))) {
            return 0;
        }
        try {
            double best = 0;
            for (JsonNode in : JSON.readTree(golden.toFile()).path("inputs")) {
                if (in.hasNonNull("firstTime") && in.hasNonNull("lastTime") && !in.path("format").asText().equals("kernel-log")) {
                    best = Math.max(best, in.get("lastTime").asDouble() - in.get("firstTime").asDouble());
                }
            }
            return best;
        } catch (IOException e) {
            return 0;
        }
    }
}
