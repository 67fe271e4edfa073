package dev.ioverdict.analysis.timemodel;

import dev.ioverdict.analysis.iostat.DeviceSeries;
import dev.ioverdict.analysis.iostat.IostatPoint;
import java.util.List;

/**
 * Without a block trace, the reads a buffered writer's sleeping write calls wait for. A write of part of
 * a page the page cache does not hold reads that page from the device first (read-modify-write): the
 * calls that sleep then come about as often as the device's reads, and the device's read time a second
 * holds their sleep a second. Writeback's throttle, the other reason a buffered write sleeps, makes the
 * device write, not read; so the match is made on reads the traced calls did not ask for themselves.
 */
final class PageReads {
    /** The device's reads per sleeping write: one page, two where a write straddles two, a few for a larger write. */
    static final double MIN_READS_PER_WRITE = 0.5;
    static final double MAX_READS_PER_WRITE = 4;
    /** The device's read time a second holds the writes' sleep a second when within this factor of it. */
    static final double HOLDS_WITHIN = 2;

    /**
     * {@code readsPerSecond}: the device's reads a second (over the reports in which it read) beyond the traced
     * calls' own; {@code awaitMs}: their r_await, weighted by the reads; {@code reports}: the reports in which it read.
     */
    record Match(String device, double readsPerSecond, double awaitMs, int reports) {
    }

    private PageReads() {
    }

    /**
     * The device whose reads hold the sleep of {@code sleepingWrites} write calls that slept {@code slept}
     * seconds over {@code span} seconds, or null when none does (or iostat prints no r/s and r_await).
     */
    static Match of(List<DeviceSeries> series, long sleepingWrites, double slept, double span,
                    double tracedReadsPerSecond) {
        if (sleepingWrites <= 0 || !(slept > 0) || !(span > 0)) {
            return null;
        }
        double writesPerSecond = sleepingWrites / span;
        double sleptPerSecond = slept / span;
        Match best = null;
        double bestDistance = Double.MAX_VALUE;
        for (DeviceSeries s : series) {
            Match m = reads(s, tracedReadsPerSecond);
            if (m == null) {
                continue;
            }
            double perWrite = m.readsPerSecond() / writesPerSecond;
            double held = m.readsPerSecond() * m.awaitMs() / 1000 / sleptPerSecond;
            if (perWrite < MIN_READS_PER_WRITE || perWrite > MAX_READS_PER_WRITE
                    || held < 1 / HOLDS_WITHIN || held > HOLDS_WITHIN) {
                continue;
            }
            double distance = Math.abs(Math.log(held));
            if (distance < bestDistance) {
                best = m;
                bestDistance = distance;
            }
        }
        return best;
    }

    private static Match reads(DeviceSeries s, double tracedReadsPerSecond) {
        double reads = 0;
        double readTime = 0;
        int reports = 0;
        for (IostatPoint p : s.points()) {
            double r = p.sample().value("r/s");
            double await = p.sample().value("r_await");
            if (Double.isNaN(r) || Double.isNaN(await)) {
                return null;
            }
            if (r > 0) {
                reads += r;
                readTime += r * await;
                reports++;
            }
        }
        if (reports == 0 || reads <= 0) {
            return null;
        }
        double beyond = reads / reports - Math.max(0, tracedReadsPerSecond);
        return beyond > 0 ? new Match(s.device(), beyond, readTime / reads, reports) : null;
    }
}
