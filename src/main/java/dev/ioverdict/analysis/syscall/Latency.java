package dev.ioverdict.analysis.syscall;

import org.HdrHistogram.Histogram;

/**
 * Count, errors and the latency figures of a set of calls, in one pass. The percentiles come from
 * an HdrHistogram of nanoseconds (3 significant digits) and are kept inside [min, max]; without
 * a histogram only count/total/min/max are kept (the per-process figures).
 */
final class Latency {
    long count;
    long errors;
    long timed;
    double total;
    double min = Double.POSITIVE_INFINITY;
    double max;
    private final Histogram histogram;

    Latency(boolean percentiles) {
        histogram = percentiles ? new Histogram(3) : null;
    }

    void add(Double seconds, boolean failed) {
        count++;
        if (failed) {
            errors++;
        }
        if (seconds == null || seconds < 0 || Double.isNaN(seconds)) {
            return;
        }
        timed++;
        total += seconds;
        min = Math.min(min, seconds);
        max = Math.max(max, seconds);
        if (histogram != null) {
            histogram.recordValue(Math.round(seconds * 1e9));
        }
    }

    Double total() {
        return timed == 0 ? null : total;
    }

    Double min() {
        return timed == 0 ? null : min;
    }

    Double avg() {
        return timed == 0 ? null : total / timed;
    }

    Double max() {
        return timed == 0 ? null : max;
    }

    Double percentile(double p) {
        if (timed == 0 || histogram == null) {
            return null;
        }
        double v = histogram.getValueAtPercentile(p) / 1e9;
        return Math.max(min, Math.min(max, v));
    }
}
