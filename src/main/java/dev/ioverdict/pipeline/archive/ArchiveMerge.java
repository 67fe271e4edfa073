package dev.ioverdict.pipeline.archive;

import dev.ioverdict.pipeline.ShardMerge;
import dev.ioverdict.pipeline.archive.ArchiveSchema.Table;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code ioverdict merge}'s case archive: the shards' {@code cases.duckdb} into one, each case
 * once (from the first shard that has it, as summary.json keeps it), its report link made
 * relative to the merged folder. Every table's rows are counted in each shard and in the merged
 * archive, and a difference is an error, not a warning. A shard of another archive schema is
 * refused; one written by another ioverdict version is merged and warned of, with both versions.
 * Only the cases summary.json's merge took from a shard are merged from its archive (a case it
 * refused, for a bad row, a duplicate id or a refused summary, is left out here too), so the two
 * count the same cases; where they do not (a shard's archive lacks cases its summary lists), a
 * warning says so.
 */
public final class ArchiveMerge {
    /** The merged archive (null when no shard had one), its rows per table, and what did not merge cleanly. */
    public record Merged(Path file, Map<String, Long> rows, List<String> problems) {
    }

    private ArchiveMerge() {
    }

    public static Merged merge(List<Path> shardDirs, Path output, String toolVersion) throws IOException {
        return merge(shardDirs, output, toolVersion, null);
    }

    /**
     * As above, merging from each shard folder only the cases {@code casesOf} names for it (null:
     * every case of every shard, the first shard's kept where two share an id).
     */
    public static Merged merge(List<Path> shardDirs, Path output, String toolVersion, Map<Path, java.util.Set<String>> casesOf)
            throws IOException {
        Path target = output.resolve(CaseArchive.FILE);
        Path part = output.resolve("." + CaseArchive.FILE + ".part");
        CaseArchive.deleteDatabase(part);
        List<String> problems = new ArrayList<>();
        Map<String, Long> counts = new LinkedHashMap<>();
        ArchiveSchema.caseTables().keySet().forEach(t -> counts.put(t, 0L));
        Path out = output.toAbsolutePath().normalize();
        int merged = 0;
        try (Connection db = DriverManager.getConnection("jdbc:duckdb:" + part.toAbsolutePath());
             Statement s = db.createStatement()) {
            CaseArchive.create(db);
            for (Path dir : shardDirs) {
                Path file = dir.resolve(CaseArchive.FILE);
                if (!Files.isRegularFile(file)) {
                    problems.add(dir + ": no " + CaseArchive.FILE + " (a batch of an earlier version?): its cases are not in the merged archive");
                    continue;
                }
                s.execute("ATTACH " + CaseArchive.literal(file.toAbsolutePath().toString()) + " AS shard (READ_ONLY)");
                try {
                    String schema = meta(s, "schema");
                    if (!ArchiveSchema.VERSION.equals(schema)) {
                        problems.add(dir + ": its case archive is of schema " + schema + ", this ioverdict writes "
                                + ArchiveSchema.VERSION + ": refused");
                        continue;
                    }
                    String version = meta(s, "tool_version");
                    if (version != null && !version.equals(toolVersion)) {
                        problems.add(dir + ": written by ioverdict " + version + ", merged by " + toolVersion);
                    }
                    java.util.Set<String> accepted = casesOf == null ? null : casesOf.getOrDefault(dir, java.util.Set.of());
                    long before = counts.get(ArchiveSchema.CASES.name());
                    mergeShard(db, s, dir, out, counts, accepted);
                    long taken = counts.get(ArchiveSchema.CASES.name()) - before;
                    if (accepted != null && taken != accepted.size()) {
                        problems.add(dir + ": summary.json merged " + accepted.size() + " case(s) from it, its case archive "
                                + taken + " (an archive of another run, or one cut short)");
                    }
                    merged++;
                } finally {
                    s.execute("DETACH shard");
                }
            }
            for (Map.Entry<String, Long> e : counts.entrySet()) {
                long rows = count(s, "SELECT count(*) FROM " + e.getKey());
                if (rows != e.getValue()) {
                    throw new IOException("merged archive: " + e.getKey() + " has " + rows + " rows, the shards "
                            + e.getValue() + " (a defect)");
                }
            }
            Map<String, String> facts = new LinkedHashMap<>();
            facts.put("schema", ArchiveSchema.VERSION);
            facts.put("tool_version", toolVersion);
            facts.put("shard", "merged from " + merged);
            facts.put("cases", Long.toString(counts.get(ArchiveSchema.CASES.name())));
            CaseArchive.writeMeta(db, facts);
        } catch (SQLException e) {
            CaseArchive.deleteDatabase(part);
            throw new IOException("could not merge the case archives into " + target + ": " + CaseArchive.firstLine(e), e);
        }
        if (merged == 0) {
            CaseArchive.deleteDatabase(part);
            return new Merged(null, counts, problems);
        }
        try {
            Files.move(part, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(part, target, StandardCopyOption.REPLACE_EXISTING);
        }
        return new Merged(target, counts, problems);
    }

    /** The attached shard's cases not already merged, every table, counted on both sides. */
    private static void mergeShard(Connection db, Statement s, Path dir, Path out, Map<String, Long> counts,
                                   java.util.Set<String> accepted) throws SQLException {
        // a case of an earlier shard is kept from there (summary.json's merge says so, once)
        s.execute("CREATE TEMP TABLE keep AS SELECT case_id FROM shard.cases WHERE case_id NOT IN (SELECT case_id FROM cases)");
        if (accepted != null) {
            // and a case summary.json's merge refused is not merged here either
            s.execute("CREATE TEMP TABLE accepted (case_id VARCHAR)");
            try (PreparedStatement p = db.prepareStatement("INSERT INTO accepted VALUES (?)")) {
                for (String id : accepted) {
                    p.setString(1, id);
                    p.addBatch();
                }
                p.executeBatch();
            }
            s.execute("DELETE FROM keep WHERE case_id NOT IN (SELECT case_id FROM accepted)");
            s.execute("DROP TABLE accepted");
        }
        for (Table t : ArchiveSchema.caseTables().values()) {
            String where = " WHERE case_id IN (SELECT case_id FROM keep)";
            long expected = count(s, "SELECT count(*) FROM shard." + t.name() + where);
            long inserted = s.executeUpdate("INSERT INTO " + t.name() + " BY NAME SELECT * FROM shard." + t.name() + where);
            if (inserted != expected) {
                throw new SQLException(dir + ": " + t.name() + " has " + expected + " rows of its cases, " + inserted + " merged");
            }
            counts.merge(t.name(), inserted, Long::sum);
        }
        // the report links, relative to the merged folder as summary.json's are
        Path shard = dir.toAbsolutePath().normalize();
        for (String column : List.of("report", "report_json")) {
            // a shard older than a link column has none to rebase (INSERT BY NAME left it NULL)
            if (CaseArchive.hasColumn(s, "shard", "cases", column)) {
                relink(db, s, column, shard, out);
            }
        }
        s.execute("DROP TABLE keep");
    }

    private static void relink(Connection db, Statement s, String column, Path shard, Path out) throws SQLException {
        Map<String, String> links = new LinkedHashMap<>();
        try (ResultSet rs = s.executeQuery("SELECT case_id, " + column + " FROM shard.cases WHERE " + column
                + " IS NOT NULL AND case_id IN (SELECT case_id FROM keep)")) {
            while (rs.next()) {
                links.put(rs.getString(1), ShardMerge.link(out, shard, rs.getString(2)));
            }
        }
        try (PreparedStatement p = db.prepareStatement("UPDATE cases SET " + column + " = ? WHERE case_id = ?")) {
            for (Map.Entry<String, String> e : links.entrySet()) {
                p.setString(1, e.getValue());
                p.setString(2, e.getKey());
                p.addBatch();
            }
            p.executeBatch();
        }
    }

    private static String meta(Statement s, String key) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT value FROM shard.meta WHERE key = " + CaseArchive.literal(key))) {
            return rs.next() ? rs.getString(1) : null;
        }
    }

    private static long count(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
