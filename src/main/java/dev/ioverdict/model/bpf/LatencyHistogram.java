package dev.ioverdict.model.bpf;

import java.util.List;

/**
 * One log2 latency histogram as bcc ({@code 128 -> 255 : 12 |****|}) or bpftrace
 * ({@code [128, 256)  12 |@@@@|}) prints it: biolatency's (one, or one per disk with -D, per
 * set of request flags with -F), ext4dist's and xfsdist's per operation. {@code tool} is the
 * program ("biolatency", "ext4dist", "xfsdist", ...), {@code keyKind} what the histogram is one
 * of ("disk", "flags", "operation"; null for the only one) and {@code key} its value;
 * {@code interval} the time stamp of a periodic report (-T, or an interval's "HH:MM:SS") or null.
 * Buckets are in seconds, {@code high} exclusive. {@code printedCount} and
 * {@code printedAverage} are biolatency -e's own "avg = ..., count: ..." line, when printed.
 */
public record LatencyHistogram(String input, long line, String text, String tool, String source, String keyKind,
                               String key, String interval, String unit, List<Bucket> buckets,
                               Long printedCount, Double printedAverage) implements BpfFact {
    public LatencyHistogram {
        buckets = List.copyOf(buckets);
    }

    /** {@code count} values at least {@code low} and below {@code high} seconds. */
    public record Bucket(double low, double high, long count) {
    }

    public long count() {
        long n = 0;
        for (Bucket b : buckets) {
            n += b.count();
        }
        return n;
    }
}
