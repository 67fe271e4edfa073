package dev.ioverdict.analysis.block;

import java.util.ArrayList;
import java.util.List;

/**
 * The intervals every device's timeline shares: from the first event of the trace, 1 ms wide
 * to begin with and doubled whenever the trace outgrows {@link #MAX_INTERVALS}, so a timeline
 * costs the same for a second as for a day. The grid tells its timelines when it widens: a
 * check of the width in each timeline step was a branch taken a few times per trace, and its
 * first taking after the JIT compiled the tracker threw that code away (an uncommon trap), to
 * be compiled again, once per place the check was inlined.
 */
final class TimeGrid {
    static final long FIRST_WIDTH_NS = 1_000_000L;
    static final int MAX_INTERVALS = 512;

    private long origin = Long.MIN_VALUE;
    private long width = FIRST_WIDTH_NS;
    private long last = Long.MIN_VALUE;
    /** The first time past the last interval: no division on the path of every event. */
    private long limit = Long.MIN_VALUE;
    private long reviewAt = Long.MIN_VALUE;
    private final List<ActivityTimeline> timelines = new ArrayList<>();

    /** {@code timeline} is told, from now on, each time the intervals double. */
    void follow(ActivityTimeline timeline) {
        timelines.add(timeline);
    }

    /** Notes an event time; the first one fixes the origin. */
    void see(long t) {
        if (origin == Long.MIN_VALUE) {
            origin = t;
            limit = origin + MAX_INTERVALS * width;
            reviewAt = origin;
        }
        if (t > last) {
            last = t;
            if (t >= reviewAt) {
                review(t);
            }
        }
    }

    /**
     * Widens the grid if {@code t} is past it. Looked at every {@link #FIRST_WIDTH_NS} of trace
     * time, not only at the limit: a branch taken that often is compiled in with the caller,
     * where one first taken after minutes would throw the compiled tracker away.
     */
    private void review(long t) {
        while (t >= limit) {
            width *= 2;
            limit = origin + MAX_INTERVALS * width;
            for (ActivityTimeline timeline : timelines) {
                timeline.widened();
            }
        }
        reviewAt = Math.min(limit, t + FIRST_WIDTH_NS);
    }

    boolean started() {
        return origin != Long.MIN_VALUE;
    }

    long origin() {
        return origin;
    }

    long width() {
        return width;
    }

    long last() {
        return last;
    }

    /** Interval of time {@code t}, 0 for anything before the origin. */
    int index(long t) {
        return t <= origin ? 0 : (int) ((t - origin) / width);
    }

    int intervals() {
        return started() ? index(last) + 1 : 0;
    }
}
