package dev.ioverdict.pipeline.archive;

import dev.ioverdict.compare.Side;
import dev.ioverdict.pipeline.archive.ArchiveSchema.Row;
import dev.ioverdict.pipeline.archive.ArchiveSchema.Table;
import dev.ioverdict.report.model.BatchSummary;
import dev.ioverdict.report.model.BatchSummary.CaseResult;
import dev.ioverdict.report.model.Report;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

/**
 * The batch's case archive: {@code DIR/cases.duckdb}, the tables of {@link ArchiveSchema} over
 * every case of a batch's summary, each diagnosed case read back from its report.json into the
 * report model. Written to a part file and moved into place, so a reader never sees half an
 * archive; {@code --parquet} adds {@code DIR/parquet/TABLE.parquet} for engines that read a
 * fleet spread over machines (Spark, Trino, DuckDB itself).
 */
public final class CaseArchive {
    public static final String FILE = "cases.duckdb";
    public static final String PARQUET = "parquet";

    /** What was written: the archive, its rows per table, and what could not be read (one line each). */
    public record Written(Path file, Map<String, Long> rows, List<String> problems) {
    }

    /** An archive that cannot be opened or a statement that fails: one line for the user. */
    public static final class ArchiveException extends Exception {
        public ArchiveException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private CaseArchive() {
    }

    /**
     * A case of an archive as a command line names it: {@code ARCHIVE#CASE_ID}, ARCHIVE a batch's
     * folder or its cases.duckdb (compare's BEFORE or AFTER).
     */
    public record CaseRef(Path archive, String caseId) {
        /**
         * {@code text} as a case reference, when it is one: it holds a '#', is no file itself, and
         * what comes before its last '#' is a folder or file (whether an archive is checked on use).
         */
        public static java.util.Optional<CaseRef> parse(String text) {
            int hash = text.lastIndexOf('#');
            if (hash <= 0 || hash == text.length() - 1 || Files.exists(Path.of(text))) {
                return java.util.Optional.empty();
            }
            Path archive = Path.of(text.substring(0, hash));
            return Files.exists(archive) ? java.util.Optional.of(new CaseRef(archive, text.substring(hash + 1)))
                    : java.util.Optional.empty();
        }

        /** The case's report.json, as {@link CaseArchive#reportJson} finds it. */
        public Path reportJson() throws ArchiveException {
            return CaseArchive.reportJson(archive, caseId);
        }

        @Override
        public String toString() {
            return archive + "#" + caseId;
        }
    }

    /** The archive of {@code summary}, whose report links are relative to {@code dir}, written into {@code dir}. */
    public static Written write(Path dir, BatchSummary summary, boolean parquet, Map<String, String> meta)
            throws IOException {
        Path target = dir.resolve(FILE);
        Path part = dir.resolve("." + FILE + ".part");
        deleteDatabase(part);
        List<String> problems = new ArrayList<>();
        Map<String, Long> counts = new LinkedHashMap<>();
        try (Connection db = DriverManager.getConnection("jdbc:duckdb:" + part.toAbsolutePath())) {
            create(db);
            Map<Table, DuckDBAppender> appenders = new LinkedHashMap<>();
            for (Table t : ArchiveSchema.caseTables().values()) {
                appenders.put(t, db.unwrap(DuckDBConnection.class).createAppender(DuckDBConnection.DEFAULT_SCHEMA, t.name()));
                counts.put(t.name(), 0L);
            }
            // each case's report.json is read back on all cores, a few cases at a time (the memory of a
            // few reports), and appended in the summary's order: the same summary gives the same archive
            List<CaseResult> all = summary.cases();
            int chunk = 4 * Runtime.getRuntime().availableProcessors();
            for (int from = 0; from < all.size(); from += chunk) {
                List<CaseResult> some = all.subList(from, Math.min(all.size(), from + chunk));
                List<List<String>> theirProblems = new ArrayList<>();
                some.forEach(c -> theirProblems.add(new ArrayList<>()));
                List<Map<Table, List<Row>>> rows = java.util.stream.IntStream.range(0, some.size()).parallel()
                        .mapToObj(i -> ArchiveRows.of(some.get(i), report(dir, some.get(i), theirProblems.get(i))))
                        .toList();
                theirProblems.forEach(problems::addAll);
                for (Map<Table, List<Row>> caseRows : rows) {
                    for (Map.Entry<Table, List<Row>> e : caseRows.entrySet()) {
                        DuckDBAppender a = appenders.get(e.getKey());
                        for (Row r : e.getValue()) {
                            append(a, r);
                        }
                        counts.merge(e.getKey().name(), (long) e.getValue().size(), Long::sum);
                    }
                }
            }
            for (DuckDBAppender a : appenders.values()) {
                a.close();
            }
            Map<String, String> facts = new LinkedHashMap<>();
            facts.put("schema", ArchiveSchema.VERSION);
            facts.putAll(meta);
            facts.put("cases", Long.toString(counts.get(ArchiveSchema.CASES.name())));
            writeMeta(db, facts);
        } catch (SQLException e) {
            deleteDatabase(part);
            throw new IOException("could not write the case archive " + target + ": " + firstLine(e), e);
        }
        move(part, target);
        if (parquet) {
            exportParquet(target, dir.resolve(PARQUET));
        }
        return new Written(target, counts, problems);
    }

