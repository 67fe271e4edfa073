package dev.ioverdict.parse.iostat;

import dev.ioverdict.model.iostat.IostatColumns;
import dev.ioverdict.model.iostat.IostatDialect;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Where each value of a device row sits, read from the column header above it: columns are found
 * by name, never by position, because every sysstat release and every Solaris option moves them.
 * Solaris {@code -tc} appends tty/cpu columns that only the first row of a report fills.
 */
record IostatLayout(IostatColumns columns, int deviceIndex, int headerTokens, int trailing) {

    private static final Set<String> DEVICE = Set.of("Device:", "Device", "device", "disk");

    /** Columns only iostat -x prints: a header without any of them is not extended statistics. */
    private static final Set<String> EXTENDED = Set.of("%util", "%b", "await", "r_await", "w_await", "svc_t",
            "asvc_t", "wsvc_t", "aqu-sz", "avgqu-sz", "svctm", "actv");

    private static final Set<String> KNOWN = Set.of(
            "r/s", "w/s", "d/s", "f/s", "tps", "rkB/s", "wkB/s", "dkB/s", "rMB/s", "wMB/s", "dMB/s", "kB/s", "MB/s",
            "rsec/s", "wsec/s", "dsec/s", "sec/s", "rrqm/s", "wrqm/s", "drqm/s", "rqm/s", "%rrqm", "%wrqm", "%drqm",
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
            } else if (KNOWN.contains(t)) {
                known++;
                extended |= EXTENDED.contains(t);
            } else if (SysstatNumbers.isNumber(t)) {
                return null;
            }
        }
        if (deviceIndex < 0 || known < 3 || !extended || (trailingFrom >= 0 && deviceIndex > trailingFrom)) {
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
        return new IostatLayout(new IostatColumns(dialect, line, names), deviceIndex, tokens.size(),
                tokens.size() - end);
    }

    /**
     * sysstat's {@code --pretty} (implied by {@code -h}): one table per request type, device name
     * last, values with unit suffixes ({@code 1.5M}, {@code 10.3%}). Recognised only to say it is
     * not read.
     */
    static boolean isPretty(List<String> tokens) {
        if (tokens.size() < 3 || !tokens.get(tokens.size() - 1).equals("Device")) {
            return false;
        }
        int known = 0;
        for (String t : tokens) {
            known += KNOWN.contains(t) ? 1 : 0;
        }
        return known >= 2;
    }

    private static IostatDialect dialect(List<String> names, String deviceToken) {
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

    int metricCount() {
        return columns.names().size();
    }

    /** Token position of the i-th metric column. */
    int tokenOf(int metric) {
        return metric < deviceIndex ? metric : metric + 1;
    }
}
