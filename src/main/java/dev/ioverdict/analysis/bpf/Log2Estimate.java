package dev.ioverdict.analysis.bpf;

import dev.ioverdict.model.bpf.BpfSection;
import dev.ioverdict.model.bpf.LatencyHistogram;
import java.util.ArrayList;
import java.util.List;

/**
 * What a log2 histogram says of its values, said as an estimate: the tools keep counts per power
 * of two, not the values. Percentiles are interpolated linearly within the bucket that holds the
 * rank, the average takes each value at its bucket's middle, min and max are the bounds of the
 * first and last non-empty buckets.
 */
final class Log2Estimate {
    private Log2Estimate() {
    }

    /** The buckets of histograms of one thing summed (the intervals of a periodic biolatency), in order of their bounds. */
    static List<BpfSection.Bucket> sum(List<LatencyHistogram> histograms) {
        List<BpfSection.Bucket> out = new ArrayList<>();
        for (LatencyHistogram h : histograms) {
            for (LatencyHistogram.Bucket b : h.buckets()) {
                double low = BpfAnalysis.ns(b.low());
                double high = BpfAnalysis.ns(b.high());
                int i = 0;
                while (i < out.size() && out.get(i).low() < low) {
                    i++;
                }
                if (i < out.size() && out.get(i).low() == low && out.get(i).high() == high) {
                    BpfSection.Bucket was = out.get(i);
                    out.set(i, new BpfSection.Bucket(was.low(), was.high(), was.count() + b.count()));
                } else {
                    out.add(i, new BpfSection.Bucket(low, high, b.count()));
                }
            }
        }
        return out;
    }

    /** The estimate, or null when every bucket is empty. */
    static BpfSection.Stat of(List<BpfSection.Bucket> buckets) {
        long n = 0;
        double sum = 0;
        double min = Double.NaN;
        double max = 0;
        for (BpfSection.Bucket b : buckets) {
            if (b.count() == 0) {
                continue;
            }
            n += b.count();
            sum += b.count() * (b.low() + b.high()) / 2;
            if (Double.isNaN(min)) {
                min = b.low();
            }
            max = b.high();
        }
        if (n == 0) {
            return null;
        }
        return new BpfSection.Stat(n, BpfAnalysis.ns(min), BpfAnalysis.ns(sum / n), BpfAnalysis.ns(max),
                BpfAnalysis.ns(percentile(buckets, n, 50)), BpfAnalysis.ns(percentile(buckets, n, 95)),
                BpfAnalysis.ns(percentile(buckets, n, 99)), true);
    }

    /** The value of rank p/100 n, linear within its bucket. */
    static double percentile(List<BpfSection.Bucket> buckets, long n, double p) {
        double rank = p / 100 * n;
        long before = 0;
        for (BpfSection.Bucket b : buckets) {
            if (b.count() > 0 && before + b.count() >= rank) {
                return b.low() + (b.high() - b.low()) * (rank - before) / b.count();
            }
            before += b.count();
        }
        return buckets.isEmpty() ? 0 : buckets.get(buckets.size() - 1).high();
    }
}
