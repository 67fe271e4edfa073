package dev.ioverdict.analysis.timemodel;

import dev.ioverdict.analysis.iostat.DeviceSeries;
import dev.ioverdict.analysis.iostat.IostatAnalysis;
import dev.ioverdict.analysis.iostat.IostatPoint;

/**
 * Without a block trace, how much of a process's wait on a device was spent behind I/O it did not
 * issue: iostat's bytes, both directions (a read queues behind writes too), while the device was busy,
 * against the bytes every traced process's calls moved per second (a process's siblings are not its
 * neighbours). Bytes, not requests: the block layer splits and merges requests but
 * moves the same bytes. The part of the await above the device's light-load response time is
 * queueing, and the requests ahead belong to the others in the share of the bytes that are theirs.
 */
final class UntracedLoad {
    /** Reports at least this busy are the ones a queue builds in. */
    static final double BUSY_PCT = 50;
    /**
     * The others' share of the bytes below which nothing is said: two tools' windows, read-ahead, journal and
     * metadata writes move the byte count by tens of percent; untraced load is claimed only when it is most of it.
     */
    static final double MOST_PCT = 50;

    /**
     * {@code fraction}: the part of the process's device wait spent behind others' I/O; {@code othersPct}:
     * their share of the device's bytes while busy; {@code reports}: the busy reports; {@code lightLoad}:
     * the service time is the device's light-load await in this capture, not its class's.
     */
    record Estimate(double fraction, double othersPct, double deviceBytesPerSecond, double ownBytesPerSecond,
                    double awaitMs, double serviceMs, boolean lightLoad, int reports) {
    }

    private UntracedLoad() {
    }

    /**
     * The estimate for the waits of {@code direction} ("read" or "write"), or null when iostat does not
     * print the bytes and that direction's await, the device was never busy, or the others' bytes are not
     * most of its bytes.
     */
    static Estimate of(DeviceSeries series, String direction, double ownBytesPerSecond, double classLimitMs) {
        if (series == null || !(ownBytesPerSecond >= 0)) {
            return null;
        }
        String await = direction.equals("read") ? "r_await" : "w_await";
        String rate = direction.equals("read") ? "r/s" : "w/s";
        double bytes = 0;
        double awaits = 0;
        int n = 0;
        for (IostatPoint p : series.points()) {
            // a busy report with no request of the direction has no await of it: its 0 is no response time
            if (!(p.busyPct() >= BUSY_PCT) || !(p.sample().value(rate) > 0)) {
                continue;
            }
            double k = p.sample().value("rkB/s") + p.sample().value("wkB/s");
            double a = p.sample().value(await);
            if (Double.isNaN(k) || Double.isNaN(a)) {
                return null;
            }
            bytes += k * 1024;
            awaits += a;
            n++;
        }
        if (n == 0 || bytes <= 0) {
            return null;
        }
        double deviceRate = bytes / n;
        double awaitMs = awaits / n;
        // the light-load response this capture shows, else what the device's class serves a request in
        Double lightMs = series.baselineMs() != null ? series.baselineMs() : lightLoadMs(series, rate, await);
        double serviceMs = lightMs != null ? lightMs : classLimitMs;
        double queueing = awaitMs > 0 ? Math.max(0, 1 - serviceMs / awaitMs) : 0;
        double own = Math.min(1, ownBytesPerSecond / deviceRate);
        if (100 * (1 - own) < MOST_PCT) {
            return null;
        }
        return new Estimate((1 - own) * queueing, 100 * (1 - own), deviceRate, ownBytesPerSecond, awaitMs, serviceMs,
                lightMs != null, n);
    }

    /**
     * Where too few reports had a light load for the series' baseline (a short run's second or two before the
     * others start), the direction's await over those reports, weighted by their requests, once they hold as many
     * requests as a block trace needs to measure a service time alone; null with fewer.
     */
    private static Double lightLoadMs(DeviceSeries series, String rate, String await) {
        double requests = 0;
        double time = 0;
        for (IostatPoint p : series.points()) {
            double r = p.sample().value(rate);
            double a = p.sample().value(await);
            if (p.queue() <= IostatAnalysis.LIGHT_QUEUE && r > 0 && a > 0) {
                double n = r * series.secondsPerReport();
                requests += n;
                time += n * a;
            }
        }
        return requests >= Assigner.MIN_ALONE_REQUESTS ? time / requests : null;
    }
}
