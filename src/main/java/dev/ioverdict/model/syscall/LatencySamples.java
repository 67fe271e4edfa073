package dev.ioverdict.model.syscall;

import java.util.List;

/**
 * I/O syscall latencies kept per (source, process command, syscall) and per (source, all
 * processes, syscall): every call up to {@code kept.length}, beyond that a reservoir with a fixed
 * seed ({@code complete} false). {@code calls} and {@code mean} are over every call.
 * For comparisons; not in report.json.
 */
public record LatencySamples(int reservoir, List<Group> groups) {
    public static final String ALL_PROCESSES = "all processes";

    public LatencySamples {
        groups = List.copyOf(groups);
    }

    public record Group(String source, String process, String call, long calls, double mean, double[] kept,
                        boolean complete) {
    }
}
