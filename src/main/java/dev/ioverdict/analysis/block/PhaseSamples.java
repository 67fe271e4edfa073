package dev.ioverdict.analysis.block;

import dev.ioverdict.model.block.PhaseStat;
import org.HdrHistogram.Histogram;

/**
 * btt's {@code avg_info} for one phase (n, min, max and total in integer nanoseconds, so the
 * figures come out as btt prints them) plus an HdrHistogram of the same samples for the
 * percentiles btt does not give: 3 significant digits, i.e. within 0.1 % of the true value.
 */
final class PhaseSamples {
    static final int DIGITS = 3;

    long n;
    long min;
    long max;
    long total;
    private Histogram histogram;

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
        histogram().recordValue(ns);
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
        histogram().add(other.histogram);
    }

    Histogram histogram() {
        if (histogram == null) {
            histogram = new Histogram(DIGITS);
        }
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
        long v = histogram.getValueAtPercentile(p);
        // A histogram bucket's upper edge may pass the largest sample; never report beyond it.
        return Btt.seconds(Math.min(Math.max(v, min), max));
    }
}
