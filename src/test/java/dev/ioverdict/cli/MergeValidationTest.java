package dev.ioverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ioverdict.report.Version;
import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * merge checks what it merges: the version and schemas each shard's summary.json records, counts
 * that are non-negative and agree with the findings listed, and a case in one shard only. Shards
 * come from a real batch over two real bundles, then edited as a damaged or forged shard would be.
 */
class MergeValidationTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path tmp;
    static Path shard0;
    static Path shard1;

    @BeforeAll
    static void twoShards() throws IOException {
        Path cases = Files.createDirectories(tmp.resolve("cases"));
        for (String b : List.of("iostat-linux-saturated", "iostat-solaris-seed003")) {
            Path c = Files.createDirectories(cases.resolve(b));
            try (var s = Files.list(TestData.bundle(b).resolve("bundle"))) {
                for (Path f : s.toList()) {
                    Files.copy(f, c.resolve(f.getFileName().toString()));
                }
            }
        }
        shard0 = tmp.resolve("s0");
        shard1 = tmp.resolve("s1");
        assertTrue(Cli.run("batch", cases.toString(), "-o", shard0.toString(), "--shard", "0/2", "--format", "json")
                .exitCode() <= 1);
        assertTrue(Cli.run("batch", cases.toString(), "-o", shard1.toString(), "--shard", "1/2", "--format", "json")
                .exitCode() <= 1);
    }

    @Test
    void aBatchSummaryRecordsItsToolVersionAndReportSchemaAndTheMergeEachShards() throws IOException {
        JsonNode s = JSON.readTree(shard0.resolve("summary.json").toFile());
        assertEquals("ioverdict.batch/1", s.path("schema").asText());
        assertEquals(Version.get(), s.path("tool").path("version").asText());
        assertEquals("ioverdict", s.path("tool").path("name").asText());
        assertEquals("ioverdict.report/1", s.path("reportSchema").asText());

        Path out = tmp.resolve("clean");
        Cli m = Cli.run("merge", shard0.toString(), shard1.toString(), "-o", out.toString());
        assertFalse(m.out().contains("warning"), m.out());
        JsonNode merged = JSON.readTree(out.resolve("summary.json").toFile());
        assertEquals(2, merged.path("cases").size());
        assertEquals(List.of(shard0.toString(), shard1.toString()),
                List.of(merged.path("shards").get(0).path("path").asText(), merged.path("shards").get(1).path("path").asText()));
        assertEquals(Version.get(), merged.path("shards").get(1).path("tool").path("version").asText());
        assertEquals(1, merged.path("shards").get(1).path("cases").asInt());
    }

    @Test
    void negativeOrInconsistentCountsAreRefusedNamingTheCase() throws IOException {
        Path bad = edited("negative", s -> {
            ObjectNode c = (ObjectNode) s.path("cases").get(0);
            c.put("critical", -3);
        });
        Cli m = Cli.run("merge", shard0.toString(), bad.toString(), "-o", tmp.resolve("m-negative").toString());
        assertEquals(ExitCodes.DAMAGED_INPUT, m.exitCode(), m.out() + m.err());
        String id = caseId(bad);
        assertTrue(m.out().contains("warning: " + bad.resolve("summary.json") + ": case " + id
                + " has a negative count (critical -3, warning 0, info 0): refused"), m.out());
        JsonNode merged = JSON.readTree(tmp.resolve("m-negative/summary.json").toFile());
        assertEquals(1, merged.path("cases").size(), "the forged case is not merged");
        assertFalse(Files.readString(tmp.resolve("m-negative/index.html")).contains("-3"));
        // the case archive leaves out what summary.json refused: the two count the same cases
        assertTrue(m.out().contains("cases.duckdb (1 case(s),"), m.out());

        Path inconsistent = edited("inconsistent", s -> ((ObjectNode) s.path("cases").get(0)).put("critical", 5));
        Cli m2 = Cli.run("merge", shard0.toString(), inconsistent.toString(), "-o", tmp.resolve("m-inc").toString());
        assertEquals(ExitCodes.DAMAGED_INPUT, m2.exitCode());
        assertTrue(m2.out().contains(": case " + caseId(inconsistent) + " counts critical 5, warning 0, info 0 but lists "
                + "2, 0, 0 such findings: refused"), m2.out());
    }

    @Test
    void aShardOfAnotherVersionIsWarnedWithBothAndOneOfAnotherReportSchemaRefused() throws IOException {
        Path older = edited("older", s -> ((ObjectNode) s.path("tool")).put("version", "0.9.0"));
        Cli m = Cli.run("merge", shard0.toString(), older.toString(), "-o", tmp.resolve("m-older").toString());
        assertEquals(ExitCodes.DAMAGED_INPUT, m.exitCode());
        assertTrue(m.out().contains("warning: " + older.resolve("summary.json") + ": written by ioverdict 0.9.0, merged by "
                + Version.get()), m.out());
        assertEquals(2, JSON.readTree(tmp.resolve("m-older/summary.json").toFile()).path("cases").size(), "merged");
        assertEquals("0.9.0", JSON.readTree(tmp.resolve("m-older/summary.json").toFile()).path("shards").get(1)
                .path("tool").path("version").asText());

        Path other = edited("other-schema", s -> {
            ((ObjectNode) s).put("reportSchema", "ioverdict.report/2");
            ((ObjectNode) s.path("tool")).put("version", "2.0.0");
        });
        Cli m2 = Cli.run("merge", shard0.toString(), other.toString(), "-o", tmp.resolve("m-other").toString());
        assertTrue(m2.out().contains("warning: " + other.resolve("summary.json") + ": its reports have schema "
                + "ioverdict.report/2 (ioverdict 2.0.0), not ioverdict.report/1: refused"), m2.out());
        assertEquals(1, JSON.readTree(tmp.resolve("m-other/summary.json").toFile()).path("cases").size());

        Path unversioned = edited("unversioned", s -> ((ObjectNode) s).remove(List.of("tool", "reportSchema")));
        Cli m3 = Cli.run("merge", shard0.toString(), unversioned.toString(), "-o", tmp.resolve("m-unv").toString());
        assertTrue(m3.out().contains("did not record its version"), m3.out());
    }

    @Test
    void aCaseInTwoShardsIsRefusedTheSecondTime() throws IOException {
        Path copy = edited("copy", s -> { });
        Cli m = Cli.run("merge", shard1.toString(), copy.toString(), "-o", tmp.resolve("m-dup").toString());
        assertEquals(ExitCodes.DAMAGED_INPUT, m.exitCode());
        assertTrue(m.out().contains("warning: " + copy + ": case " + caseId(copy) + " is also in " + shard1), m.out());
        assertTrue(m.out().contains("1 case(s) from 2 shard(s)"), m.out());
        assertTrue(m.out().contains("cases.duckdb (1 case(s),"), m.out());
    }

    private interface Edit {
        void on(JsonNode summary);
    }

    /** A copy of shard 1 (its summary.json and case archive) with its summary.json edited. */
    private static Path edited(String name, Edit edit) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("edited-" + name));
        Files.copy(shard1.resolve("cases.duckdb"), dir.resolve("cases.duckdb"));
        JsonNode s = JSON.readTree(shard1.resolve("summary.json").toFile());
        edit.on(s);
        Files.writeString(dir.resolve("summary.json"), JSON.writeValueAsString(s));
        return dir;
    }

    private static String caseId(Path shard) throws IOException {
        return JSON.readTree(shard.resolve("summary.json").toFile()).path("cases").get(0).path("caseId").asText();
    }
}
