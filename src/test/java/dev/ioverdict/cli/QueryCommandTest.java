package dev.ioverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real batch writes cases.duckdb, and 'query' answers over it in each format; its mistakes are one line, exit 2. */
class QueryCommandTest {
    private static final List<String> BUNDLES = List.of("iostat-solaris-seed003", "perf-device-latency", "sosreport-sar-saturated");

    @TempDir
    static Path tmp;

    static Path out;
    static Cli batch;

    @BeforeAll
    static void batchOverThreeBundles() throws IOException {
        Path cases = Files.createDirectories(tmp.resolve("cases"));
        for (String b : BUNDLES) {
            TestData.copyTree(TestData.bundle(b).resolve("bundle"), cases.resolve(b));
        }
        Files.createDirectories(cases.resolve("zz-empty"));
        Files.writeString(cases.resolve("zz-empty/notes.txt"), "nothing to see\n");
        out = tmp.resolve("out");
        batch = Cli.run("batch", cases.toString(), "-o", out.toString(), "--jobs", "2", "--format", "json", "--parquet");
    }


    @Test
    void batchWritesTheArchiveAndItsParquetFiles() throws IOException {
        assertTrue(batch.out().contains("wrote " + out.resolve("cases.duckdb") + " and its tables as Parquet"), batch.out() + batch.err());
        assertTrue(Files.isRegularFile(out.resolve("parquet/findings.parquet")));
        // the archive's rows are the reports the batch wrote
        Cli r = Cli.run("query", out.toString(), "SELECT case_id, status, verdict FROM cases ORDER BY case_id", "--format", "json");
        assertEquals(0, r.exitCode(), r.err());
        JsonNode rows = new ObjectMapper().readTree(r.out());
        assertEquals(BUNDLES.size() + 1, rows.size());
        for (int i = 0; i < BUNDLES.size(); i++) {
            JsonNode report = new ObjectMapper().readTree(out.resolve(BUNDLES.get(i)).resolve("report.json").toFile());
            assertEquals(BUNDLES.get(i), rows.get(i).path("case_id").asText());
            List<String> rules = new ArrayList<>();
            report.path("findings").forEach(f -> rules.add(f.path("rule").asText() + "/" + f.path("severity").asText()));
            Cli f = Cli.run("query", out.resolve("cases.duckdb").toString(),
                    "SELECT rule || '/' || severity AS r FROM findings WHERE case_id = '" + BUNDLES.get(i) + "' ORDER BY rank",
                    "--format", "csv");
            assertEquals(0, f.exitCode(), f.err());
            List<String> lines = f.out().lines().toList();
            assertEquals("r", lines.get(0));
            assertEquals(rules, lines.subList(1, lines.size()), BUNDLES.get(i));
        }
        assertEquals("nothing-usable", rows.get(BUNDLES.size()).path("status").asText());
    }

    @Test
    void aMergedArchiveAnswersAsTheWholeBatchDoes() {
        Path cases = tmp.resolve("cases");
        for (int i = 0; i < 2; i++) {
            Cli shard = Cli.run("batch", cases.toString(), "-o", tmp.resolve("s" + i).toString(), "--shard", i + "/2",
                    "--format", "json");
            assertTrue(shard.exitCode() <= ExitCodes.NOTHING_USABLE, shard.out() + shard.err());
        }
        Cli merge = Cli.run("merge", tmp.resolve("s0").toString(), tmp.resolve("s1").toString(), "-o", tmp.resolve("m").toString());
        assertTrue(merge.out().contains("wrote " + tmp.resolve("m/cases.duckdb") + " (4 case(s), "), merge.out() + merge.err());
        for (String sql : List.of(
                "SELECT case_id, status, verdict, hostname, inputs FROM cases ORDER BY case_id",
                "SELECT case_id, rank, rule, severity, impact_seconds FROM findings ORDER BY case_id, rank",
                "SELECT case_id, device, media, iops, d2c_p99_ms FROM devices ORDER BY case_id, device",
                "SELECT case_id, command, wait_seconds FROM processes ORDER BY case_id, command, wait_seconds",
                "SELECT count(*) FROM waits", "SELECT count(*), sum(records) FROM inputs")) {
            Cli whole = Cli.run("query", out.toString(), sql, "--format", "csv");
            Cli merged = Cli.run("query", tmp.resolve("m").toString(), sql, "--format", "csv");
            assertEquals(0, merged.exitCode(), merged.err());
            assertEquals(whole.out(), merged.out(), sql);
        }
        // the merged links lead to the shards' reports
        Cli link = Cli.run("query", tmp.resolve("m").toString(),
                "SELECT report FROM cases WHERE case_id = 'perf-device-latency'", "--format", "csv");
        String report = link.out().lines().toList().get(1);
        assertTrue(Files.isRegularFile(tmp.resolve("m").resolve(report)), report);
    }