    static void create(Connection db) throws SQLException {
        try (Statement s = db.createStatement()) {
            for (Table t : ArchiveSchema.TABLES) {
                s.execute(t.ddl());
            }
        }
    }

    static void writeMeta(Connection db, Map<String, String> facts) throws SQLException {
        try (var p = db.prepareStatement("INSERT INTO meta VALUES (?, ?)")) {
            for (Map.Entry<String, String> e : facts.entrySet()) {
                p.setString(1, e.getKey());
                p.setString(2, e.getValue());
                p.addBatch();
            }
            p.executeBatch();
        }
    }

    /** The case's report model from its report.json; null when it wrote none (failed, or no json format). */
    private static Report report(Path dir, CaseResult c, List<String> problems) {
        String json = c.reports().stream().filter(r -> r.endsWith("report.json")).findFirst().orElse(null);
        if (json == null) {
            if (c.report() != null) {
                problems.add(c.caseId() + ": no report.json (batch --format without json): its case row only");
            }
            return null;
        }
        Path file = dir.resolve(json);
        if (!Files.isRegularFile(file)) {
            problems.add(c.caseId() + ": " + json + " is missing: its case row only");
            return null;
        }
        try {
            return Side.ofReportJson(c.caseId(), file).report();
        } catch (IOException | IllegalArgumentException e) {
            problems.add(c.caseId() + ": " + json + " could not be read (" + firstLine(e) + "): its case row only");
            return null;
        }
    }

    private static void append(DuckDBAppender a, Row r) throws SQLException {
        a.beginRow();
        for (Object v : r.values()) {
            switch (v) {
                case null -> a.appendNull();
                case String s -> a.append(s);
                case Integer i -> a.append(i.intValue());
                case Long l -> a.append(l.longValue());
                case Double d -> a.append(d.doubleValue());
                case Boolean b -> a.append(b.booleanValue());
                case LocalDateTime t -> a.append(t);
                case Collection<?> list -> a.append(list);
                default -> throw new IllegalArgumentException(r.table().name() + ": no column type for " + v.getClass());
            }
        }
        a.endRow();
    }

    /** Every table of the archive at {@code db} as {@code dir/TABLE.parquet}. */
    public static void exportParquet(Path db, Path dir) throws IOException {
        Files.createDirectories(dir);
        try (Connection c = open(db); Statement s = c.createStatement()) {
            for (Table t : ArchiveSchema.TABLES) {
                Path file = dir.resolve(t.name() + ".parquet");
                s.execute("COPY " + t.name() + " TO " + literal(file.toAbsolutePath().toString()) + " (FORMAT PARQUET)");
            }
        } catch (SQLException | ArchiveException e) {
            throw new IOException("could not write the Parquet files into " + dir + ": " + firstLine(e), e);
        }
    }

