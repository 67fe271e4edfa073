package dev.ioverdict.rules.block;

import dev.ioverdict.analysis.config.StorageConfig;
import dev.ioverdict.analysis.iostat.DeviceSeries;
import dev.ioverdict.analysis.iostat.IostatPoint;
import dev.ioverdict.analysis.iostat.IostatTimeline;
import dev.ioverdict.analysis.iostat.SchedulerHold;
import dev.ioverdict.model.Confidence;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Impact;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.Subject;
import dev.ioverdict.rules.Input;
import dev.ioverdict.rules.Inputs;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.SubjectMetrics;
import dev.ioverdict.rules.disk.IostatEvidence;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * scheduler-latency without a block trace: a device its scheduler lets serve one request at a time
 * (bfq with strict_guarantees 1), where iostat's response time beyond the device's busy time per
 * completion is the wait in the scheduler ({@link SchedulerHold}). Judged by the rule's own limits on
 * the scheduler's share; a device the block trace shows is judged there, on I2D.
 */
final class IostatSchedulerHold {
    /** iostat's series of the devices whose scheduler serves one request at a time. */
    static final Input<List<DeviceSeries>> SERIES = Input.derived("iostat-one-at-a-time",
            "iostat -x of a device its scheduler lets serve one request at a time (bfq with strict_guarantees 1)",
            c -> {
                StorageConfig config = c.results().get(StorageConfig.class).orElse(null);
                List<DeviceSeries> held = c.results().get(IostatTimeline.class).map(IostatTimeline::series)
                        .orElse(List.of()).stream().filter(s -> SchedulerHold.of(s, config).isPresent()).toList();
                return held.isEmpty() ? Optional.empty() : Optional.of(held);
            });

    private IostatSchedulerHold() {
    }

    static void judge(RuleContext ctx, List<DeviceSeries> series, Optional<BlockFigures> traced) {
        StorageConfig config = ctx.optional(Inputs.STORAGE).orElse(null);
        for (DeviceSeries s : series) {
            if (traced.flatMap(figs -> figs.device(s.device())).isPresent()) {
                continue;
            }
            SchedulerHold hold = SchedulerHold.of(s, config).orElse(null);
            if (hold == null || hold.requests() < ctx.value(BlockFigures.MIN_IOS)) {
                continue;
            }
            double sharePct = 100 * hold.share();
            if (sharePct < ctx.value(SchedulerLatencyRule.SHARE_PCT)
                    || hold.perIoMs() / 1000 < ctx.seconds(SchedulerLatencyRule.MIN_AVG_MS)) {
                continue;
            }
            report(ctx, s, hold, sharePct >= ctx.value(SchedulerLatencyRule.CRITICAL_SHARE_PCT)
                    ? Severity.CRITICAL : Severity.WARNING);
        }
    }

    private static void report(RuleContext ctx, DeviceSeries s, SchedulerHold hold, Severity severity) {
        String label = IostatEvidence.label(ctx, s.device());
        var storage = ctx.optional(Inputs.STORAGE);
        double heldSeconds = hold.perIoMs() / 1000 * hold.requests();
        String directions = hold.readShare() == null || hold.writeShare() == null ? ""
                : " (reads " + Figures.percent(100 * hold.readShare()) + ", writes "
                + Figures.percent(100 * hold.writeShare()) + ")";
        String title = "I/O scheduler holds requests on " + label + ": " + Figures.percent(100 * hold.share())
                + " of their response time, the device serving one at a time";
        String summary = "bfq runs " + label + " with strict_guarantees = 1 (" + hold.strict().input() + ":"
                + hold.strict().line() + "), which dispatches a request only when none is in the device: the device "
                + "serves one request at a time and the others wait in the scheduler. Over " + hold.reports()
                + " iostat reports with I/O it completed one every " + Figures.duration(hold.perCompletionMs() / 1000)
                + " while busy (" + s.busyLabel() + " over the completions), the most a request spent in the device;"
                + " the response time beyond that is the wait in bfq: at least " + Figures.percent(100 * hold.share())
                + " of the requests' time in " + s.responseLabel() + directions + ", about "
                + Figures.duration(hold.perIoMs() / 1000) + " per request over " + Figures.count(hold.requests())
                + ". iostat counts the time in the scheduler in its await and queue size, so the device looks "
                + "saturated from outside; a block trace measures the wait itself (I2D against D2C).";
        var f = ctx.finding(Subject.device(s.device(), label), title)
                .severity(severity)
                .summary(summary)
                .recommendation(SchedulerAdvice.recommend(s.device(), hold.scheduler(),
                        storage.flatMap(c -> c.queueSetting(s.device(), "rotational")).orElse(null), hold.strict(), false))
                .iostat(s)
                .figure(SubjectMetrics.OF_DEVICE_TIME, 100 * hold.share())
                .figure(SchedulerLatencyRule.I2D_PER_IO, hold.perIoMs() / 1000)
                .figure(BlockFigures.IOS, hold.requests())
                .text(SchedulerLatencyRule.SCHEDULER, hold.scheduler().active())
                .evidence(new Evidence(hold.scheduler().input(), hold.scheduler().line(), hold.scheduler().text()))
                .evidence(new Evidence(hold.strict().input(), hold.strict().line(), hold.strict().text()))
                .evidence(IostatEvidence.lines(s.points().stream().filter(IostatPoint::hasIo)
                        .sorted(Comparator.comparingDouble(IostatPoint::responseMs).reversed()).limit(3).toList()))
                .impact(Impact.measured(heldSeconds, "iostat: each report's IOPS x (await - busy time per completion) "
                        + "x interval, summed").of(heldSeconds / hold.share(), "the requests' time on " + label
                        + " (IOPS x await x interval)"))
                .doubt(Confidence.MEDIUM, "no block trace of the device: the scheduler's wait is iostat's response "
                        + "time beyond the device's busy time per completion, a lower bound");
        if (hold.readShare() != null) {
            f.figure(SubjectMetrics.OF_READ_TIME, 100 * hold.readShare());
        }
        if (hold.writeShare() != null) {
            f.figure(SubjectMetrics.OF_WRITE_TIME, 100 * hold.writeShare());
        }
        f.report();
    }
}
