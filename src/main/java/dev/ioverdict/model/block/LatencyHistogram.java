package dev.ioverdict.model.block;

import java.util.List;

/** Counts of one phase's latencies per bucket (upper bounds in seconds, log-spaced) for one device. */
public record LatencyHistogram(String device, String phase, List<Bucket> buckets) {
    public LatencyHistogram {
        buckets = List.copyOf(buckets);
    }

    public record Bucket(double upTo, long count) {
    }
}