    @Test
    void tableIsAlignedWithARowCount() {
        Cli r = Cli.run("query", out.toString(), "SELECT device, media, round(d2c_p50_ms, 1) AS d2c_p50_ms FROM devices "
                + "WHERE case_id = 'perf-device-latency' ORDER BY device");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("""
                device  media    d2c_p50_ms
                ------  -------  ----------
                loop0   ssd           100.5
                vda     virtual         0.6
                (2 rows)
                """, r.out());
    }

    @Test
    void csvQuotesWhatNeedsIt() {
        Cli r = Cli.run("query", out.toString(), "SELECT 'a,b' AS x, 'say \"hi\"' AS y, NULL AS z, [1, 2] AS l", "--format", "csv");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("x,y,z,l\r\n\"a,b\",\"say \"\"hi\"\"\",,\"[1, 2]\"\r\n", r.out());
    }

    @Test
    void csvTextNeverStartsAFormulaWhileNegativeNumbersStayNumbers() {
        Cli r = Cli.run("query", out.toString(), "SELECT '=HYPERLINK(\"http://x.example\",\"y\")' AS link, "
                + "'@SUM(1+1)*cmd|''/Ccalc''!A0' AS dde, -3 AS n, -1.5 AS d, '-3' AS t", "--format", "csv");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("link,dde,n,d,t\r\n\"'=HYPERLINK(\"\"http://x.example\"\",\"\"y\"\")\",\"'@SUM(1+1)*cmd|'/Ccalc'!A0\","
                + "-3,-1.5,\"'-3\"\r\n", r.out());
    }

    @Test
    void badSqlIsOneLineAndExit2() {
        Cli r = Cli.run("query", out.toString(), "SELEC * FROM cases");
        assertEquals(ExitCodes.USAGE, r.exitCode());
        assertTrue(r.err().startsWith("ioverdict: Parser Error: syntax error"), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        Cli unknown = Cli.run("query", out.toString(), "SELECT nope FROM cases");
        assertEquals(ExitCodes.USAGE, unknown.exitCode());
        assertTrue(unknown.err().contains("nope"), unknown.err());
        assertFalse(unknown.err().contains("\tat "), unknown.err());
    }

    @Test
    void theArchiveIsReadOnly() {
        Cli r = Cli.run("query", out.toString(), "DELETE FROM cases");
        assertEquals(ExitCodes.USAGE, r.exitCode());
        assertTrue(r.err().contains("read-only"), r.err());
    }

    @Test
    void aMissingArchiveIsAUsageError() {
        Cli r = Cli.run("query", tmp.toString(), "SELECT 1");
        assertEquals(ExitCodes.USAGE, r.exitCode());
        assertEquals("ioverdict: " + tmp + " holds no case archive (cases.duckdb): 'ioverdict batch' writes one\n", r.err());
        Cli file = Cli.run("query", tmp.resolve("none.duckdb").toString(), "SELECT 1");
        assertEquals(ExitCodes.USAGE, file.exitCode());
        Cli format = Cli.run("query", out.toString(), "SELECT 1", "--format", "xml");
        assertEquals(ExitCodes.USAGE, format.exitCode());
    }
}
