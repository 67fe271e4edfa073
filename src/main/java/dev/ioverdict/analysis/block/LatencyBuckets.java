package dev.ioverdict.analysis.block;

import dev.ioverdict.model.block.LatencyHistogram;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Log-spaced buckets (1, 2, 5 per decade, from 1 µs) over an HdrHistogram: each recorded value
 * goes to exactly one bucket, the one whose upper bound holds it, up to the bucket that holds
 * the largest value.
 */
final class LatencyBuckets {
    private static final long FIRST_BOUND_NS = 1_000;
    private static final int[] STEPS = {1, 2, 5};

    private LatencyBuckets() {
    }

    static LatencyHistogram of(String device, String phase, Histogram h) {
        List<Long> bounds = new ArrayList<>();
        long max = h.getMaxValue();
        for (long decade = FIRST_BOUND_NS; ; decade *= 10) {
            boolean done = false;
            for (int s : STEPS) {
                long b = decade * s;
                bounds.add(b);
                if (b >= max) {
                    done = true;
                    break;
                }
            }
            if (done) {
                break;
            }
        }
        long[] counts = new long[bounds.size()];
        for (HistogramIterationValue v : h.recordedValues()) {
            long value = h.highestEquivalentValue(v.getValueIteratedTo());
            value = Math.min(value, max);
            int i = 0;
            while (i < counts.length - 1 && value > bounds.get(i)) {
                i++;
            }
            counts[i] += v.getCountAtValueIteratedTo();
        }
        List<LatencyHistogram.Bucket> buckets = new ArrayList<>(counts.length);
        for (int i = 0; i < counts.length; i++) {
            buckets.add(new LatencyHistogram.Bucket(Btt.seconds(bounds.get(i)), counts[i]));
        }
        return new LatencyHistogram(device, phase, buckets);
    }
}
