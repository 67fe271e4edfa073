package dev.ioverdict.analysis.iostat;

import dev.ioverdict.analysis.config.StorageConfig;
import dev.ioverdict.model.config.QueueSetting;
import dev.ioverdict.model.config.SchedulerSetting;
import java.util.Optional;

/**
 * A device its I/O scheduler lets serve one request at a time, seen by iostat alone. bfq with
 * {@code strict_guarantees = 1} dispatches a request only when none is outstanding in the device
 * (Documentation/block/bfq-iosched.rst), so every request beyond the first waits in the scheduler,
 * and Linux's await and aqu-sz count that wait with the device's. Served one at a time, a request
 * takes at most the device's busy time over its completions: the response beyond that is the
 * scheduler's, per report and per direction. An upper bound of the device's part, so the
 * scheduler's share is a lower bound: %util also counts the time bfq idles with requests held.
 *
 * <p>{@code readShare}, {@code writeShare}: each direction's share of its own time (IOPS x await,
 * over the reports with I/O) spent in the scheduler, null where iostat printed no such direction;
 * {@code share} the same over both; {@code perIoMs} the scheduler's wait per completed request;
 * {@code perCompletionMs} the device's busy time per completion over the same reports.
 */
public record SchedulerHold(String device, SchedulerSetting scheduler, QueueSetting strict, Double readShare,
                            Double writeShare, double share, double perIoMs, double perCompletionMs, long requests,
                            int reports) {

    /** The hold of {@code series}'s device, where its scheduler serves one request at a time and the reports had I/O. */
    public static Optional<SchedulerHold> of(DeviceSeries series, StorageConfig config) {
        if (series == null || config == null) {
            return Optional.empty();
        }
        Optional<SchedulerSetting> scheduler = config.scheduler(series.device()).filter(s -> "bfq".equals(s.active()));
        Optional<QueueSetting> strict = config.queueSetting(series.device(), "iosched/strict_guarantees")
                .filter(q -> q.value().strip().equals("1"));
        if (scheduler.isEmpty() || strict.isEmpty()) {
            return Optional.empty();
        }
        double[] read = new double[2];
        double[] write = new double[2];
        double[] both = new double[2];
        double requests = 0;
        double busyMs = 0;
        int reports = 0;
        boolean byDirection = true;
        for (IostatPoint p : series.points()) {
            if (!p.hasIo() || !(p.iops() > 0) || Double.isNaN(p.busyPct())) {
                continue;
            }
            double perCompletion = Math.min(p.busyPct(), 100) * 10 / p.iops();
            var x = p.sample();
            if (x.has("r/s") && x.has("r_await") && x.has("w/s") && x.has("w_await")) {
                add(read, x.value("r/s"), x.value("r_await"), perCompletion);
                add(write, x.value("w/s"), x.value("w_await"), perCompletion);
            } else {
                byDirection = false;
            }
            add(both, p.iops(), p.responseMs(), perCompletion);
            requests += p.iops() * series.secondsPerReport();
            busyMs += Math.min(p.busyPct(), 100) * 10 * series.secondsPerReport();
            reports++;
        }
        if (reports == 0 || both[1] <= 0) {
            return Optional.empty();
        }
        double[] total = byDirection ? new double[] {read[0] + write[0], read[1] + write[1]} : both;
        if (total[1] <= 0) {
            return Optional.empty();
        }
        return Optional.of(new SchedulerHold(series.device(), scheduler.get(), strict.get(),
                byDirection ? share(read) : null, byDirection ? share(write) : null, total[0] / total[1],
                total[0] * series.secondsPerReport() / requests, busyMs / requests, Math.round(requests), reports));
    }

    /** One report's time of a direction ({@code rate} x {@code awaitMs}) and its part beyond the device's. */
    private static void add(double[] sums, double rate, double awaitMs, double perCompletionMs) {
        if (rate > 0 && awaitMs > 0 && Double.isFinite(rate * awaitMs)) {
            sums[0] += rate * Math.max(0, awaitMs - perCompletionMs);
            sums[1] += rate * awaitMs;
        }
    }

    private static Double share(double[] sums) {
        return sums[1] > 0 ? sums[0] / sums[1] : null;
    }

    /** The share of a direction's time in the scheduler ("read", "write"), else the device's over both. */
    public double shareOf(String direction) {
        Double d = "read".equals(direction) ? readShare : "write".equals(direction) ? writeShare : null;
        return d != null ? d : share;
    }
}
