package dev.ioverdict.model.block;

import java.util.List;

/**
 * Counts of one phase's latencies per bucket for one device; buckets are log-spaced (1, 2, 5 per
 * decade from 1 µs), each counting values above the previous bound up to its own ({@code upTo},
 * seconds), the last one holding the largest value. Phase D2C counts requests (each D..C pair
 * once, also where btt gives no D2C, e.g. multipath legs without Q); phase Q2C counts btt's Q2C
 * samples (Q2Cdm for dm/md volumes).
 */
public record LatencyHistogram(String device, Phase phase, List<Bucket> buckets) {
    public LatencyHistogram {
        buckets = List.copyOf(buckets);
    }

    public record Bucket(double upTo, long count) {
    }
}
