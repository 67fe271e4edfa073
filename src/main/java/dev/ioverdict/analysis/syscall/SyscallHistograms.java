package dev.ioverdict.analysis.syscall;

import java.util.List;

/** Latency distributions of the AIO syscalls per input, for the report's charts (not in report.json). */
public record SyscallHistograms(List<Distribution> distributions) {
    /** Upper bounds of the buckets, seconds: 1-2-5 steps from 1 us to 10 s. */
    public static final double[] BOUNDS = {1e-6, 2e-6, 5e-6, 1e-5, 2e-5, 5e-5, 1e-4, 2e-4, 5e-4, 1e-3, 2e-3, 5e-3,
        1e-2, 2e-2, 5e-2, 0.1, 0.2, 0.5, 1, 2, 5, 10};

    public SyscallHistograms {
        distributions = List.copyOf(distributions);
    }

    public record Distribution(String source, String input, String name, List<Bucket> buckets) {
        public Distribution {
            buckets = List.copyOf(buckets);
        }

        public long total() {
            return buckets.stream().mapToLong(Bucket::count).sum();
        }
    }

    /** Calls whose latency is above the previous bound and at most {@code upTo} seconds. */
    public record Bucket(double upTo, long count) {
    }
}
