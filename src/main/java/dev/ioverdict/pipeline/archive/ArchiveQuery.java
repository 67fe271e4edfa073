package dev.ioverdict.pipeline.archive;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.ioverdict.pipeline.archive.CaseArchive.ArchiveException;
import dev.ioverdict.report.SafeText;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Path;
import java.sql.Array;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code ioverdict query}: one SQL statement over a case archive, read-only, and its result as text. */
public final class ArchiveQuery {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** How a result is printed. */
    public enum Format { TABLE, CSV, JSON }

    /** Column names and rows; a value is a String, Number, Boolean, List or null. */
    public record Result(List<String> columns, List<List<Object>> rows) {
    }

    private ArchiveQuery() {
    }

    /** Runs {@code sql} on the archive of {@code dirOrDb} (a batch's folder or the archive file). */
    public static Result run(Path dirOrDb, String sql) throws ArchiveException {
        Path db = CaseArchive.locate(dirOrDb);
        try (Connection c = CaseArchive.open(db); Statement s = c.createStatement()) {
            if (!s.execute(sql)) {
                return new Result(List.of("changed"), List.of(List.of((Object) (long) s.getUpdateCount())));
            }
            try (ResultSet rs = s.getResultSet()) {
                ResultSetMetaData md = rs.getMetaData();
                List<String> columns = new ArrayList<>();
                for (int i = 1; i <= md.getColumnCount(); i++) {
                    columns.add(md.getColumnLabel(i));
                }
                List<List<Object>> rows = new ArrayList<>();
                while (rs.next()) {
                    List<Object> row = new ArrayList<>(columns.size());
                    for (int i = 1; i <= columns.size(); i++) {
                        row.add(value(rs.getObject(i)));
                    }
                    rows.add(row);
                }
                return new Result(columns, rows);
            }
        } catch (SQLException e) {
            throw new ArchiveException(CaseArchive.firstLine(e), e);
        }
    }

    /** A JDBC value as a plain Java value: lists for arrays, ISO text for times. */
    private static Object value(Object v) throws SQLException {
        if (v == null || v instanceof String || v instanceof Number || v instanceof Boolean) {
            return v;
        }
        if (v instanceof Array a) {
            return value(a.getArray());
        }
        if (v instanceof Object[] arr) {
            List<Object> out = new ArrayList<>();
            for (Object o : arr) {
                out.add(value(o));
            }
            return out;
        }
        if (v instanceof Timestamp t) {
            return t.toLocalDateTime().toString();
        }
        return v.toString();
    }

    /** The result as text in {@code format}, ending with a newline. */
    public static String render(Result r, Format format) {
        return switch (format) {
            case TABLE -> table(r);
            case CSV -> csv(r);
            case JSON -> json(r);
        };
    }

    /** Aligned columns under a header, numbers to the right; the row count below. */
    static String table(Result r) {
        int n = r.columns().size();
        List<String[]> cells = new ArrayList<>();
        for (List<Object> row : r.rows()) {
            String[] cs = new String[n];
            for (int i = 0; i < n; i++) {
                cs[i] = shown(row.get(i));
            }
            cells.add(cs);
        }
        int[] width = new int[n];
        boolean[] numeric = new boolean[n];
        for (int i = 0; i < n; i++) {
            width[i] = r.columns().get(i).length();
            final int col = i;
            numeric[i] = !r.rows().isEmpty() && r.rows().stream().allMatch(row -> row.get(col) == null
                    || row.get(col) instanceof Number);
            for (String[] cs : cells) {
                width[i] = Math.max(width[i], cs[i].length());
            }
        }
        StringBuilder b = new StringBuilder();
        line(b, r.columns().toArray(String[]::new), width, numeric);
        String[] rule = new String[n];
        for (int i = 0; i < n; i++) {
            rule[i] = "-".repeat(width[i]);
        }
        line(b, rule, width, new boolean[n]);
        cells.forEach(cs -> line(b, cs, width, numeric));
        b.append('(').append(r.rows().size()).append(r.rows().size() == 1 ? " row)" : " rows)").append('\n');
        return b.toString();
    }

    private static void line(StringBuilder b, String[] cs, int[] width, boolean[] right) {
        StringBuilder l = new StringBuilder();
        for (int i = 0; i < cs.length; i++) {
            if (i > 0) {
                l.append("  ");
            }
            String pad = " ".repeat(width[i] - cs[i].length());
            l.append(right[i] ? pad + cs[i] : cs[i] + pad);
        }
        b.append(l.toString().stripTrailing()).append('\n');
    }

    /** A value for the table: doubles to 6 significant digits, NULL for none, lists in brackets. */
    private static String shown(Object v) {
        if (v == null) {
            return "NULL";
        }
        if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            if (!Double.isFinite(d)) {
                return Double.toString(d);
            }
            return new BigDecimal(d).round(new MathContext(6)).stripTrailingZeros().toPlainString();
        }
        if (v instanceof List<?> l) {
            return "[" + String.join(", ", l.stream().map(ArchiveQuery::shown).toList()) + "]";
        }
        // a bundle's own text (a path, a warning) reaches the terminal escaped, one line per row
        return SafeText.terminal(v.toString());
    }

    /**
     * RFC 4180: a header, fields quoted when they hold a comma, quote or line break; full precision.
     * A text value that would start a formula in a spreadsheet is written as text ({@link SafeText#csvField}).
     */
    static String csv(Result r) {
        StringBuilder b = new StringBuilder();
        b.append(String.join(",", r.columns().stream().map(ArchiveQuery::csvField).toList())).append("\r\n");
        for (List<Object> row : r.rows()) {
            b.append(String.join(",", row.stream().map(v -> v == null ? ""
                    : v instanceof Number || v instanceof Boolean ? String.valueOf(v)
                    : csvField(v instanceof List<?> l ? listText(l) : String.valueOf(v))).toList())).append("\r\n");
        }
        return b.toString();
    }

    private static String listText(List<?> l) {
        return "[" + String.join(", ", l.stream().map(String::valueOf).toList()) + "]";
    }

    /** A text field; numbers and booleans are written as they are, so a negative figure stays a number. */
    private static String csvField(String s) {
        return SafeText.csvField(s);
    }

    /** An array of objects, one per row, keys in column order. */
    static String json(Result r) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (List<Object> row : r.rows()) {
            Map<String, Object> m = new LinkedHashMap<>();
            for (int i = 0; i < r.columns().size(); i++) {
                m.put(r.columns().get(i), row.get(i));
            }
            out.add(m);
        }
        try {
            return JSON.writeValueAsString(out) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The format named on the command line. */
    public static Format format(String name) {
        return Format.valueOf(name.toUpperCase(Locale.ROOT));
    }
}
