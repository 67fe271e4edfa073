package dev.ioverdict.analysis;

import java.util.Arrays;

/**
 * How many things fell in each slice of a trace and what they add up to, for a chart over time
 * with a bounded number of slices: it grows as later slices arrive, and when the owner doubles
 * the slice width every pair of slices folds into one. Arrays, not maps: it is fed once per I/O.
 */
public final class SliceTotals {
    private long[] count = new long[16];
    private double[] total = new double[16];

    public void add(int slice, double amount) {
        if (slice >= count.length) {
            int size = Math.max(slice + 1, count.length * 2);
            count = Arrays.copyOf(count, size);
            total = Arrays.copyOf(total, size);
        }
        count[slice]++;
        total[slice] += amount;
    }

    /** Each pair of slices becomes one: the slice width doubled. */
    public void fold() {
        for (int i = 0; i < count.length; i++) {
            int from = 2 * i;
            count[i] = (from < count.length ? count[from] : 0) + (from + 1 < count.length ? count[from + 1] : 0);
            total[i] = (from < total.length ? total[from] : 0) + (from + 1 < total.length ? total[from + 1] : 0);
        }
    }

    /** One past the last slice that may hold anything. */
    public int slices() {
        return count.length;
    }

    public long count(int slice) {
        return slice < count.length ? count[slice] : 0;
    }

    public double total(int slice) {
        return slice < total.length ? total[slice] : 0;
    }
}
