package dev.ioverdict.analysis.iostat;


/**
 * An iostat report whose write await holds the flush sequence (sysstat 12's f/s and f_await, the
 * kernel's flush requests): a write with a preflush is accounted from getting its request, so its
 * w_await counts the cache flush it waits for before it is issued, and the one after it when the
 * device has no FUA. When flushes come with most writes the await is the commit's round trips, not
 * what a request of the device's own costs. Without f/s (sysstat before 12) nothing is held.
 */
public final class FlushHeldWrites {
    /**
     * A commit flushes the cache at least once (fdatasync: one flush; fsync on XFS without FUA: the log
     * write's preflush and postflush): at one flush per two writes or more, the writes are commits.
     */
    public static final double FLUSHES_PER_WRITE = 0.5;

    private FlushHeldWrites() {
    }

    /** Whether the report's writes come with flushes, at least one per two writes. */
    public static boolean holds(IostatPoint p) {
        return p.sample().has("f/s") && p.sample().has("f_await") && p.sample().has("w/s")
                && p.sample().value("w/s") > 0 && p.sample().value("f/s") >= FLUSHES_PER_WRITE * p.sample().value("w/s");
    }

    /**
     * The write await less the flush time it can hold, ms: every flush counted inside a write (f/s x
     * f_await over w/s). A lower bound of the device's own write time: an fdatasync's flush stands alone.
     */
    public static double ownWriteMs(IostatPoint p) {
        double w = p.sample().value("w/s");
        return Math.max(0, p.sample().value("w_await") - p.sample().value("f/s") * p.sample().value("f_await") / w);
    }

    /** The share of the report's second its cache flushes held the device (f/s x f_await), 0 without them. */
    public static double flushingShare(IostatPoint p) {
        double share = p.sample().value("f/s") * p.sample().value("f_await") / 1000;
        return share > 0 ? share : 0;
    }

    /** The report's reads and discards alone, rate-weighted, ms; NaN when it did neither. */
    public static double withoutWritesMs(IostatPoint p) {
        double n = 0;
        double ms = 0;
        for (String d : new String[] {"r", "d"}) {
            if (p.sample().has(d + "/s") && p.sample().has(d + "_await") && p.sample().value(d + "/s") > 0) {
                n += p.sample().value(d + "/s");
                ms += p.sample().value(d + "/s") * p.sample().value(d + "_await");
            }
        }
        return n > 0 ? ms / n : Double.NaN;
    }
}
