package dev.ioverdict.parse.config;

import dev.ioverdict.parse.text.Tokens;
import dev.ioverdict.parse.text.Numbers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * lsblk's table layout: the header names the columns, and a cell sits under its header the way
 * libsmartcols aligns it. Numeric columns are right-aligned (the value ends where the header ends),
 * text columns left-aligned (the value starts where the header starts), and MAJ:MIN keeps its colon
 * under the header's. Text values may hold spaces (MODEL "VMware Virtual S"), so cells are cut by
 * position, not by words. A row whose tree pushed MAJ:MIN sideways is read with that shift.
 * {@code lsblk -r} (no alignment, one space between cells) is split on single spaces instead.
 */
final class LsblkTable {
    /** Every column lsblk knows (util-linux 2.17 to 2.40). */
    static final Set<String> COLUMNS = Set.of("ALIGNMENT", "DISC-ALN", "DAX", "DISC-GRAN", "DISC-MAX", "DISC-ZERO",
            "DISK-SEQ", "FSAVAIL", "FSROOTS", "FSSIZE", "FSTYPE", "FSUSED", "FSUSE%", "FSVER", "GROUP", "HCTL",
            "HOTPLUG", "ID", "ID-LINK", "KNAME", "LABEL", "LOG-SEC", "MAJ:MIN", "MAJ", "MIN", "MIN-IO", "MODE",
            "MODEL", "MQ", "NAME", "OPT-IO", "OWNER", "PARTFLAGS", "PARTLABEL", "PARTN", "PARTTYPE", "PARTTYPENAME",
            "PARTUUID", "PATH", "PHY-SEC", "PKNAME", "PTTYPE", "PTUUID", "RA", "RAND", "REV", "RM", "RO", "ROTA",
            "RQ-SIZE", "SCHED", "SERIAL", "SIZE", "START", "STATE", "SUBSYSTEMS", "MOUNTPOINT", "MOUNTPOINTS",
            "TRAN", "TYPE", "UUID", "VENDOR", "WSAME", "WWN", "ZONED", "ZONE-SZ", "ZONE-WGRAN", "ZONE-APP",
            "ZONE-NR", "ZONE-OMAX", "ZONE-AMAX");

    /** Columns libsmartcols right-aligns (SCOLS_FL_RIGHT in lsblk's column table). */
    private static final Set<String> RIGHT = Set.of("ALIGNMENT", "DISC-ALN", "DAX", "DISC-GRAN", "DISC-MAX",
            "DISC-ZERO", "DISK-SEQ", "FSAVAIL", "FSSIZE", "FSUSED", "FSUSE%", "HOTPLUG", "LOG-SEC", "MAJ", "MIN",
            "MIN-IO", "MQ", "OPT-IO", "PARTN", "PHY-SEC", "RA", "RAND", "REV", "RM", "RO", "ROTA", "RQ-SIZE", "SIZE",
            "START", "WSAME", "ZONE-SZ", "ZONE-WGRAN", "ZONE-APP", "ZONE-NR", "ZONE-OMAX", "ZONE-AMAX");

    private enum Align { LEFT, RIGHT, COLON }

    private record Column(String name, int start, int end, Align align) {
    }

    /** A cut row: cells by column name, and the tree depth of its NAME (0 without a tree). */
    record Row(Map<String, String> cells, int depth) {
    }

    private final List<Column> columns;
    private final int colon;
    /** lsblk -r: one space between names, cells split on single spaces, spaces inside values as \x20. */
    private final boolean raw;

    private LsblkTable(List<Column> columns, boolean raw) {
        this.columns = columns;
        this.raw = raw;
        int c = -1;
        for (Column col : columns) {
            if (col.align() == Align.COLON) {
                c = col.start() + col.name().indexOf(':');
            }
        }
        this.colon = c;
    }

    /** The table a header line opens, or null when the line is not an lsblk header. */
    static LsblkTable header(String line) {
        List<Column> cols = new ArrayList<>();
        Tokens words = new Tokens().of(line);
        for (int w = 0; w < words.count(); w++) {
            String name = words.get(w).toUpperCase(Locale.ROOT);
            if (!COLUMNS.contains(name)) {
                return null;
            }
            Align a = name.equals("MAJ:MIN") ? Align.COLON : RIGHT.contains(name) ? Align.RIGHT : Align.LEFT;
            cols.add(new Column(name, words.start(w), words.end(w), a));
        }
        boolean named = cols.stream().anyMatch(c -> c.name().equals("NAME") || c.name().equals("KNAME"));
        if (!named || cols.size() < 2) {
            return null;
        }
        boolean singleSpaced = cols.get(0).start() == 0;
        for (int j = 1; j < cols.size(); j++) {
            singleSpaced &= cols.get(j).start() == cols.get(j - 1).end() + 1;
        }
        return new LsblkTable(cols, singleSpaced);
    }

    int columnCount() {
        return columns.size();
    }

    boolean has(String column) {
        return columns.stream().anyMatch(c -> c.name().equals(column));
    }

