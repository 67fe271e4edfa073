package dev.ioverdict.model.block;

import java.util.List;

/**
 * One device over time, in fixed intervals of {@code intervalSeconds} from the trace start (its
 * first event), and a bounded sample of (completion time from the trace start, D2C) points that
 * always holds the slowest completions. Every device of a trace has the same intervals. In flight
 * means issued (D) and not yet completed (C); D2C is per request (D..C pair).
 */
public record DeviceTimeline(String device, double intervalSeconds, List<Interval> intervals, List<Point> d2cPoints) {
    public DeviceTimeline {
        intervals = List.copyOf(intervals);
        d2cPoints = List.copyOf(d2cPoints);
    }

    /** Completions, bytes, mean in-flight requests, mean and max D2C (s) of one interval. */
    public record Interval(double start, long ios, long bytes, double avgInFlight, double avgD2c, double maxD2c) {
    }

    public record Point(double time, double d2c) {
    }
}
