package dev.ioverdict.analysis.iostat;

/**
 * Without a block trace, how a device's writes were made durable, from iostat's flush columns
 * (sysstat 12's f/s and f_await), in the reports where flushes come with most writes: what a write
 * of the device's own takes, its w_await less the flushes it holds ({@link FlushHeldWrites#ownWriteMs}).
 * A synchronous write call waits for its data's write, and then for the journal's writes and the
 * cache flushes, which iostat cannot tell from the data's: the call's time beyond its own write is
 * the cost of durability.
 *
 * @param held        reports whose writes come with flushes ({@link FlushHeldWrites#holds})
 * @param writing     reports with writes
 * @param writes      writes a second, summed over the held reports
 * @param ownWriteMs  writes a second x a write's own time, summed over the held reports
 * @param flushes     flushes a second (f/s), summed over the held reports
 * @param flushMs     flushes a second x f_await, summed over the held reports
 * @param anyFlushes  flushes a second, summed over every report with a flush (a commit of many writes flushes once)
 * @param anyFlushMs  flushes a second x f_await, summed over those reports
 */
public record IostatCommits(int held, int writing, double writes, double ownWriteMs, double flushes, double flushMs,
                            double anyFlushes, double anyFlushMs) {

    /** The device's writes were commits: flushes with most of them, in at least one report. */
    public boolean commits() {
        return held > 0 && 2 * held >= writing && writes > 0;
    }

    /** What a write of the device's own takes on average, less the flushes its await holds, ms. */
    public double writeMs() {
        return writes > 0 ? ownWriteMs / writes : 0;
    }

    /** The pattern of {@code series}; null without a series or its flush columns. */
    public static IostatCommits of(DeviceSeries series) {
        if (series == null || series.points().isEmpty() || !series.points().get(0).sample().has("f/s")) {
            return null;
        }
        int held = 0;
        int writing = 0;
        double writes = 0;
        double ownWriteMs = 0;
        double flushes = 0;
        double flushMs = 0;
        double anyFlushes = 0;
        double anyFlushMs = 0;
        for (IostatPoint p : series.points()) {
            double f = p.sample().value("f/s");
            double fAwait = p.sample().value("f_await");
            if (f > 0 && fAwait >= 0) {
                anyFlushes += f;
                anyFlushMs += f * fAwait;
            }
            if (!(p.sample().value("w/s") > 0)) {
                continue;
            }
            writing++;
            if (FlushHeldWrites.holds(p)) {
                held++;
                writes += p.sample().value("w/s");
                ownWriteMs += p.sample().value("w/s") * FlushHeldWrites.ownWriteMs(p);
                flushes += p.sample().value("f/s");
                flushMs += p.sample().value("f/s") * Math.max(0, p.sample().value("f_await"));
            }
        }
        return new IostatCommits(held, writing, writes, ownWriteMs, flushes, flushMs, anyFlushes, anyFlushMs);
    }
}