    /**
     * {@code DIR} (a batch's output) or {@code DB} (an archive file) as an archive file that exists,
     * or an exception saying what is missing.
     */
    public static Path locate(Path dirOrDb) throws ArchiveException {
        Path db = Files.isDirectory(dirOrDb) ? dirOrDb.resolve(FILE) : dirOrDb;
        if (!Files.isRegularFile(db)) {
            throw new ArchiveException(Files.isDirectory(dirOrDb)
                    ? dirOrDb + " holds no case archive (" + FILE + "): 'ioverdict batch' writes one"
                    : dirOrDb + ": no such case archive", null);
        }
        return db;
    }

    /** A read-only connection to an archive file. */
    public static Connection open(Path db) throws ArchiveException {
        Properties p = new Properties();
        p.setProperty("duckdb.read_only", "true");
        try {
            return DriverManager.getConnection("jdbc:duckdb:" + db.toAbsolutePath(), p);
        } catch (SQLException e) {
            throw new ArchiveException(db + ": not a case archive (" + firstLine(e) + ")", e);
        }
    }

    /**
     * The report.json of case {@code caseId} of the archive {@code dirOrDb}, from its
     * {@code report_json} link (else, an archive older than that column, beside its {@code report}),
     * resolved against the archive's folder; or an exception saying why there is none.
     */
    public static Path reportJson(Path dirOrDb, String caseId) throws ArchiveException {
        Path db = locate(dirOrDb);
        try (Connection c = open(db); Statement s = c.createStatement()) {
            String json = hasColumn(s, null, "cases", "report_json") ? "report_json" : "NULL";
            String report = null;
            String status = null;
            String link = null;
            boolean found = false;
            try (var p = c.prepareStatement("SELECT status, report, " + json + " FROM cases WHERE case_id = ?")) {
                p.setString(1, caseId);
                try (ResultSet rs = p.executeQuery()) {
                    if (rs.next()) {
                        found = true;
                        status = rs.getString(1);
                        report = rs.getString(2);
                        link = rs.getString(3);
                    }
                }
            }
            if (!found) {
                throw new ArchiveException(db + " has no case '" + caseId + "' (ioverdict query " + db
                        + " 'SELECT case_id FROM cases' lists them)", null);
            }
            if (link == null && report != null) {
                link = Path.of(report).resolveSibling("report.json").toString();
            }
            if (link == null) {
                throw new ArchiveException("case '" + caseId + "' of " + db + " has no report (" + status + ")", null);
            }
            Path file = db.toAbsolutePath().getParent().resolve(link).normalize();
            if (!java.nio.file.Files.isRegularFile(file)) {
                throw new ArchiveException("case '" + caseId + "' of " + db + ": its report.json " + file
                        + " is missing (the batch ran without --format json, or its folder moved)", null);
            }
            return file;
        } catch (SQLException e) {
            throw new ArchiveException(db + ": " + firstLine(e), e);
        }
    }

    /**
     * Whether {@code table} of the database {@code catalog} (null: the connection's own) has
     * {@code column}: a column added to the schema after an archive was written is absent there,
     * and a reader falls back.
     */
    static boolean hasColumn(Statement s, String catalog, String table, String column) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT count(*) FROM information_schema.columns WHERE table_catalog = "
                + (catalog == null ? "current_database()" : literal(catalog)) + " AND table_name = " + literal(table) + " AND column_name = " + literal(column))) {
            return rs.next() && rs.getLong(1) > 0;
        }
    }

    static String literal(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    /** The first line of an exception's message: DuckDB's messages run on with the query and a caret. */
    static String firstLine(Throwable e) {
        String m = e.getMessage() == null ? e.toString() : e.getMessage();
        int nl = m.indexOf('\n');
        return (nl < 0 ? m : m.substring(0, nl)).strip();
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** A database file and the write-ahead log DuckDB keeps beside it. */
    static void deleteDatabase(Path file) throws IOException {
        Files.deleteIfExists(file);
        Files.deleteIfExists(file.resolveSibling(file.getFileName() + ".wal"));
    }
}
