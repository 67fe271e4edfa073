// The case archive at scale (bench/archive-bench.sh): every testdata golden report.json made into a
// seed archive by the batch's own writer (CaseArchive.write), then N synthetic cases derived from
// those rows inside DuckDB (kernels, hosts, rules, shares, device classes and time-model parts
// varied by a hash of the case number), then the two questions timed on the built file:
// a count by rule and kernel, and the nearest cases of one report (NearestCases, as report
// --archive runs it). Run with the shaded jar on the class path:
//   java -Xmx512m -cp target/ioverdict.jar bench/ArchiveBench.java ROOT WORK N RUNS
import dev.ioverdict.compare.Side;
import dev.ioverdict.pipeline.archive.CaseArchive;
import dev.ioverdict.pipeline.archive.NearestCases;
import dev.ioverdict.report.model.BatchSummary;
import dev.ioverdict.report.model.CaseStatus;
import dev.ioverdict.report.model.Report;
import dev.ioverdict.report.model.SeenBefore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

public class ArchiveBench {
    static final String COUNT = "SELECT f.rule, c.kernel, count(DISTINCT f.case_id) AS cases FROM findings f "
            + "JOIN cases c USING (case_id) GROUP BY ALL ORDER BY cases DESC, f.rule, c.kernel";

    public static void main(String[] args) throws Exception {
        Path root = Path.of(args[0]);
        Path work = Path.of(args[1]);
        int n = Integer.parseInt(args[2]);
        int runs = Integer.parseInt(args[3]);
        Path seedDir = Files.createDirectories(work.resolve("seed"));
        List<BatchSummary.CaseResult> cases = new ArrayList<>();
        try (Stream<Path> s = Files.list(root.resolve("testdata"))) {
            for (Path golden : s.map(p -> p.resolve("report.golden.json")).filter(Files::isRegularFile).sorted().toList()) {
                String id = golden.getParent().getFileName().toString();
                Files.createDirectories(seedDir.resolve(id));
                Files.copy(golden, seedDir.resolve(id).resolve("report.json"));
                Report r = Side.ofReportJson(id, golden).report();
                int[] k = new int[3];
                r.findings().forEach(f -> k[List.of("critical", "warning", "info").indexOf(f.severity().id())]++);
                cases.add(new BatchSummary.CaseResult(id, "cases/" + id, CaseStatus.OK, "", k[0], k[1], k[2], List.of(),
                        id + "/report.json", null, List.of(), List.of(id + "/report.json")));
            }
        }
        long t0 = System.nanoTime();
        CaseArchive.write(seedDir, new BatchSummary("ioverdict.batch/1", cases), false, Map.of("tool_version", "bench"));
        double seedS = (System.nanoTime() - t0) / 1e9;
        Path big = work.resolve("cases.duckdb");
        Files.deleteIfExists(big);
        t0 = System.nanoTime();
        try (Connection db = DriverManager.getConnection("jdbc:duckdb:" + big); Statement s = db.createStatement()) {
            generate(s, seedDir.resolve("cases.duckdb"), cases.size(), n);
        }
        double genS = (System.nanoTime() - t0) / 1e9;
        System.out.printf("seed: %d real cases written by CaseArchive.write in %.2f s%n", cases.size(), seedS);
        System.out.printf("generated: %d cases in %.1f s, file %.0f MB%n", n, genS, Files.size(big) / 1e6);
        try (Connection db = CaseArchive.open(big); Statement s = db.createStatement()) {
            for (String t : List.of("cases", "findings", "devices", "processes", "waits", "inputs")) {
                try (ResultSet rs = s.executeQuery("SELECT count(*) FROM " + t)) {
                    rs.next();
                    System.out.printf("rows %s: %d%n", t, rs.getLong(1));
                }
            }
        }
        double[] count = new double[runs];
        int groups = 0;
        for (int i = 0; i < runs; i++) {
            t0 = System.nanoTime();
            try (Connection db = CaseArchive.open(big); Statement s = db.createStatement(); ResultSet rs = s.executeQuery(COUNT)) {
                groups = 0;
                while (rs.next()) {
                    groups++;
                }
            }
            count[i] = (System.nanoTime() - t0) / 1e9;
        }
        Report me = Side.ofReportJson("me", root.resolve("testdata/unaligned-switchout-only/report.golden.json")).report();
        double[] near = new double[runs];
        SeenBefore seen = null;
        for (int i = 0; i < runs; i++) {
            t0 = System.nanoTime();
            seen = NearestCases.find(big, me, work);
            near[i] = (System.nanoTime() - t0) / 1e9;
        }
        System.out.printf("count by rule and kernel (open + query, %d groups): %s s, median %.3f s%n", groups, list(count), median(count));
        System.out.printf("nearest cases of unaligned-switchout-only among %d: %s s, median %.3f s%n", seen.searched(), list(near), median(near));
        seen.cases().forEach(m -> System.out.printf("  %s %s distance %.3f shared %s%n", m.caseId(), m.verdict(), m.distance(), m.sharedCauses()));
        Runtime rt = Runtime.getRuntime();
        System.out.printf("JVM heap: max %d MB, used at end %d MB%n", rt.maxMemory() >> 20, (rt.totalMemory() - rt.freeMemory()) >> 20);
    }

