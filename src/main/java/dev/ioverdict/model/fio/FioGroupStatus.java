package dev.ioverdict.model.fio;

/**
 * One direction of fio's "Run status group N (all jobs):" summary, e.g.
 * {@code READ: bw=64.9MiB/s (68.0MB/s), 9943KiB/s-55.2MiB/s (...), io=195MiB (204MB), run=3001-3002msec}:
 * the group's aggregate bandwidth and the slowest and fastest job's (bytes per second), the bytes
 * moved, and the shortest and longest job's run time (seconds).
 */
public record FioGroupStatus(String input, long line, String text, int group, String direction, double bandwidth,
                             double bandwidthMin, double bandwidthMax, double io, double runMin, double runMax)
        implements FioFact {
}
