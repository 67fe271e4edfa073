package dev.ioverdict.analysis.block;

/**
 * The intervals every device's timeline shares: from the first event of the trace, 1 ms wide
 * to begin with and doubled whenever the trace outgrows {@link #MAX_INTERVALS}, so a timeline
 * costs the same for a second as for a day.
 */
final class TimeGrid {
    static final long FIRST_WIDTH_NS = 1_000_000L;
    static final int MAX_INTERVALS = 512;

    private long origin = Long.MIN_VALUE;
    private long width = FIRST_WIDTH_NS;
    private long last = Long.MIN_VALUE;
    /** The first time past the last interval: no division on the path of every event. */
    private long limit = Long.MIN_VALUE;

    /** Notes an event time; the first one fixes the origin. */
    void see(long t) {
        if (origin == Long.MIN_VALUE) {
            origin = t;
            limit = origin + MAX_INTERVALS * width;
        }
        if (t > last) {
            last = t;
            while (t >= limit) {
                width *= 2;
                limit = origin + MAX_INTERVALS * width;
            }
        }
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
