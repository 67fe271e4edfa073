package dev.ioverdict.analysis.block;

import dev.ioverdict.analysis.LogHistogram;
import dev.ioverdict.model.block.PhaseStat;

/**
 * btt's {@code avg_info} for one phase (n, min, max and total in integer nanoseconds, so the
 * figures come out as btt prints them) plus a {@link LogHistogram} of the same samples for the
 * percentiles btt does not give, within 0.1 % of the true value.
 */
final class PhaseSamples {
    long n;
    long min;
    long max;
    long total;
    private final LogHistogram histogram = new LogHistogram();

    void add(long ns) {
        if (n++ == 0) {
            min = ns;
            max = ns;
            total = ns;
        } else {
            if (ns < min) {
                min = ns;
            } else if (ns > max) {
                max = ns;
            }
            total += ns;
        }
        histogram.record(ns);
    }

    /** Folds {@code other} in, as if its samples had been added here. */
    void merge(PhaseSamples other) {
        if (other == null || other.n == 0) {
            return;
        }
        if (n == 0) {
            min = other.min;
            max = other.max;
        } else {
            min = Math.min(min, other.min);
            max = Math.max(max, other.max);
        }
        n += other.n;
        total += other.total;
        histogram.add(other.histogram);
    }

    LogHistogram histogram() {
        return histogram;
    }

    /** n/min/avg/max as btt prints them (avg rounded to its 9 decimals) and the percentiles. */
    PhaseStat stat() {
        if (n == 0) {
            return PhaseStat.EMPTY;
        }
        double avg = Btt.round(Btt.bitTime(total) / (double) n, 9);
        return new PhaseStat(n, Btt.seconds(min), avg, Btt.seconds(max), percentile(50), percentile(95),
                percentile(99));
    }

    private Double percentile(double p) {
        // the histogram's bins are 0.1 % wide: the highest one's bound can lie past the exact max
        return Btt.seconds(Math.min(Math.max(histogram.percentile(p), min), max));
    }
}
