package dev.ioverdict.rules.disk;

import dev.ioverdict.analysis.iostat.DeviceSeries;
import dev.ioverdict.analysis.iostat.IostatPoint;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Severity;
import dev.ioverdict.rules.Rule;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.RuleInfo;
import dev.ioverdict.rules.Threshold;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;

/**
 * A device that cannot keep up: long response times (svc_t, await) while busy (%b, %util), with
 * requests piling up in front of it. Seed 003's rule of thumb: svc_t over 50 ms at over 20 % busy
 * is a bottleneck, 30-50 ms deserves watching. Busy % alone proves nothing on devices that serve
 * requests in parallel (arrays, SSD, NVMe, loop, dm, md): there 100 % only means "never idle", so
 * the response time must also stand well above the device's own light-load time in the same
 * capture, with a queue behind it.
 */
public final class DiskSaturationRule implements Rule {
    private static final RuleInfo INFO = new RuleInfo("disk-saturation",
            "Disk saturated: long service times while busy", Severity.CRITICAL,
            "iostat shows a device answering slowly (svc_t, await) while busy (%b, %util), with requests queued "
                    + "in front of it, over several reports: the device is the bottleneck (seed 003).",
            List.of(IostatEvidence.IOSTAT), List.of(),
            List.of(new Threshold("await_ms", 50, "ms", "response time (svc_t, wsvc_t+asvc_t, await) of a bottleneck"),
                    new Threshold("busy_pct", 20, "%", "busy (%b, %util) of a bottleneck"),
                    new Threshold("watch_ms", 30, "ms", "response time worth watching (warning)"),
                    new Threshold("watch_busy_pct", 5, "%", "busy above which a watch-level response time counts"),
                    new Threshold("min_queue", 2, "requests", "average requests outstanding (aqu-sz, avgqu-sz, "
                            + "wait+actv) below which slow answers are the device's latency, not saturation"),
                    new Threshold("queue_factor", 2, "x", "response time must reach this multiple of the device's "
                            + "light-load response time in the same capture (when there is one)"),
                    new Threshold("min_consecutive", 3, "reports", "reports in a row that make it sustained"),
                    new Threshold("min_share_pct", 50, "%", "or this share of the device's reports")));

    @Override
    public RuleInfo info() {
        return INFO;
    }

    @Override
    public void evaluate(RuleContext ctx) {
        for (DeviceSeries s : IostatEvidence.series(ctx)) {
            Predicate<IostatPoint> queued = p -> p.hasIo()
                    && (Double.isNaN(p.queue()) || p.queue() >= ctx.threshold("min_queue"))
                    && (s.baselineMs() == null || p.responseMs() >= ctx.threshold("queue_factor") * s.baselineMs());
            Episodes bottleneck = Episodes.of(s.points(), queued.and(p -> p.responseMs() >= ctx.threshold("await_ms")
                    && p.busyPct() >= ctx.threshold("busy_pct")));
            Episodes watch = Episodes.of(s.points(), queued.and(p -> p.responseMs() >= ctx.threshold("watch_ms")
                    && p.busyPct() >= ctx.threshold("watch_busy_pct")));
            double minRun = ctx.threshold("min_consecutive");
            double minShare = ctx.threshold("min_share_pct");
            if (bottleneck.sustained(minRun, minShare)) {
                report(ctx, s, bottleneck, Severity.CRITICAL, "saturated", minRun);
            } else if (watch.sustained(minRun, minShare)) {
                report(ctx, s, watch, Severity.WARNING, "slow under load (watch)", minRun);
            } else if (bottleneck.any()) {
                report(ctx, s, bottleneck, Severity.INFO, "saturated in short bursts", minRun);
            }
        }
    }

    private static void report(RuleContext ctx, DeviceSeries s, Episodes e, Severity severity, String what,
                               double minRun) {
        Comparator<IostatPoint> slowest = Comparator.comparingDouble(IostatPoint::responseMs);
        IostatPoint worst = e.worst(slowest);
        String busy = s.busyLabel();
        double baseline = s.baselineMs() == null ? 0 : s.baselineMs();
        double excess = e.flagged().stream().mapToDouble(p -> Math.max(0, p.iops())
                * Math.max(0, p.responseMs() - baseline) / 1000 * s.secondsPerReport()).sum();
        String light = s.baselineMs() == null ? ""
                : " At light load in the same capture it answered in " + IostatEvidence.ms(s.baselineMs()) + ".";
        String title = s.device() + " " + what + ": " + s.responseLabel() + " up to "
                + IostatEvidence.ms(worst.responseMs()) + " at " + IostatEvidence.num(worst.busyPct()) + " " + busy;
        String summary = s.device() + " answered in "
                + IostatEvidence.avgWorst(e, IostatPoint::responseMs, "ms", s.responseLabel())
                + " while busy " + IostatEvidence.num(e.avg(IostatPoint::busyPct)) + " % of the time (" + busy
                + ") with " + IostatEvidence.num(e.avg(IostatPoint::queue)) + " requests outstanding ("
                + s.queueLabel() + ") " + IostatEvidence.span(s, e) + "." + light
                + (severity == Severity.INFO ? " The bursts do not last: they point at spikes of demand "
                + "(flushes, checkpoints, batch jobs) rather than a device too small for its load." : "");
        String level = severity == Severity.CRITICAL ? "bottleneck" : severity == Severity.WARNING ? "watch" : "bursts";
        var finding = ctx.finding(title)
                .severity(severity)
                .confidence(e.longestRun() >= minRun ? Finding.Confidence.HIGH : Finding.Confidence.MEDIUM)
                .summary(summary)
                .recommendation("The device cannot keep up with its load. Spread the load over more disks or LUNs "
                        + "(striping, moving hot files), move the busiest data to faster storage, make transfers larger "
                        + "so fewer I/Os carry the same data (read-ahead and write-behind: UFS maxcontig, maxphys, "
                        + "md_maxphys, vol_maxio on Solaris; the application's I/O size), reduce I/O with more cache, "
                        + "and check the array behind the device (RAID rebuild, write cache, controller and path "
                        + "saturation).")
                .metric("device", s.device())
                .metric("dialect", s.dialect().id())
                .metric("input", s.input())
                .metric("level", level)
                .metric("reports", e.flagged().size())
                .metric("ofReports", e.all().size())
                .metric("longestRun", e.longestRun())
                .metric("firstTime", DeviceSeries.when(e.first().sample()))
                .metric("lastTime", DeviceSeries.when(e.last().sample()))
                .metric("responseColumn", s.responseLabel())
                .metric("worstResponseMs", IostatEvidence.round(worst.responseMs()))
                .metric("avgResponseMs", IostatEvidence.round(e.avg(IostatPoint::responseMs)))
                .metric("maxBusyPct", IostatEvidence.round(e.max(IostatPoint::busyPct)))
                .metric("maxQueue", IostatEvidence.round(e.max(IostatPoint::queue)))
                .metric("excessWaitSeconds", IostatEvidence.round(excess))
                .evidence(IostatEvidence.lines(e.worst(3, slowest)))
                .weight(excess);
        if (s.baselineMs() != null) {
            finding.metric("baselineMs", IostatEvidence.round(s.baselineMs()));
        }
        finding.report();
    }
}
