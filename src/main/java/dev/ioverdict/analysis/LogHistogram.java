package dev.ioverdict.analysis;

import java.util.Arrays;

/**
 * Counts of nanosecond latencies in log-linear bins: exact below 2048 ns, above that 1024 bins
 * per power of two, so any value is known within 0.1 % (HdrHistogram's scheme with 3 significant
 * digits, bin for bin, so the block phases and the syscalls share one histogram and HdrHistogram
 * is no dependency: recording is on the path of every block event and needs nothing of
 * HdrHistogram's concurrency care). Grows to the largest value seen; mergeable. Counts are
 * 16 bits, a quarter of the bytes of longs: a trace records into dozens of these at random bins
 * and the cache misses were the cost; a bin that fills its 16 bits moves the count on to
 * {@code overflow}.
 * For the same reason values are kept in a small buffer and counted a buffer at a time: the
 * increments of one tight loop miss the cache side by side, not one after the other between
 * the tracker's own steps.
 */
public final class LogHistogram {
    private static final int SUB_BITS = 10;
    private static final int SUB = 1 << SUB_BITS;
    private static final int PENDING = 64;
    /** What a bin holds before its count moves on to {@link #overflow}. */
    static final int BIN_LIMIT = Character.MAX_VALUE;

    private char[] counts = new char[2 * SUB];
    /** Counts moved out of bins that filled, by bin; null until one does. */
    private long[] overflow;
    private long total;
    /** The samples' sum, so an average is exact where the bins give percentiles within 0.1 %. */
    private long sum;
    private long max;
    private final long[] pending = new long[PENDING];
    private int pendingCount;

    public void record(long ns) {
        pending[pendingCount] = ns;
        if (++pendingCount == PENDING) {
            flush();
        }
    }

    /** Counts the values waiting in the buffer. */
    private void flush() {
        char[] c = counts;
        long top = max;
        for (int k = 0; k < pendingCount; k++) {
            long ns = pending[k];
            int i = index(ns);
            if (i >= c.length) {
                c = Arrays.copyOf(c, Math.max(i + 1, c.length + SUB));
                counts = c;
            }
            if (++c[i] == BIN_LIMIT) {
                spill(i, BIN_LIMIT);
                c[i] = 0;
            }
            top = Math.max(top, ns);
            sum += ns;
        }
        max = top;
        total += pendingCount;
        pendingCount = 0;
    }

    private void spill(int i, long n) {
        if (overflow == null || overflow.length <= i) {
            overflow = overflow == null ? new long[counts.length] : Arrays.copyOf(overflow, counts.length);
        }
        overflow[i] += n;
    }

    public void add(LogHistogram other) {
        flush();
        other.flush();
        if (other.counts.length > counts.length) {
            counts = Arrays.copyOf(counts, other.counts.length);
        }
        for (int i = 0; i < other.counts.length; i++) {
            long sum = counts[i] + other.count(i);
            counts[i] = (char) (sum % BIN_LIMIT);
            if (sum >= BIN_LIMIT) {
                spill(i, sum - counts[i]);
            }
        }
        total += other.total;
        sum += other.sum;
        max = Math.max(max, other.max);
    }

    /** The count of bin i. */
    private long count(int i) {
        long n = i < counts.length ? counts[i] : 0;
        return overflow != null && i < overflow.length ? n + overflow[i] : n;
    }

    public long total() {
        flush();
        return total;
    }

    public long max() {
        flush();
        return max;
    }

    /** The sum of every sample, in the unit recorded. */
    public long sum() {
        flush();
        return sum;
    }

    /**
     * The value at percentile {@code p} (0 < p <= 100): the highest value of the bin holding the
     * sample of that rank, never above the largest sample.
     */
    public long percentile(double p) {
        return Math.min(binHighest(p), max);
    }

    /**
     * The highest value of the bin holding the sample at percentile {@code p}, the sample of rank
     * ceil(p/100 n) (HdrHistogram's {@code getValueAtPercentile}); the largest sample when empty.
     */
    public long binHighest(double p) {
        flush();
        long rank = Math.max(1, (long) Math.ceil(p / 100.0 * total));
        long seen = 0;
        for (int i = 0; i < counts.length; i++) {
            seen += count(i);
            if (seen >= rank) {
                return highest(i);
            }
        }
        return max;
    }

    /** Calls {@code visitor} with the lowest value and count of every non-empty bin, in order. */
    public void forEachBin(BinVisitor visitor) {
        flush();
        for (int i = 0; i < counts.length; i++) {
            long n = count(i);
            if (n != 0) {
                visitor.bin(lowest(i), n);
            }
        }
    }

    public interface BinVisitor {
        void bin(long lowest, long count);
    }

    public static int index(long v) {
        if (v < 2 * SUB) {
            return (int) Math.max(v, 0);
        }
        int m = 63 - Long.numberOfLeadingZeros(v);
        return (m - SUB_BITS + 1) * SUB + (int) ((v >>> (m - SUB_BITS)) - SUB);
    }

    public static long lowest(int i) {
        if (i < 2 * SUB) {
            return i;
        }
        int m = i / SUB + SUB_BITS - 1;
        return (long) (i % SUB + SUB) << (m - SUB_BITS);
    }

    public static long highest(int i) {
        if (i < 2 * SUB) {
            return i;
        }
        int m = i / SUB + SUB_BITS - 1;
        return lowest(i) + (1L << (m - SUB_BITS)) - 1;
    }
}
