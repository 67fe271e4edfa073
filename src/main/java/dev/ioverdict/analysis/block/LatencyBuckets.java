package dev.ioverdict.analysis.block;

import dev.ioverdict.analysis.LogHistogram;
import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.block.LatencyHistogram;
import java.util.ArrayList;
import java.util.List;

/**
 * Log-spaced buckets (1, 2, 5 per decade, from 1 µs) over a {@link LogHistogram}, up to the
 * bucket that holds the largest value. Each bin of the histogram goes to exactly one bucket, by
 * its lowest value (a bin is 0.1 % wide, so few samples can sit on the wrong side of a bound).
 */
final class LatencyBuckets {
    private static final long FIRST_BOUND_NS = 1_000;
    private static final int[] STEPS = {1, 2, 5};

    private LatencyBuckets() {
    }

    static LatencyHistogram of(String device, Phase phase, LogHistogram h) {
        List<Long> bounds = new ArrayList<>();
        long max = h.max();
        outer:
        for (long decade = FIRST_BOUND_NS; decade <= Long.MAX_VALUE / 50; decade *= 10) {
            for (int s : STEPS) {
                bounds.add(decade * s);
                if (decade * s >= max) {
                    break outer;
                }
            }
        }
        if (bounds.get(bounds.size() - 1) < max) {
            bounds.add(max); // beyond any clock a trace can have; keeps the last bucket honest
        }
        long[] counts = new long[bounds.size()];
        h.forEachBin((lowest, count) -> {
            int i = 0;
            while (i < counts.length - 1 && lowest > bounds.get(i)) {
                i++;
            }
            counts[i] += count;
        });
        List<LatencyHistogram.Bucket> buckets = new ArrayList<>(counts.length);
        for (int i = 0; i < counts.length; i++) {
            buckets.add(new LatencyHistogram.Bucket(Btt.seconds(bounds.get(i)), counts[i]));
        }
        return new LatencyHistogram(device, phase, buckets);
    }
}
