package dev.ioverdict.parse.iostat;

import dev.ioverdict.model.iostat.IostatColumns;
import dev.ioverdict.model.iostat.IostatDialect;
import dev.ioverdict.parse.text.Tokens;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Where each value of a device row sits, read from the column header above it: columns are found
 * by name, never by position, because every sysstat release and every Solaris option moves them.
 * Solaris {@code -tc} appends tty/cpu columns that only the first row of a report fills. The
 * device column may come first or, with sysstat's {@code --pretty} and {@code -h} (12.x), last.
 */
record IostatLayout(IostatColumns columns, int deviceIndex, int headerTokens, int trailing, double[] kBScales) {

    private static final Set<String> DEVICE = Set.of("Device:", "Device", "device", "disk");

    /** Columns only iostat -x prints: a header without any of them is not extended statistics. */
    private static final Set<String> EXTENDED = Set.of("%util", "%b", "await", "r_await", "w_await", "d_await",
            "f_await", "svc_t", "asvc_t", "wsvc_t", "aqu-sz", "avgqu-sz", "svctm", "actv", "rareq-sz", "wareq-sz",
            "dareq-sz", "areq-sz");

    /**
     * iostat without -x (sysstat's basic report): {@code tps} then kB_read/s, kB_wrtn/s, kB_dscd/s and
     * the amounts of the interval (kB_read ...), in MB with -m, GB with -g (sysstat 12.7), in 512-byte blocks (Blk_) in old
     * releases and under POSIXLY_CORRECT; {@code -s} joins writes and discards ({@code kB_w+d/s}).
     */
    private static final Set<String> BASIC = basic();

    private static Set<String> basic() {
        Set<String> out = new java.util.HashSet<>();
        for (String unit : List.of("kB", "MB", "GB", "Blk")) {
            for (String what : List.of("read", "wrtn", "dscd", "w+d")) {
                out.add(unit + "_" + what + "/s");
                out.add(unit + "_" + what);
            }
        }
        return Set.copyOf(out);
    }

    private static final Set<String> KNOWN = Set.of(
            "r/s", "w/s", "d/s", "f/s", "tps", "rkB/s", "wkB/s", "dkB/s", "rMB/s", "wMB/s", "dMB/s", "kB/s", "MB/s",
            "rGB/s", "wGB/s", "dGB/s", "GB/s", "rsec/s", "wsec/s", "dsec/s", "sec/s",
            "rrqm/s", "wrqm/s", "drqm/s", "rqm/s", "%rrqm", "%wrqm", "%drqm",
            "r_await", "w_await", "d_await", "f_await", "await", "rareq-sz", "wareq-sz", "dareq-sz", "areq-sz",
            "aqu-sz", "avgqu-sz", "avgrq-sz", "svctm", "%util",
            "kr/s", "kw/s", "Kr/s", "Kw/s", "kw", "kr", "wait", "actv", "svc_t", "wsvc_t", "asvc_t", "%w", "%b",
            "s/w", "h/w", "trn", "tot");

    /** Solaris -t and -c columns after the device statistics. */
    private static final Set<String> TTY_CPU = Set.of("tin", "tout", "us", "sy", "wt", "dt", "id");

    private static final Set<String> SOLARIS = Set.of("svc_t", "asvc_t", "wsvc_t", "actv", "%b", "%w", "kr/s", "Kr/s");
    private static final Set<String> OLD = Set.of("avgqu-sz", "avgrq-sz");
    private static final Set<String> NEW = Set.of("aqu-sz", "rareq-sz", "wareq-sz", "areq-sz", "%rrqm", "%wrqm");

    /** The layout of a column header line, or null when the line is not one. */
    static IostatLayout of(String line, List<String> tokens) {
        int deviceIndex = -1;
        int known = 0;
        boolean extended = false;
        boolean basic = false;
        boolean tps = false;
        int trailingFrom = -1;
        for (int i = 0; i < tokens.size(); i++) {
            String t = tokens.get(i);
            if (DEVICE.contains(t)) {
                if (deviceIndex >= 0) {
                    return null;
                }
                deviceIndex = i;
            } else if (TTY_CPU.contains(t)) {
                if (trailingFrom < 0) {
                    trailingFrom = i;
                }
            } else if (trailingFrom >= 0) {
                return null; // device statistics after tty/cpu: not a layout we know
            } else if (KNOWN.contains(t) || BASIC.contains(t)) {
                known++;
                extended |= EXTENDED.contains(t);
                basic |= BASIC.contains(t);
                tps |= t.equals("tps");
            } else if (SysstatNumbers.isNumber(t)) {
                return null;
            }
        }
        if (deviceIndex < 0 || known < 3 || !(extended || (basic && tps))
                || (trailingFrom >= 0 && deviceIndex > trailingFrom)) {
            return null;
        }
        int end = trailingFrom < 0 ? tokens.size() : trailingFrom;
        List<String> names = new ArrayList<>();
        for (int i = 0; i < end; i++) {
            if (i != deviceIndex) {
                names.add(tokens.get(i));
            }
        }
        IostatDialect dialect = dialect(names, tokens.get(deviceIndex));
        double[] scales = new double[names.size()];
        for (int i = 0; i < scales.length; i++) {
            scales[i] = SysstatNumbers.kBScale(names.get(i));
        }
        return new IostatLayout(new IostatColumns(dialect, line, names), deviceIndex, tokens.size(),
                tokens.size() - end, scales);
    }

