package dev.ioverdict.analysis.block;

import dev.ioverdict.model.block.DeviceTimeline;
import java.util.ArrayList;
import java.util.List;

/**
 * One device's activity per interval of the shared {@link TimeGrid}: completions and their
 * bytes, the time-weighted number of requests in flight (issued, not completed), and the D2C of
 * the requests completed. Follows the grid when it widens (the grid tells it) by folding
 * interval pairs.
 */
final class ActivityTimeline {
    private final TimeGrid grid;
    private long width;
    private long[] ios = new long[TimeGrid.MAX_INTERVALS];
    private long[] bytes = new long[TimeGrid.MAX_INTERVALS];
    private double[] inFlightArea = new double[TimeGrid.MAX_INTERVALS];
    private long[] d2cCount = new long[TimeGrid.MAX_INTERVALS];
    private double[] d2cSum = new double[TimeGrid.MAX_INTERVALS];
    private long[] d2cMax = new long[TimeGrid.MAX_INTERVALS];
    private int inFlight;
    private int slotIndex;
    private long slotFrom = Long.MAX_VALUE;
    private long slotTo = Long.MIN_VALUE;
    private long lastChange = Long.MIN_VALUE;

    ActivityTimeline(TimeGrid grid) {
        this.grid = grid;
        this.width = grid.width();
        grid.follow(this);
    }

    void completed(long t, long nbytes) {
        int i = slot(t);
        ios[i]++;
        bytes[i] += nbytes;
    }

    void d2c(long t, long ns) {
        int i = slot(t);
        d2cCount[i]++;
        d2cSum[i] += ns;
        if (ns > d2cMax[i]) {
            d2cMax[i] = ns;
        }
    }

    /** The number of requests in flight changed to {@code count} at time {@code t}. */
    void inFlight(long t, int count) {
        advance(t);
        inFlight = count;
    }

    private void advance(long t) {
        if (lastChange == Long.MIN_VALUE || t <= lastChange) {
            lastChange = Math.max(t, lastChange);
            return;
        }
        if (inFlight > 0) {
            long a = lastChange;
            while (a < t) {
                int i = slot(a);
                long b = Math.min(t, slotTo);
                inFlightArea[i] += (double) inFlight * (b - a);
                a = b;
            }
        }
        lastChange = t;
    }

    /** Interval of {@code t}; events come in time order, so the last answer usually holds. */
    private int slot(long t) {
        if (t >= slotFrom && t < slotTo) {
            return slotIndex;
        }
        slotIndex = grid.index(t);
        slotFrom = grid.origin() + slotIndex * width;
        slotTo = slotFrom + width;
        if (slotIndex == 0) {
            slotFrom = Long.MIN_VALUE;
        }
        return slotIndex;
    }

    /** The grid's intervals doubled: two of ours become one. */
    void widened() {
        slotFrom = Long.MAX_VALUE;
        slotTo = Long.MIN_VALUE;
        fold(ios);
        fold(bytes);
        fold(inFlightArea);
        fold(d2cCount);
        fold(d2cSum);
        foldMax(d2cMax);
        width *= 2;
    }

    DeviceTimeline build(String device, List<DeviceTimeline.Point> points) {
        advance(grid.last());
        int n = grid.intervals();
        double w = width / 1e9;
        List<DeviceTimeline.Interval> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            long from = grid.origin() + i * width;
            long covered = Math.max(1, Math.min(width, grid.last() - from));
            double avgD2c = d2cCount[i] == 0 ? 0 : d2cSum[i] / d2cCount[i] / 1e9;
            out.add(new DeviceTimeline.Interval(i * w, ios[i], bytes[i], inFlightArea[i] / covered, avgD2c,
                    Btt.seconds(d2cMax[i])));
        }
        return new DeviceTimeline(device, w, out, points);
    }

    private static void fold(long[] a) {
        for (int i = 0; i < a.length / 2; i++) {
            a[i] = a[2 * i] + a[2 * i + 1];
        }
        java.util.Arrays.fill(a, a.length / 2, a.length, 0);
    }

    private static void fold(double[] a) {
        for (int i = 0; i < a.length / 2; i++) {
            a[i] = a[2 * i] + a[2 * i + 1];
        }
        java.util.Arrays.fill(a, a.length / 2, a.length, 0);
    }

    private static void foldMax(long[] a) {
        for (int i = 0; i < a.length / 2; i++) {
            a[i] = Math.max(a[2 * i], a[2 * i + 1]);
        }
        java.util.Arrays.fill(a, a.length / 2, a.length, 0);
    }
}
