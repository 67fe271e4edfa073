package dev.ioverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareCommandTest {
    private static final Path PAIR = TestData.bundle("compare-blkgen-sched-vs-healthy");

    @Test
    void writesTheThreeFilesAndTheContractKeys(@TempDir Path tmp) throws Exception {
        Cli r = Cli.run("compare", PAIR.resolve("before").toString(), PAIR.resolve("after").toString(), "-o",
                tmp.toString(), "--label-before", "bfq", "--label-after", "none", "--fail-on-regression");
        assertEquals(ExitCodes.OK, r.exitCode(), r.err());
        assertTrue(r.out().startsWith("improved: The change helped: Q2C"), r.out());
        for (String f : new String[] {"compare.html", "compare.pdf", "compare.json"}) {
            assertTrue(Files.size(tmp.resolve(f)) > 1000, f);
        }
        JsonNode c = new ObjectMapper().readTree(tmp.resolve("compare.json").toFile());
        assertEquals("ioverdict.compare/1", c.get("schema").asText());
        assertEquals("bfq", c.path("before").path("label").asText());
        assertTrue(c.path("before").has("id") && c.path("before").has("source") && c.path("before").has("window"));
        assertTrue(c.get("verdict").asText().contains("'requests wait in the I/O scheduler' resolved"), c.get("verdict").asText());
        assertFalse(c.get("verdict").asText().contains("scheduler-latency"), "rule ids stay in the findings' data");
        assertEquals("scheduler-latency", c.path("findings").path("resolved").get(0).path("rule").asText());
        assertTrue(c.path("findings").has("new") && c.path("findings").has("persisting"));
        JsonNode m = c.path("metrics").get(0);
        for (String k : new String[] {"subject", "metric", "unit", "before", "after", "changePct", "significant", "test"}) {
            assertTrue(m.has(k), k + " in " + m);
        }
        String html = Files.readString(tmp.resolve("compare.html"));
        assertTrue(html.contains("<svg") && html.contains("Verdict: <span>improved</span>"), "charts and verdict");
    }

    @Test
    void theSameChangeBackwardsIsARegression(@TempDir Path tmp) {
        Cli r = Cli.run("compare", PAIR.resolve("after").toString(), PAIR.resolve("before").toString(), "-o",
                tmp.toString(), "--format", "json", "--fail-on-regression");
        assertEquals(ExitCodes.FINDING_AT_SEVERITY, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().startsWith("regressed: The change made it worse"), r.out());
        assertTrue(r.out().contains("'requests wait in the I/O scheduler' new"), r.out());
        Cli without = Cli.run("compare", PAIR.resolve("after").toString(), PAIR.resolve("before").toString(), "-o",
                tmp.toString(), "--format", "json");
        assertEquals(ExitCodes.OK, without.exitCode());
    }

    @Test
    void oneBundleNeedsTwoWindows(@TempDir Path tmp) {
        Path bundle = PAIR.resolve("before");
        assertEquals(ExitCodes.USAGE, Cli.run("compare", bundle.toString(), "-o", tmp.toString()).exitCode());
        assertEquals(ExitCodes.USAGE, Cli.run("compare", bundle.toString(), "--before", "3", "--after", "0..1").exitCode());
        Cli r = Cli.run("compare", bundle.toString(), "--before", "0..0.3", "--after", "0.3..0.6", "-o", tmp.toString(),
                "--format", "json");
        assertEquals(ExitCodes.OK, r.exitCode(), r.err());
    }

    @Test
    void missingSideIsAUsageErrorAndGarbageIsNothingUsable(@TempDir Path tmp) throws Exception {
        assertEquals(ExitCodes.USAGE, Cli.run("compare", tmp.resolve("nope").toString(), PAIR.resolve("after").toString())
                .exitCode());
        Path junk = Files.createDirectories(tmp.resolve("junk"));
        Files.writeString(junk.resolve("a.txt"), "nothing here\n");
        Cli r = Cli.run("compare", junk.toString(), PAIR.resolve("after").toString(), "-o", tmp.resolve("o").toString());
        assertEquals(ExitCodes.NOTHING_USABLE, r.exitCode());
        assertEquals(1, r.err().strip().lines().count(), r.err());
    }

    @Test
    void reportWindowFlags(@TempDir Path tmp) throws Exception {
        Cli r = Cli.run("report", PAIR.resolve("before").toString(), "--from", "0.1", "--to", "0.3", "-o", tmp.toString(),
                "--format", "json,html");
        assertEquals(ExitCodes.OK, r.exitCode(), r.err());
        JsonNode rep = new ObjectMapper().readTree(tmp.resolve("report.json").toFile());
        assertEquals(0.1, rep.path("window").path("from").asDouble());
        assertTrue(Files.readString(tmp.resolve("report.html")).contains("time window"));
        assertEquals(ExitCodes.USAGE, Cli.run("report", PAIR.resolve("before").toString(), "--from", "3", "--to", "1")
                .exitCode());
    }

    @Test
    void anOutputThatCannotBeWrittenIsExitFiveWithTheReason(@TempDir Path tmp) throws Exception {
        Path file = Files.writeString(tmp.resolve("afile"), "x");
        Cli r = Cli.run("compare", PAIR.resolve("before").toString(), PAIR.resolve("after").toString(), "-o",
                file.toString(), "--format", "json");
        assertEquals(ExitCodes.CANNOT_WRITE, r.exitCode(), r.err());
        assertTrue(r.err().startsWith("ioverdict: could not write the comparison into") && r.err().contains("not a folder"),
                r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());

        Path locked = Files.createDirectories(tmp.resolve("locked"));
        Files.writeString(locked.resolve("compare.json"), "the previous comparison");
        if (locked.toFile().setWritable(false) && !Files.isWritable(locked)) { // root writes anywhere: then skip this half
            Cli denied = Cli.run("compare", PAIR.resolve("before").toString(), PAIR.resolve("after").toString(), "-o",
                    locked.toString(), "--format", "json");
            assertEquals(ExitCodes.CANNOT_WRITE, denied.exitCode(), denied.err());
            assertTrue(denied.err().contains("permission denied"), denied.err());
            assertEquals("the previous comparison", Files.readString(locked.resolve("compare.json")));
        }
        locked.toFile().setWritable(true);
    }
}
