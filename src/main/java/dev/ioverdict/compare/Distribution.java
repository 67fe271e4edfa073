package dev.ioverdict.compare;

import dev.ioverdict.model.block.PhaseDistribution;
import java.util.Arrays;

/**
 * Latency samples as ascending distinct values with their counts: either a phase's 0.1 % log
 * histogram (every I/O of the trace, constant memory) or a reservoir of raw samples.
 */
record Distribution(double[] values, long[] counts, long n, String kind) {
    static Distribution of(PhaseDistribution d) {
        long n = 0;
        for (long c : d.counts()) {
            n += c;
        }
        return new Distribution(d.upTo(), d.counts(), n, "log histogram, every I/O, bins 0.1 % wide");
    }

    static Distribution ofSamples(double[] samples, long population, String kind) {
        double[] sorted = samples.clone();
        Arrays.sort(sorted);
        int distinct = 0;
        double[] values = new double[sorted.length];
        long[] counts = new long[sorted.length];
        for (double v : sorted) {
            if (distinct > 0 && values[distinct - 1] == v) {
                counts[distinct - 1]++;
            } else {
                values[distinct] = v;
                counts[distinct++] = 1;
            }
        }
        return new Distribution(Arrays.copyOf(values, distinct), Arrays.copyOf(counts, distinct), sorted.length, kind);
    }

    /** The value of the sample at rank ceil(p/100 n), as btt's and the report's percentiles. */
    double quantile(double p) {
        long rank = Math.max(1, (long) Math.ceil(p / 100.0 * n));
        long seen = 0;
        for (int i = 0; i < values.length; i++) {
            seen += counts[i];
            if (seen >= rank) {
                return values[i];
            }
        }
        return values[values.length - 1];
    }

    double mean() {
        double sum = 0;
        for (int i = 0; i < values.length; i++) {
            sum += values[i] * counts[i];
        }
        return sum / n;
    }
}