    static void generate(Statement s, Path seed, int k, int n) throws Exception {
        s.execute("ATTACH '" + seed + "' AS seed (READ_ONLY)");
        for (String t : List.of("meta", "cases", "findings", "devices", "processes", "waits", "inputs")) {
            s.execute("CREATE TABLE " + t + " AS SELECT * FROM seed." + t + " LIMIT 0");
        }
        s.execute("INSERT INTO meta SELECT * FROM seed.meta WHERE key <> 'cases'");
        s.execute("INSERT INTO meta VALUES ('cases', '" + n + "')");
        s.execute("CREATE TEMP TABLE seedno AS SELECT case_id, row_number() OVER (ORDER BY case_id) - 1 AS b FROM seed.cases");
        s.execute("CREATE TEMP TABLE m AS SELECT g.range AS j, printf('syn-%06d', g.range) AS id, sn.case_id AS base "
                + "FROM range(" + n + ") g JOIN seedno sn ON sn.b = g.range % " + k);
        String kernels = "['2.6.32-754.el6.x86_64', '3.10.0-1160.el7.x86_64', '4.18.0-513.el8.x86_64', '5.14.0-427.el9.x86_64', "
                + "'5.15.0-105-generic', '6.1.0-27-amd64', '6.8.0-45-generic', '5.4.17-2136.ol8uek', '5.11 (illumos)']";
        s.execute("INSERT INTO cases SELECT c.* REPLACE (m.id AS case_id, c.source || '-' || m.j AS source, "
                + kernels + "[1 + (hash(m.j, 'k') % 9)::BIGINT] AS kernel, 'host-' || (hash(m.j, 'h') % 5000) AS hostname, "
                + "c.window_from + to_minutes((m.j % 500000)::BIGINT) AS window_from, c.window_to + to_minutes((m.j % 500000)::BIGINT) AS window_to) "
                + "FROM seed.cases c JOIN m ON m.base = c.case_id");
        String rules = "['unaligned-dio-xfs', 'device-latency', 'scheduler-latency', 'disk-saturation', 'queue-wait', "
                + "'sync-io-submit', 'name-cache', 'io-errors', 'hung-task-io', 'request-starvation', 'aio-completion-wait', "
                + "'noisy-neighbour', 'sync-write-latency']";
        s.execute("INSERT INTO findings SELECT f.* REPLACE (m.id AS case_id, "
                + "CASE WHEN hash(m.j, f.rank) % 4 = 0 THEN " + rules + "[1 + (hash(m.j, f.rank, 'r') % 13)::BIGINT] ELSE f.rule END AS rule, "
                + "least(100.0, f.impact_share_pct * (0.5 + (hash(m.j, f.rank, 's') % 100) / 100.0)) AS impact_share_pct) "
                + "FROM seed.findings f JOIN m ON m.base = f.case_id");
        s.execute("INSERT INTO devices SELECT d.* REPLACE (m.id AS case_id, CASE WHEN hash(m.j, d.device) % 3 = 0 THEN "
                + "['hdd', 'ssd', 'nvme', 'virtual', 'unknown'][1 + (hash(m.j, d.device, 'm') % 5)::BIGINT] ELSE d.media END AS media) "
                + "FROM seed.devices d JOIN m ON m.base = d.case_id");
        List<String> parts = new ArrayList<>();
        try (ResultSet rs = s.executeQuery("SELECT column_name FROM information_schema.columns WHERE table_catalog = 'seed' "
                + "AND table_name = 'processes' AND column_name LIKE '%\\_seconds' ESCAPE '\\' AND column_name <> 'wait_seconds'")) {
            while (rs.next()) {
                parts.add(rs.getString(1));
            }
        }
        StringBuilder scaled = new StringBuilder();
        for (String p : parts) {
            scaled.append(", p.").append(p).append(" * (0.5 + (hash(m.j, '").append(p).append("') % 100) / 100.0) AS ").append(p);
        }
        s.execute("INSERT INTO processes SELECT p.* REPLACE (m.id AS case_id" + scaled + ") FROM seed.processes p JOIN m ON m.base = p.case_id");
        s.execute("INSERT INTO waits SELECT w.* REPLACE (m.id AS case_id) FROM seed.waits w JOIN m ON m.base = w.case_id");
        s.execute("INSERT INTO inputs SELECT i.* REPLACE (m.id AS case_id) FROM seed.inputs i JOIN m ON m.base = i.case_id");
        s.execute("DETACH seed");
        s.execute("CHECKPOINT");
    }

    static double median(double[] d) {
        double[] c = d.clone();
        Arrays.sort(c);
        return c[c.length / 2];
    }

    static String list(double[] d) {
        return String.join(", ", Arrays.stream(d).mapToObj(x -> String.format("%.3f", x)).toList());
    }
}
