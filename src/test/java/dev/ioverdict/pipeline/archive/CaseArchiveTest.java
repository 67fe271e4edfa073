package dev.ioverdict.pipeline.archive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ioverdict.report.model.BatchSummary;
import dev.ioverdict.report.model.CaseStatus;
import dev.ioverdict.report.model.BatchSummary.CaseResult;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The archive's rows against report.json read as a plain JSON tree (not the report model the rows
 * are built from): every testdata bundle's golden report, as a batch would have written it, in one
 * real DuckDB file.
 */
class CaseArchiveTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path tmp;

    static Path dir;
    static Map<String, JsonNode> reports = new java.util.TreeMap<>();
    static CaseArchive.Written written;
    static Connection db;

    @AfterAll
    static void close() throws Exception {
        db.close();
    }

    @BeforeAll
    static void archiveOfEveryGoldenReport() throws Exception {
        dir = tmp.resolve("batch");
        List<CaseResult> cases = new ArrayList<>();
        try (Stream<Path> s = Files.list(TestData.root().resolve("testdata"))) {
            for (Path golden : s.map(p -> p.resolve("report.golden.json")).filter(Files::isRegularFile).sorted().toList()) {
                String id = golden.getParent().getFileName().toString();
                Files.createDirectories(dir.resolve(id));
                Files.copy(golden, dir.resolve(id).resolve("report.json"));
                JsonNode r = JSON.readTree(golden.toFile());
                reports.put(id, r);
                int[] n = new int[3];
                r.path("findings").forEach(f -> n[List.of("critical", "warning", "info").indexOf(f.path("severity").asText())]++);
                cases.add(new CaseResult(id, "cases/" + id, CaseStatus.OK, "", n[0], n[1], n[2], List.of(), id + "/report.json",
                        null, List.of(), List.of(id + "/report.json")));
            }
        }
        cases.add(new CaseResult("zz-failed", "cases/zz-failed", CaseStatus.FAILED, "not a bundle", 0, 0, 0, List.of(), null));
        written = CaseArchive.write(dir, new BatchSummary("ioverdict.batch/1", cases), true,
                Map.of("tool_version", "test"));
        assertTrue(reports.size() > 30, "golden reports found: " + reports.size());
        assertEquals(List.of(), written.problems());
        db = CaseArchive.open(written.file());
    }

    private static List<List<Object>> rows(String sql) throws Exception {
        try (Statement s = db.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            List<List<Object>> out = new ArrayList<>();
            while (rs.next()) {
                List<Object> row = new ArrayList<>();
                for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                    row.add(rs.getObject(i));
                }
                out.add(row);
            }
            return out;
        }
    }

    private static String q(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    @Test
    void oneCaseRowPerCaseWithTheReportsFacts() throws Exception {
        assertEquals((long) reports.size() + 1, rows("SELECT count(*) FROM cases").get(0).get(0));
        assertEquals(written.rows().get("cases"), (long) reports.size() + 1);
        for (Map.Entry<String, JsonNode> e : reports.entrySet()) {
            JsonNode r = e.getValue();
            List<Object> row = rows("SELECT hostname, kernel, inputs, tool_version, verdict, top_rule FROM cases WHERE case_id = "
                    + q(e.getKey())).get(0);
            JsonNode host = r.path("case").path("host");
            assertEquals(host.has("hostname") ? host.path("hostname").asText() : null, row.get(0), e.getKey());
            assertEquals(host.has("kernel") ? host.path("kernel").asText() : null, row.get(1), e.getKey());
            assertEquals(r.path("inputs").size(), row.get(2), e.getKey());
            assertEquals(r.path("tool").path("version").asText(), row.get(3));
            JsonNode first = r.path("findings").path(0);
            assertEquals(first.isMissingNode() ? "clean" : first.path("severity").asText(), row.get(4), e.getKey());
            if (!first.isMissingNode()) {
                assertEquals(r.path("summary").path("causes").path(0).path("rule").asText(first.path("rule").asText()),
                        row.get(5), e.getKey());
            }
        }
        List<Object> failed = rows("SELECT status, verdict, message, hostname FROM cases WHERE case_id = 'zz-failed'").get(0);
        assertEquals(List.of("failed", "failed", "not a bundle"), failed.subList(0, 3));
        assertEquals(null, failed.get(3));
    }

    @Test
    void theWindowIsTheReportsCaptureWindowInUtc() throws Exception {
        List<Object> row = rows("SELECT strftime(window_from, '%Y-%m-%dT%H:%M:%SZ') || ' .. ' "
                + "|| strftime(window_to, '%Y-%m-%dT%H:%M:%SZ') || ' UTC' FROM cases WHERE case_id = 'xfs-unaligned-512b'").get(0);
        assertEquals(reports.get("xfs-unaligned-512b").path("summary").path("facts").path("window").asText(), row.get(0));
    }

    @Test
    void findingsInTheReportsOrderWithRuleSeverityAndImpact() throws Exception {
        long all = 0;
        for (Map.Entry<String, JsonNode> e : reports.entrySet()) {
            List<List<Object>> rows = rows("SELECT rule, severity, confidence, impact_seconds, title FROM findings WHERE case_id = "
                    + q(e.getKey()) + " ORDER BY rank");
            JsonNode fs = e.getValue().path("findings");
            assertEquals(fs.size(), rows.size(), e.getKey());
            for (int i = 0; i < fs.size(); i++) {
                JsonNode f = fs.get(i);
                assertEquals(List.of(f.path("rule").asText(), f.path("severity").asText(),
                        f.path("confidence").asText().toLowerCase(java.util.Locale.ROOT)), rows.get(i).subList(0, 3), e.getKey());
                assertEquals(f.path("impact").path("seconds").asDouble(0), (Double) rows.get(i).get(3), 1e-12, e.getKey());
                assertEquals(f.path("title").asText(), rows.get(i).get(4));
            }
            all += fs.size();
        }
        assertTrue(all > 30, "findings over the goldens: " + all);
        assertEquals(all, written.rows().get("findings"));
    }

    @Test
    void inputsAsTheInventoryListsThem() throws Exception {
        for (Map.Entry<String, JsonNode> e : reports.entrySet()) {
            List<List<Object>> rows = rows("SELECT path, format, records, warnings FROM inputs WHERE case_id = "
                    + q(e.getKey()) + " ORDER BY rowid");
            JsonNode in = e.getValue().path("inputs");
            assertEquals(in.size(), rows.size(), e.getKey());
            for (int i = 0; i < in.size(); i++) {
                JsonNode x = in.get(i);
                assertEquals(List.of(x.path("path").asText(), x.path("format").asText(), x.path("records").asLong(),
                        x.path("warnings").size() + x.path("warningsNotListed").asLong()), rows.get(i), e.getKey());
            }
        }
    }

    @Test
    void processesWithTheirWaitAndItsParts() throws Exception {
        for (Map.Entry<String, JsonNode> e : reports.entrySet()) {
            JsonNode ps = e.getValue().path("timeModel").path("processes");
            List<List<Object>> rows = rows("SELECT command, role, wait_seconds, device_seconds, inode_lock_seconds FROM processes "
                    + "WHERE case_id = " + q(e.getKey()) + " ORDER BY rowid");
            assertEquals(ps.size(), rows.size(), e.getKey());
            for (int i = 0; i < ps.size(); i++) {
                JsonNode p = ps.get(i);
                assertEquals(p.path("command").asText(), rows.get(i).get(0));
                assertEquals(p.path("role").asText("application"), rows.get(i).get(1));
                assertEquals(p.path("waitSeconds").asDouble(), (Double) rows.get(i).get(2), 1e-12);
                double device = 0;
                double inode = 0;
                for (JsonNode part : p.path("parts")) {
                    device += part.path("part").asText().equals("device") ? part.path("seconds").asDouble() : 0;
                    inode += part.path("part").asText().equals("inode-lock") ? part.path("seconds").asDouble() : 0;
                }
                assertEquals(device, (Double) rows.get(i).get(3), 1e-9, e.getKey());
                assertEquals(inode, (Double) rows.get(i).get(4), 1e-9, e.getKey());
            }
        }
        // the real figures of one case: fio pid 19467 waited 1.36 s for the inode (xfs-unaligned-512b)
        List<Object> fio = rows("SELECT inode_lock_seconds FROM processes WHERE case_id = 'xfs-unaligned-512b' "
                + "AND list_contains(pids, 19467)").get(0);
        assertEquals(1.3586, (Double) fio.get(0), 1e-4);
    }

    @Test
    void everyDeviceTheReportNamesWithItsFigures() throws Exception {
        for (Map.Entry<String, JsonNode> e : reports.entrySet()) {
            JsonNode r = e.getValue();
            String where = " FROM devices WHERE case_id = " + q(e.getKey());
            for (JsonNode d : r.path("timeModel").path("devices")) {
                List<List<Object>> rows = rows("SELECT media, read_service_ms" + where + " AND device = " + q(d.path("device").asText()));
                assertEquals(1, rows.size(), e.getKey() + " " + d);
                assertEquals(d.path("media").asText(), rows.get(0).get(0));
                assertEquals(d.has("readServiceMs") ? d.path("readServiceMs").asDouble() : null, rows.get(0).get(1));
            }
            for (JsonNode d : r.path("iostat")) {
                assertEquals(1, rows("SELECT 1" + where + " AND device = " + q(d.path("device").asText())).size(), e.getKey());
            }
            for (JsonNode b : r.path("block").path("devices")) {
                JsonNode d2c = b.path("phases").path("D2C");
                List<List<Object>> rows = rows("SELECT d2c_p99_ms, d2c_n" + where + " AND maj_min = " + q(b.path("device").asText()));
                assertEquals(1, rows.size(), e.getKey() + " " + b.path("device"));
                if (d2c.path("n").asLong() > 0 && d2c.hasNonNull("p99")) {
                    assertEquals(d2c.path("p99").asDouble() * 1000, (Double) rows.get(0).get(0), 1e-9);
                    assertEquals(d2c.path("n").asLong(), rows.get(0).get(1));
                }
            }
        }
        // the slow loop device of perf-device-latency: D2C 100 ms, named by its kernel name, iostat's reads beside it
        List<Object> loop = rows("SELECT device, media, round(d2c_p50_ms, 3), read_iops IS NOT NULL FROM devices "
                + "WHERE case_id = 'perf-device-latency' AND maj_min = '7,0'").get(0);
        assertEquals(List.of("loop0", "ssd", 100.467, true), List.of(loop.get(0), loop.get(1),
                ((Number) loop.get(2)).doubleValue(), loop.get(3)));
        // Solaris: kr/s and %b under the common names
        List<Object> sd = rows("SELECT count(*), count(read_kb_s), count(util_avg_pct) FROM devices "
                + "WHERE case_id = 'iostat-solaris-seed003'").get(0);
        assertEquals(List.of(6L, 6L, 6L), sd);
    }

    @Test
    void theReadmesFiveQuestionsEachHaveAnAnswer() throws Exception {
        String readme = Files.readString(TestData.root().resolve("README.md"));
        int from = readme.indexOf("## Across cases");
        String section = readme.substring(from, readme.indexOf("\n## ", from + 1));
        List<String> queries = new ArrayList<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("```sql\n(.*?)```", java.util.regex.Pattern.DOTALL)
                .matcher(section);
        while (m.find()) {
            queries.add(m.group(1));
        }
        assertEquals(5, queries.size(), section);
        for (String sql : queries) {
            assertTrue(!rows(sql).isEmpty(), "no answer over every testdata bundle: " + sql);
        }
        // the slow reads: the 100 ms loop device of perf-device-latency is among them
        assertTrue(rows(queries.get(1)).stream().anyMatch(r -> r.get(0).equals("perf-device-latency") && r.get(1).equals("loop0")));
    }

    @Test
    void metaSaysTheSchemaAndParquetHoldsTheSameRows() throws Exception {
        assertEquals(List.of(List.of("schema", ArchiveSchema.VERSION)), rows("SELECT key, value FROM meta WHERE key = 'schema'"));
        for (ArchiveSchema.Table t : ArchiveSchema.TABLES) {
            Path p = dir.resolve("parquet").resolve(t.name() + ".parquet");
            assertTrue(Files.isRegularFile(p), p.toString());
            Object inParquet = rows("SELECT count(*) FROM read_parquet(" + q(p.toString()) + ")").get(0).get(0);
            Object inDb = rows("SELECT count(*) FROM " + t.name()).get(0).get(0);
            assertEquals(inDb, inParquet, t.name());
        }
        assertNotNull(written.rows().get("devices"));
    }
}