    /** Extended statistics ({@code iostat -x}), not the basic tps / kB_read/s report. */
    boolean extended() {
        return columns.names().stream().anyMatch(EXTENDED::contains);
    }

    /**
     * sysstat's {@code --pretty} and 12.x's {@code -h}: the device name is the last column (Solaris'
     * {@code -n} puts it last too, in one table per report: not one of these).
     */
    boolean deviceLast() {
        return deviceIndex == headerTokens - 1 && deviceIndex > 0 && columns.dialect() != IostatDialect.SOLARIS;
    }

    static IostatDialect dialect(List<String> names, String deviceToken) {
        if (names.stream().anyMatch(SOLARIS::contains)) {
            return IostatDialect.SOLARIS;
        }
        if (names.stream().anyMatch(OLD::contains)) {
            return IostatDialect.SYSSTAT_OLD;
        }
        if (names.stream().anyMatch(NEW::contains)) {
            return IostatDialect.SYSSTAT_NEW;
        }
        // Only rates, await, svctm and %util: the colon after Device went away in 11.5.7 with the new layout.
        return deviceToken.endsWith(":") ? IostatDialect.SYSSTAT_OLD : IostatDialect.SYSSTAT_NEW;
    }

    /** Whether a row of this many tokens fits: all columns, or Solaris' rows without tty/cpu. */
    boolean fits(int tokenCount) {
        return tokenCount == headerTokens || (trailing > 0 && tokenCount == headerTokens - trailing);
    }

    /** How many of the i-th column's unit make a kB, for -h's suffixed values. */
    double kBScale(int metric) {
        return kBScales[metric];
    }

    int metricCount() {
        return columns.names().size();
    }

    /**
     * The metric values of a row already cut into {@code spans}, read in place (no String per field),
     * or null when it does not read as a row of this layout (for the slower path to judge).
     */
    double[] values(String line, Tokens spans) {
        if (!fits(spans.count())) {
            return null;
        }
        double[] values = new double[metricCount()];
        for (int i = 0; i < values.length; i++) {
            int t = tokenOf(i);
            double v = SysstatNumbers.human(line, spans.start(t), spans.end(t), kBScale(i));
            if (Double.isNaN(v)) {
                return null;
            }
            values[i] = v;
        }
        return values;
    }

    /**
     * {@link #values} of a row whose fields are all plain decimals, split and read in one pass over
     * the line (most rows of a long capture); {@code device} gets the device field's {@code [start,
     * end)}. Null at anything else (a suffixed -h value, a field count that does not fit, a field that
     * is no number): {@link Tokens#of} and {@link #values} then judge the line as before.
     */
    double[] plainValues(String line, int[] device) {
        int metrics = metricCount();
        double[] values = new double[metrics];
        int n = line.length();
        int t = 0;
        int i = 0;
        int seen = 0;
        while (true) {
            while (i < n && Tokens.isBlank(line.charAt(i))) {
                i++;
            }
            if (i >= n) {
                break;
            }
            int start = i;
            int metric = t < deviceIndex ? t : t - 1;
            if (t == deviceIndex || metric >= metrics) {
                while (i < n && !Tokens.isBlank(line.charAt(i))) {
                    i++;
                }
                if (t == deviceIndex) {
                    device[0] = start;
                    device[1] = i;
                }
                t++;
                continue;
            }
            i = SysstatNumbers.plain(line, i, n, values, metric);
            if (i < 0) {
                return null;
            }
            seen++;
            t++;
        }
        return fits(t) && seen == metrics && deviceIndex >= 0 && deviceIndex < t ? values : null;
    }

    /** Whether {@code other} reads a row as this one does: made apart from the same header text, say. */
    boolean sameAs(IostatLayout other) {
        return other == this || other != null && deviceIndex == other.deviceIndex && headerTokens == other.headerTokens
                && trailing == other.trailing && java.util.Arrays.equals(kBScales, other.kBScales)
                && columns.equals(other.columns);
    }

    /** Token position of the i-th metric column. */
    int tokenOf(int metric) {
        return metric < deviceIndex ? metric : metric + 1;
    }
}
