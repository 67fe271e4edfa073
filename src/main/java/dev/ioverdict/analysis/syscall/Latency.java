package dev.ioverdict.analysis.syscall;

import dev.ioverdict.analysis.LogHistogram;
import java.util.ArrayList;
import java.util.List;

/**
 * Count, errors and the latency figures of a set of calls, in one pass. The percentiles come from
 * a {@link LogHistogram} of nanoseconds (3 significant digits, the block phases' histogram) and are
 * kept inside [min, max]; without a histogram only count/total/min/max are kept (the per-process
 * figures).
 */
final class Latency {
    long count;
    long errors;
    long timed;
    double total;
    double min = Double.POSITIVE_INFINITY;
    double max;
    private final LogHistogram histogram;

    Latency(boolean percentiles) {
        histogram = percentiles ? new LogHistogram() : null;
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
            histogram.record(Math.round(seconds * 1e9));
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

    /** Calls per latency bucket: upper bounds 1 us, 2 us, 5 us ... 10 s (log-spaced), then one open bucket. */
    List<SyscallHistograms.Bucket> buckets() {
        List<SyscallHistograms.Bucket> out = new ArrayList<>();
        if (histogram == null) {
            return out;
        }
        double[] bounds = SyscallHistograms.BOUNDS;
        long[] counts = new long[bounds.length + 1];
        histogram.forEachBin((lowest, count) -> {
            // a bin counts as its middle value
            long highest = LogHistogram.highest(LogHistogram.index(lowest));
            double seconds = (lowest + (highest - lowest + 1) / 2) / 1e9;
            int b = 0;
            while (b < bounds.length && seconds > bounds[b]) {
                b++;
            }
            counts[b] += count;
        });
        for (int b = 0; b < bounds.length; b++) {
            out.add(new SyscallHistograms.Bucket(bounds[b], counts[b]));
        }
        out.add(new SyscallHistograms.Bucket(Double.POSITIVE_INFINITY, counts[bounds.length]));
        return out;
    }

    Double percentile(double p) {
        if (timed == 0 || histogram == null) {
            return null;
        }
        double v = histogram.binHighest(p) / 1e9;
        return Math.max(min, Math.min(max, v));
    }
}
