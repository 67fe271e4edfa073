package dev.ioverdict.analysis.block;

import dev.ioverdict.model.block.DeviceTimeline;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.PriorityQueue;

/**
 * A bounded sample of (completion time, D2C) points for a scatter chart: a uniform reservoir
 * plus, always, the slowest completions, so the outliers a reader looks for are never sampled
 * away. The reservoir's generator is seeded, so the same trace gives the same sample.
 */
final class PointSample {
    static final int RESERVOIR = 1000;
    static final int SLOWEST = 25;

    private record Point(long time, long d2c) {
    }

    private final Point[] reservoir = new Point[RESERVOIR];
    private final PriorityQueue<Point> slowest = new PriorityQueue<>(Comparator.comparingLong(Point::d2c));
    private long seen;
    private long random = 0x2545F4914F6CDD1DL;

    void add(long time, long d2c) {
        Point p = null;
        if (seen < RESERVOIR) {
            p = new Point(time, d2c);
            reservoir[(int) seen] = p;
        } else {
            long r = Math.unsignedMultiplyHigh(next(), seen + 1); // uniform in [0, seen], no division
            if (r < RESERVOIR) {
                p = new Point(time, d2c);
                reservoir[(int) r] = p;
            }
        }
        seen++;
        if (slowest.size() < SLOWEST) {
            slowest.add(p != null ? p : new Point(time, d2c));
        } else if (d2c > slowest.peek().d2c()) {
            slowest.poll();
            slowest.add(p != null ? p : new Point(time, d2c));
        }
    }

    /** The points by time, in seconds from {@code origin}. */
    List<DeviceTimeline.Point> points(long origin) {
        IdentityHashMap<Point, Boolean> all = new IdentityHashMap<>();
        for (int i = 0; i < Math.min(seen, RESERVOIR); i++) {
            all.put(reservoir[i], Boolean.TRUE);
        }
        for (Point p : slowest) {
            all.put(p, Boolean.TRUE);
        }
        List<Point> sorted = new ArrayList<>(all.keySet());
        sorted.sort(Comparator.comparingLong(Point::time).thenComparingLong(Point::d2c));
        List<DeviceTimeline.Point> out = new ArrayList<>(sorted.size());
        for (Point p : sorted) {
            out.add(new DeviceTimeline.Point(Btt.seconds(Math.max(0, p.time() - origin)), Btt.seconds(p.d2c())));
        }
        return out;
    }

    private long next() {
        random ^= random << 13;
        random ^= random >>> 7;
        random ^= random << 17;
        return random;
    }
}