    /**
     * Cuts a data row into cells, or returns null when it does not fit the header (no MAJ:MIN where
     * the header has one). A row that is blank up to its last column continues the row before it
     * (MOUNTPOINTS wraps extra mount points); it comes back with only that cell.
     */
    Row cut(String row) {
        if (raw) {
            Row r = cutRaw(row);
            if (r != null) {
                return r;
            }
            // a header of narrow columns is single-spaced in the aligned layout too
        }
        int shift = 0;
        int len = row.length();
        if (colon >= 0) {
            int c = findMajMinColon(row);
            if (c < 0) {
                Column last = columns.get(columns.size() - 1);
                int first = 0;
                while (first < len && row.charAt(first) == ' ') {
                    first++;
                }
                if (first >= last.start() && first < len && last.align() == Align.LEFT) {
                    return new Row(Map.of(last.name(), row.strip()), -1);
                }
                return null;
            }
            shift = c - colon;
        }
        int k = columns.size();
        int[] from = new int[k];
        int[] to = new int[k];
        for (int j = 0; j < k; j++) {
            Column col = columns.get(j);
            from[j] = -1;
            if (col.align() == Align.RIGHT) {
                // the value ends under the header's end, or inside the header when lsblk padded it ("1.0 ")
                int last = -1;
                for (int q = Math.min(col.end() + shift, len) - 1; q >= Math.max(col.start() + shift, 0); q--) {
                    if (row.charAt(q) != ' ') {
                        last = q;
                        break;
                    }
                }
                if (last >= 0 && (last + 1 >= len || row.charAt(last + 1) == ' ')) {
                    int st = last;
                    while (st > 0 && row.charAt(st - 1) != ' ') {
                        st--;
                    }
                    from[j] = st;
                    to[j] = last + 1;
                }
            } else if (col.align() == Align.COLON) {
                int c = colon + shift;
                int st = c;
                while (st > 0 && row.charAt(st - 1) != ' ') {
                    st--;
                }
                int end = c;
                while (end < len && row.charAt(end) != ' ') {
                    end++;
                }
                from[j] = st;
                to[j] = end;
            }
        }
        for (int j = 0; j < k; j++) {
            Column col = columns.get(j);
            if (col.align() != Align.LEFT) {
                continue;
            }
            int st = j == 0 ? 0 : Math.max(0, col.start() + shift);
            int limit = len;
            for (int m = j + 1; m < k; m++) {
                Column next = columns.get(m);
                if (next.align() == Align.LEFT) {
                    limit = Math.min(len, Math.max(st, next.start() + shift));
                    break;
                }
                if (from[m] >= 0) {
                    limit = Math.max(st, from[m]);
                    break;
                }
            }
            if (st < limit) {
                from[j] = st;
                to[j] = limit;
            }
        }
        Map<String, String> cells = new LinkedHashMap<>();
        int depth = 0;
        for (int j = 0; j < k; j++) {
            Column col = columns.get(j);
            String raw = from[j] >= 0 && from[j] < to[j] ? row.substring(from[j], Math.min(to[j], len)) : "";
            if (col.name().equals("NAME")) {
                int p = treePrefix(raw);
                depth = p / 2;
                raw = raw.substring(p);
            }
            cells.putIfAbsent(col.name(), raw.strip());
        }
        return new Row(cells, depth);
    }

    /** A raw row: exactly one field per column, or null when the row has padding (then it is aligned). */
    private Row cutRaw(String row) {
        Map<String, String> cells = new LinkedHashMap<>();
        int from = treePrefix(row);
        int depth = from / 2;
        for (int j = 0; j < columns.size(); j++) {
            int sp = row.indexOf(' ', from);
            boolean last = j == columns.size() - 1;
            if (last != (sp < 0) && !(last && sp == row.length() - 1)) {
                return null;
            }
            int to = sp < 0 || last ? row.length() : sp;
            cells.putIfAbsent(columns.get(j).name(), unescape(row.substring(from, to).strip()));
            from = to + 1;
        }
        return new Row(cells, depth);
    }

    /** lsblk -r and -P write unsafe characters as \xHH. */
    static String unescape(String s) {
        if (s.indexOf("\\x") < 0) {
            return s;
        }
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            if (s.startsWith("\\x", i) && i + 4 <= s.length() && Character.digit(s.charAt(i + 2), 16) >= 0
                    && Character.digit(s.charAt(i + 3), 16) >= 0) {
                b.append((char) Integer.parseInt(s.substring(i + 2, i + 4), 16));
                i += 3;
            } else {
                b.append(s.charAt(i));
            }
        }
        return b.toString();
    }

    /** Length of the tree drawing before a name: "|-", "`-", "| ", "├─", "└─", "│ " and indentation. */
    static int treePrefix(String s) {
        int i = 0;
        while (i < s.length() && " |`-\u251c\u2514\u2502\u2500".indexOf(s.charAt(i)) >= 0) {
            i++;
        }
        return i;
    }

    /** The colon of the first "major:minor" word in a row, or -1. */
    private static int findMajMinColon(String row) {
        int i = 0;
        int n = row.length();
        while (i < n) {
            while (i < n && row.charAt(i) == ' ') {
                i++;
            }
            int start = i;
            while (i < n && row.charAt(i) != ' ') {
                i++;
            }
            int c = row.indexOf(':', start);
            if (c > start && c < i - 1 && Numbers.isDigits(row, start, c) && Numbers.isDigits(row, c + 1, i)) {
                return c;
            }
        }
        return -1;
    }
}
