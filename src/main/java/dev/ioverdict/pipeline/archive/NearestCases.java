package dev.ioverdict.pipeline.archive;

import dev.ioverdict.model.Finding;
import dev.ioverdict.model.timemodel.DeviceTime;
import dev.ioverdict.model.timemodel.Part;
import dev.ioverdict.model.timemodel.ProcessWait;
import dev.ioverdict.model.timemodel.TimeModel;
import dev.ioverdict.model.timemodel.WaitPart;
import dev.ioverdict.pipeline.archive.CaseArchive.ArchiveException;
import dev.ioverdict.report.model.Report;
import dev.ioverdict.report.model.SeenBefore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * "Seen before": the archived cases closest to a report, by docs/ARCHIVE.md's distance, worked
 * out in one SQL statement inside DuckDB (an archive of 100,000 cases is never read into the JVM):
 * the report's own signature goes in as constants, each archived case's is aggregated from its
 * findings, devices and processes rows, and only the nearest {@link SeenBefore#LIMIT} come back.
 */
public final class NearestCases {
    /** The weights of the distance's three parts (they sum to 1, so the distance is 0 .. 1). */
    static final double CAUSES = 0.6;
    static final double DEVICES = 0.15;
    static final double TIME = 0.25;
    /** A part one side cannot state (no time model, no device class) counts half: neither alike nor unlike. */
    static final double UNKNOWN = 0.5;
    /**
     * Cases at this distance or further are not "seen before": below it a case shares at least one
     * cause with this one (or both are clean), since a case sharing none is 0.6 away on causes alone.
     */
    static final double SEEN_BELOW = 0.6;

    private NearestCases() {
    }

    /**
     * What a case is compared by: its causes' weights (rule id -> share of the case's causes, 0..1,
     * summing to 1), its devices' classes of media, and its time model's shares by part (0..1,
     * summing to 1; empty without a time model).
     */
    public record Signature(Map<String, Double> causes, List<String> media, Map<Part, Double> parts) {
        public Signature {
            causes = Map.copyOf(causes);
            media = List.copyOf(media);
            parts = Map.copyOf(parts);
        }

        /** The signature of a finished report, by the same definitions the SQL applies to the archive's rows. */
        public static Signature of(Report report) {
            Map<String, Double> raw = new TreeMap<>();
            for (Finding f : report.findings()) {
                Double share = f.impact() == null ? null : f.impact().sharePct();
                raw.merge(f.rule(), share == null ? 0.0 : share, Double::sum);
            }
            double total = raw.values().stream().mapToDouble(Double::doubleValue).sum();
            Map<String, Double> causes = new TreeMap<>();
            raw.forEach((rule, s) -> causes.put(rule, total > 0 ? s / total : 1.0 / raw.size()));
            TreeSet<String> media = new TreeSet<>();
            Map<Part, Double> parts = new EnumMap<>(Part.class);
            TimeModel tm = report.timeModel();
            if (tm != null) {
                tm.devices().stream().map(DeviceTime::media).filter(m -> m != null).forEach(media::add);
                double whole = 0;
                for (ProcessWait p : tm.application()) {
                    for (WaitPart w : p.parts()) {
                        parts.merge(w.part(), w.seconds(), Double::sum);
                        whole += w.seconds();
                    }
                }
                if (whole > 0) {
                    final double sum = whole;
                    parts.replaceAll((part, s) -> s / sum);
                } else {
                    parts.clear();
                }
            }
            return new Signature(causes, List.copyOf(media), parts);
        }
    }

    /**
     * The cases of the archive {@code dirOrDb} closest to {@code report}, nearest first: never the
     * report's own case (same case id or bundle name), only diagnosed cases, at most
     * {@link SeenBefore#LIMIT}, none at {@link #SEEN_BELOW} or further. A match's report link is
     * relative to {@code reportDir} (the folder this report is written into) where it can be,
     * else absolute; absent when the archive names no report or the file is not there.
     */
    public static SeenBefore find(Path dirOrDb, Report report, Path reportDir) throws ArchiveException {
        Path db = CaseArchive.locate(dirOrDb);
        String id = report.caseInfo() == null ? null : report.caseInfo().id();
        String source = report.caseInfo() == null ? null
                : report.caseInfo().bundle() != null ? report.caseInfo().bundle() : Report.CaseInfo.nameOf(report.caseInfo().source());
        Signature me = Signature.of(report);
        try (Connection c = CaseArchive.open(db); Statement s = c.createStatement()) {
            String sql = sql(me, CaseArchive.hasColumn(s, null, "cases", "report_json"));
            long searched;
            List<SeenBefore.Match> matches = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement(sql)) {
                p.setString(1, id == null ? "" : id);
                p.setString(2, source == null ? "" : source);
                try (ResultSet rs = p.executeQuery()) {
                    searched = 0;
                    while (rs.next()) {
                        searched = rs.getLong("searched");
                        if (rs.getString("case_id") == null) {
                            continue; // the row that only carries the count
                        }
                        matches.add(new SeenBefore.Match(rs.getString("case_id"), rs.getString("source"),
                                rs.getString("verdict"), rs.getString("top_rule"), rs.getString("headline"),
                                round(rs.getDouble("distance")), round(rs.getDouble("d_causes")),
                                round(rs.getDouble("d_devices")), round(rs.getDouble("d_time")),
                                strings(rs.getArray("shared")),
                                link(db, reportDir, rs.getString("report"), rs.getString("report_json"))));
                    }
                }
            }
            return new SeenBefore(db.getFileName().toString(), searched, matches);
        } catch (SQLException e) {
            throw new ArchiveException(db + ": the nearest cases could not be found (" + CaseArchive.firstLine(e) + ")", e);
        }
    }

    /** The report to link to (the HTML a reader opens, else report.json) as {@code reportDir} reaches it. */
    static String link(Path db, Path reportDir, String report, String reportJson) {
        String link = report != null ? report : reportJson;
        if (link == null) {
            return null;
        }
        Path target = db.toAbsolutePath().getParent().resolve(link).normalize();
        if (!Files.isRegularFile(target)) {
            return null;
        }
        Path from = reportDir.toAbsolutePath().normalize();
        try {
            return from.relativize(target).toString().replace('\\', '/');
        } catch (IllegalArgumentException e) {
            return target.toString(); // another drive: no relative path
        }
    }

    private static double round(double d) {
        return Math.round(d * 1000) / 1000.0;
    }

    private static List<String> strings(Array a) throws SQLException {
        if (a == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (Object o : (Object[]) a.getArray()) {
            if (o != null) {
                out.add(o.toString());
            }
        }
        return out;
    }

    /**
     * The statement: one row per close case (nearest first, ties by case id) with the number of
     * cases searched on each, or one row of that number alone when none is close. Parameters: the
     * report's case id and bundle name, which no match may have.
     */
    static String sql(Signature me, boolean hasReportJson) {
        StringBuilder b = new StringBuilder("WITH\n");
        b.append("me_causes(rule, w) AS (").append(me.causes().isEmpty() ? "SELECT NULL::VARCHAR, NULL::DOUBLE WHERE false"
                : "VALUES " + String.join(", ", me.causes().entrySet().stream()
                        .map(e -> "(" + CaseArchive.literal(e.getKey()) + ", " + num(e.getValue()) + ")").toList())).append("),\n");
        b.append("me_media(media) AS (").append(me.media().isEmpty() ? "SELECT NULL::VARCHAR WHERE false"
                : "VALUES " + String.join(", ", me.media().stream().map(m -> "(" + CaseArchive.literal(m) + ")").toList()))
                .append("),\n");
        b.append("cand AS (SELECT case_id, source, verdict, top_rule, headline, report, ")
                .append(hasReportJson ? "report_json" : "NULL::VARCHAR AS report_json")
                .append(" FROM cases WHERE status IN ('ok', 'damaged') AND case_id <> ? AND coalesce(source, '') <> ?),\n");
        // each case's causes: its findings' shares by rule, as weights summing to 1 (equal weights when no share is known)
        b.append("rule_raw AS (SELECT case_id, rule, sum(coalesce(impact_share_pct, 0)) AS s FROM findings "
                + "WHERE case_id IN (SELECT case_id FROM cand) GROUP BY case_id, rule),\n");
        b.append("rule_w AS (SELECT case_id, rule, CASE WHEN sum(s) OVER (PARTITION BY case_id) > 0 "
                + "THEN s / sum(s) OVER (PARTITION BY case_id) ELSE 1.0 / count(*) OVER (PARTITION BY case_id) END AS w FROM rule_raw),\n");
        b.append("rules AS (SELECT r.case_id, count(*) AS n, sum(least(r.w, coalesce(m.w, 0))) AS overlap, "
                + "list(r.rule ORDER BY r.rule) FILTER (WHERE m.rule IS NOT NULL) AS shared "
                + "FROM rule_w r LEFT JOIN me_causes m ON m.rule = r.rule GROUP BY r.case_id),\n");
        // a join, not "media IN (subquery)" inside the aggregate's filter, which DuckDB runs per row
        b.append("media AS (SELECT d.case_id, count(DISTINCT d.media) AS n, count(DISTINCT d.media) FILTER "
                + "(WHERE mm.media IS NOT NULL) AS common FROM devices d LEFT JOIN me_media mm ON mm.media = d.media "
                + "WHERE d.media IS NOT NULL AND d.case_id IN (SELECT case_id FROM cand) GROUP BY d.case_id),\n");
        b.append("parts AS (SELECT case_id");
        List<String> sums = new ArrayList<>();
        for (Part p : Part.values()) {
            String col = ArchiveSchema.partColumn(p);
            b.append(", sum(coalesce(").append(col).append(", 0)) AS ").append(col);
            sums.add("sum(coalesce(" + col + ", 0))");
        }
        b.append(", ").append(String.join(" + ", sums)).append(" AS whole FROM processes WHERE role = 'application' "
                + "AND case_id IN (SELECT case_id FROM cand) GROUP BY case_id),\n");
        List<String> mins = new ArrayList<>();
        for (Part p : Part.values()) {
            Double mine = me.parts().get(p);
            if (mine != null && mine > 0) {
                mins.add("least(p." + ArchiveSchema.partColumn(p) + " / p.whole, " + num(mine) + ")");
            }
        }
        int myRules = me.causes().size();
        int myMedia = me.media().size();
        b.append("scored AS (SELECT c.*, coalesce(r.shared, []::VARCHAR[]) AS shared,\n");
        b.append("  CASE WHEN coalesce(r.n, 0) = 0 AND ").append(myRules).append(" = 0 THEN 0.0 WHEN coalesce(r.n, 0) = 0 OR ")
                .append(myRules).append(" = 0 THEN 1.0 ELSE greatest(0.0, 1.0 - r.overlap) END AS d_causes,\n");
        b.append("  CASE WHEN coalesce(md.n, 0) = 0 OR ").append(myMedia).append(" = 0 THEN ").append(num(UNKNOWN))
                .append(" ELSE 1.0 - md.common / (md.n + ").append(myMedia).append(" - md.common) END AS d_devices,\n");
        b.append("  CASE WHEN p.whole IS NULL OR p.whole <= 0 OR ").append(me.parts().isEmpty() ? "true" : "false")
                .append(" THEN ").append(num(UNKNOWN)).append(" ELSE greatest(0.0, 1.0 - (")
                .append(mins.isEmpty() ? "0" : String.join(" + ", mins)).append(")) END AS d_time\n");
        b.append("  FROM cand c LEFT JOIN rules r USING (case_id) LEFT JOIN media md USING (case_id) LEFT JOIN parts p USING (case_id)),\n");
        b.append("ranked AS (SELECT *, ").append(num(CAUSES)).append(" * d_causes + ").append(num(DEVICES))
                .append(" * d_devices + ").append(num(TIME)).append(" * d_time AS distance FROM scored),\n");
        b.append("nearest AS (SELECT * FROM ranked WHERE distance < ").append(num(SEEN_BELOW))
                .append(" ORDER BY distance, case_id LIMIT ").append(SeenBefore.LIMIT).append(")\n");
        b.append("SELECT n.*, (SELECT count(*) FROM cand) AS searched FROM (SELECT 1) AS one LEFT JOIN nearest n ON true "
                + "ORDER BY n.distance NULLS LAST, n.case_id");
        return b.toString();
    }

    private static String num(double d) {
        return String.format(Locale.ROOT, "%.9f", d);
    }
}
