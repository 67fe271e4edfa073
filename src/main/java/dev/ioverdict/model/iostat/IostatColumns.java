package dev.ioverdict.model.iostat;

import java.util.List;

/**
 * The metric columns of one iostat header, in printed order and under their printed names
 * ({@code r/s}, {@code %util}, {@code svc_t}, {@code kw} ...), without the device column and
 * without Solaris' trailing tty/cpu columns. One instance is shared by every row under that header.
 */
public record IostatColumns(IostatDialect dialect, String header, List<String> names) {
    public IostatColumns {
        names = List.copyOf(names);
    }

    /** Position of a column, or -1 when this header does not print it. */
    public int indexOf(String name) {
        return names.indexOf(name);
    }

    public boolean has(String name) {
        return names.contains(name);
    }
}
