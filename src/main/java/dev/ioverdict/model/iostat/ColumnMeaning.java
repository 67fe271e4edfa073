package dev.ioverdict.model.iostat;

import java.util.Set;

/**
 * What an iostat column measures (Linux sysstat and Solaris names): which way is better, whether it
 * is a response time, and its unit. compare and the periods of one bundle judge a change by it.
 */
public final class ColumnMeaning {
    /** Lower is better (latency, queue), higher is better (throughput), or neither (requests per second). */
    public enum Better { LOWER, HIGHER, NEITHER }

    private static final Set<String> LATENCY = Set.of("await", "r_await", "w_await", "d_await", "f_await", "svctm",
            "svc_t", "asvc_t", "wsvc_t");
    private static final Set<String> QUEUE = Set.of("aqu-sz", "avgqu-sz", "wait", "actv", "%w");
    /** Bytes moved; requests per second (r/s, w/s) are not here: bigger requests mean fewer for the same work. */
    private static final Set<String> THROUGHPUT = Set.of("rkB/s", "wkB/s", "dkB/s", "rMB/s", "wMB/s", "kr/s", "kw/s",
            "Mr/s", "Mw/s", "rsec/s", "wsec/s", "kB/s", "MB/s", "kB_read/s", "kB_wrtn/s", "kB_dscd/s", "kB_w+d/s",
            "MB_read/s", "MB_wrtn/s", "MB_dscd/s", "MB_w+d/s");
    /** Utilisation (%util, %b): a share of the time busy. */
    private static final Set<String> BUSY = Set.of("%util", "%b");

    private ColumnMeaning() {
    }

    public static Better better(String column) {
        if (LATENCY.contains(column) || QUEUE.contains(column)) {
            return Better.LOWER;
        }
        return THROUGHPUT.contains(column) ? Better.HIGHER : Better.NEITHER;
    }

    /** A response time column: what a request waits, the headline of a change. */
    public static boolean latency(String column) {
        return LATENCY.contains(column);
    }

    public static boolean busy(String column) {
        return BUSY.contains(column);
    }

    public static String unit(String column) {
        if (LATENCY.contains(column)) {
            return "ms";
        }
        if (column.startsWith("%")) {
            return "%";
        }
        if (column.endsWith("/s")) {
            return column.contains("kB") || column.startsWith("k") ? "kB/s" : column.contains("MB") ? "MB/s" : "/s";
        }
        if (column.startsWith("kB_") || column.startsWith("MB_")) {
            return column.substring(0, 2); // iostat's basic report: kB_read, kB_wrtn ... moved in the interval
        }
        if (column.endsWith("req-sz")) {
            return "kB"; // sysstat 12's areq-sz, rareq-sz, wareq-sz, dareq-sz
        }
        return column.equals("avgrq-sz") ? "sectors" : ""; // aqu-sz / avgqu-sz: requests in the queue
    }
}
