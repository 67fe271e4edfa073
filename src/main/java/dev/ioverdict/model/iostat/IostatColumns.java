package dev.ioverdict.model.iostat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The metric columns of one iostat header, in printed order and under their printed names
 * ({@code r/s}, {@code %util}, {@code svc_t}, {@code kw} ...), without the device column and
 * without Solaris' trailing tty/cpu columns. One instance is shared by every row under that header,
 * so the position of each name is looked up once here, not searched for per row and column.
 */
public final class IostatColumns {
    private final IostatDialect dialect;
    private final String header;
    private final List<String> names;
    private final Map<String, Integer> positions = new HashMap<>();

    public IostatColumns(IostatDialect dialect, String header, List<String> names) {
        this.dialect = dialect;
        this.header = header;
        this.names = List.copyOf(names);
        for (int i = this.names.size() - 1; i >= 0; i--) {
            positions.put(this.names.get(i), i); // the first of a repeated name wins, as List.indexOf
        }
    }

    public IostatDialect dialect() {
        return dialect;
    }

    public String header() {
        return header;
    }

    public List<String> names() {
        return names;
    }

    /** Position of a column, or -1 when this header does not print it. */
    public int indexOf(String name) {
        Integer i = positions.get(name);
        return i == null ? -1 : i;
    }

    public boolean has(String name) {
        return positions.containsKey(name);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IostatColumns c && dialect == c.dialect && Objects.equals(header, c.header) && names.equals(c.names);
    }

    @Override
    public int hashCode() {
        return Objects.hash(dialect, header, names);
    }

    @Override
    public String toString() {
        return "IostatColumns[dialect=" + dialect + ", header=" + header + ", names=" + names + "]";
    }
}
