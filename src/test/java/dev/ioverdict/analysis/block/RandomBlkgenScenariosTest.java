package dev.ioverdict.analysis.block;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.ReportInvariants;
import dev.ioverdict.testing.TestData;
import dev.ioverdict.testing.TestSeed;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Random blkgen scenarios, generated now, run through the real blkparse and btt and through
 * ioverdict: every figure must agree. Varies preset, seed, number of bios, arrival rate, CPUs
 * one device's timings, and sometimes squeezes every process into 1 GiB so bios overlap. The base seed is printed and
 * in every test's name; {@code -Dioverdict.blkgen.seed=N} replays a run ({@code -Dioverdict.blkgen.scenarios=K} for more).
 */
class RandomBlkgenScenariosTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[] PRESETS = {
        "healthy-ssd", "i2d-dominant", "d2c-dominant", "merge-heavy", "mixed-multidevice",
        "lgwr-512b-sync-writes", "mpath-rq-lgwr", "scale",
    };

    @TempDir
    Path tmp;

    /** One random scenario: a preset with its seed, size, rate, CPUs, and the seed of its device timings. */
    record Scenario(String preset, long seed, int ios, double rate, int extraCpus, long timingSeed) {
        String name() {
            return String.format(Locale.ROOT, "%s seed=%d ios=%d rate=x%.2f cpus=+%d", preset, seed, ios, rate, extraCpus);
        }
    }

    /** The scenarios of one base seed: the same seed, the same scenarios. */
    static List<Scenario> scenarios(long base, int count) {
        Random random = new Random(base);
        List<Scenario> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(new Scenario(PRESETS[random.nextInt(PRESETS.length)], random.nextInt(1_000_000),
                    200 + random.nextInt(900), 0.25 + random.nextDouble() * 2.75, random.nextInt(5), random.nextLong()));
        }
        return out;
    }

    @Test
    void aSeedReplaysItsScenarios() {
        assertEquals(scenarios(4242, 6), scenarios(4242, 6));
        assertNotEquals(scenarios(4242, 6), scenarios(4243, 6));
    }

    @TestFactory
    Stream<DynamicTest> randomScenariosAgreeWithBtt() {
        Assumptions.assumeTrue(onPath("python3") && onPath("blkparse") && onPath("btt"),
                "python3, blkparse and btt are needed");
        Path blkgen = TestData.blkgen().resolve("blkgen.py");
        TestSeed seed = TestSeed.of("ioverdict.blkgen.seed", "RandomBlkgenScenariosTest#randomScenariosAgreeWithBtt");
        List<DynamicTest> tests = new ArrayList<>();
        List<Scenario> scenarios = scenarios(seed.value(), Integer.getInteger("ioverdict.blkgen.scenarios", 6));
        for (int i = 0; i < scenarios.size(); i++) {
            Scenario s = scenarios.get(i);
            String name = s.name() + " " + seed.tag();
            Path dir = tmp.resolve("s" + i);
            tests.add(DynamicTest.dynamicTest(name, () -> check(blkgen, dir, s.preset(), s.seed(), s.ios(), s.rate(),
                    s.extraCpus(), new Random(s.timingSeed()), name)));
        }
        return tests.stream();
    }

    /**
     * Random event soups (chaos_trace.py): overlapping and equal start sectors, out-of-order
     * completions, remaps, requeues, zero-byte events, on two disks and a dm volume.
     */
    @TestFactory
    Stream<DynamicTest> chaosTracesAgreeWithBtt() throws IOException {
        Assumptions.assumeTrue(onPath("python3") && onPath("blkparse") && onPath("btt"),
                "python3, blkparse and btt are needed");
        Path script = tmp.resolve("chaos_trace.py");
        try (var in = getClass().getResourceAsStream("chaos_trace.py")) {
            Files.copy(in, script);
        }
        TestSeed base = TestSeed.of("ioverdict.blkgen.seed", "RandomBlkgenScenariosTest#chaosTracesAgreeWithBtt");
        int count = Integer.getInteger("ioverdict.blkgen.scenarios", 6);
        List<DynamicTest> tests = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            long seed = base.value() + i;
            Path dir = tmp.resolve("chaos" + i);
            String name = "chaos seed=" + seed + " " + base.tag();
            tests.add(DynamicTest.dynamicTest(name, () -> {
                Files.createDirectories(dir);
                run(dir, "python3", script.toString(), TestData.blkgen().toString(), Long.toString(seed),
                        dir.toString(), "3000");
                JsonNode expected = JSON.readTree(dir.resolve("expected.json").toFile());
                Traces.Analysed a = Traces.analyse(dir.resolve("blkparse.txt"));
                assertEquals(List.of(), a.input().warnings(), name);
                assertEquals(List.of(), BttOracle.differences(expected, a.trace().section()), name);
                Path report = tmp.resolve("chaos-report" + seed);
                Cli run = Cli.run("report", dir.toString(), "-o", report.toString(), "--format", "json,html", "--quiet");
                assertTrue(run.exitCode() == 0 || run.exitCode() == 1, name + ": " + run.exitCode() + ": " + run.err());
                ReportInvariants.assertNone(report, name);
            }));
        }
        return tests.stream();
    }

    private void check(Path blkgen, Path dir, String preset, long seed, int ios, double rate, int extraCpus, Random r,
                       String name) throws Exception {
        Files.createDirectories(dir);
        ObjectNode sc = (ObjectNode) JSON.readTree(run(dir, "python3", blkgen.toString(), "preset", preset));
        sc.put("seed", seed);
        sc.put("ios", ios);
        sc.put("iops", Math.max(50, Math.round(sc.path("iops").asDouble(5000) * rate)));
        // processes name their CPUs, so CPUs may be added, never taken away
        sc.put("ncpus", sc.path("ncpus").asInt(4) + extraCpus);
        ArrayNode devices = (ArrayNode) sc.path("devices");
        ObjectNode timing = devices.get(r.nextInt(devices.size())).withObject("timing");
        ObjectNode d2c = timing.putObject("d2c");
        d2c.put("dist", "lognormal").put("median", 50 + r.nextInt(3000)).put("sigma", 0.2 + r.nextDouble()).put("min", 20);
        if (r.nextBoolean()) {
            ObjectNode i2d = timing.putObject("i2d");
            i2d.put("dist", "exp").put("mean", 1 + r.nextInt(2000));
        }
        if (r.nextInt(3) == 0) {
            timing.put("requeue_prob", 0.02);
        }
        if (r.nextInt(3) == 0) {
            // 1 GiB (blkgen's least) to write in: more bios overlap in flight, the case where btt's tree shape decides
            for (JsonNode p : sc.path("processes")) {
                ((ObjectNode) p).put("region_gb", 1);
            }
        }
        Path scenario = dir.resolve("scenario-in.json");
        Files.writeString(scenario, JSON.writeValueAsString(sc));
        Path out = dir.resolve("case");
        run(dir, "python3", blkgen.toString(), "case", scenario.toString(), "--out", out.toString(), "--quiet",
                "--keep-binary-mb", "0");
        assertTrue(Files.exists(out.resolve("expected.json")), "blkgen wrote no expected.json");
        JsonNode expected = JSON.readTree(out.resolve("expected.json").toFile());
        Traces.Analysed a = Traces.analyse(out.resolve("blkparse.txt"));
        assertEquals(List.of(), a.input().warnings(), name);
        assertEquals(List.of(), BttOracle.differences(expected, a.trace().section()),
                name + "\nscenario: " + JSON.writeValueAsString(sc));
        // and the report made of it states no figure that cannot be true
        Path report = dir.resolve("report");
        Cli run = Cli.run("report", out.toString(), "-o", report.toString(), "--format", "json,html", "--quiet");
        assertTrue(run.exitCode() == 0 || run.exitCode() == 1, run.exitCode() + ": " + run.err());
        ReportInvariants.assertNone(report, name);
    }

    /** Runs a command in {@code dir}; its stdout. A nonzero exit other than blkgen's 2 (intent differs) fails. */
    private static String run(Path dir, String... cmd) throws IOException, InterruptedException {
        Path outFile = Files.createTempFile(dir, "out", ".txt");
        Path errFile = Files.createTempFile(dir, "err", ".txt");
        Process p = new ProcessBuilder(cmd).directory(dir.toFile())
                .redirectOutput(outFile.toFile()).redirectError(errFile.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), String.join(" ", cmd) + " took too long");
        int rc = p.exitValue();
        assertTrue(rc == 0 || rc == 2, String.join(" ", cmd) + " exited " + rc + ": "
                + Files.readString(errFile, StandardCharsets.UTF_8));
        return Files.readString(outFile, StandardCharsets.UTF_8);
    }

    private static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }
}
