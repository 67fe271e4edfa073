package dev.ioverdict.compare;

import dev.ioverdict.compare.Metric.Better;
import java.util.Set;

/** What an iostat column measures, for the direction of a change (Linux sysstat and Solaris names). */
final class IostatColumns {
    private static final Set<String> LATENCY = Set.of("await", "r_await", "w_await", "d_await", "f_await", "svctm",
            "svc_t", "asvc_t", "wsvc_t");
    private static final Set<String> QUEUE = Set.of("aqu-sz", "avgqu-sz", "wait", "actv", "%w");
    /** Bytes moved; requests per second (r/s, w/s) are not here: bigger requests mean fewer for the same work. */
    private static final Set<String> THROUGHPUT = Set.of("rkB/s", "wkB/s", "dkB/s", "rMB/s", "wMB/s", "kr/s", "kw/s",
            "Mr/s", "Mw/s", "rsec/s", "wsec/s");

    private IostatColumns() {
    }

    static Better better(String column) {
        if (LATENCY.contains(column) || QUEUE.contains(column)) {
            return Better.LOWER;
        }
        return THROUGHPUT.contains(column) ? Better.HIGHER : Better.NEITHER;
    }

    /** Latency columns: headline figures (what a request waits). */
    static boolean latency(String column) {
        return LATENCY.contains(column);
    }

    static String unit(String column) {
        if (LATENCY.contains(column)) {
            return "ms";
        }
        if (column.startsWith("%")) {
            return "%";
        }
        if (column.endsWith("/s")) {
            return column.contains("kB") || column.startsWith("k") ? "kB/s" : column.contains("MB") ? "MB/s" : "/s";
        }
        if (column.endsWith("req-sz")) {
            return "kB"; // sysstat 12's areq-sz, rareq-sz, wareq-sz, dareq-sz
        }
        return column.equals("avgrq-sz") ? "sectors" : ""; // aqu-sz / avgqu-sz: requests in the queue
    }
}
