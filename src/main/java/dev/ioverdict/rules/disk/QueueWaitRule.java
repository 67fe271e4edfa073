package dev.ioverdict.rules.disk;

import dev.ioverdict.analysis.iostat.DeviceSeries;
import dev.ioverdict.analysis.iostat.IostatPoint;
import dev.ioverdict.model.Confidence;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Impact;
import dev.ioverdict.model.Metric;
import dev.ioverdict.model.Unit;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.Subject;
import dev.ioverdict.model.iostat.IostatDialect;
import dev.ioverdict.rules.ChartSpec;
import dev.ioverdict.rules.EvidenceKind;
import dev.ioverdict.rules.Inputs;
import dev.ioverdict.model.timemodel.Part;
import dev.ioverdict.rules.MeasuredIn;
import dev.ioverdict.rules.Meaning;
import dev.ioverdict.rules.Rule;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.RuleInfo;
import dev.ioverdict.rules.SubjectMetrics;
import dev.ioverdict.rules.Threshold;
import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.block.PhaseStat;
import dev.ioverdict.rules.block.BlockFigures;
import dev.ioverdict.rules.block.InsideQueue;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

/**
 * Requests wait in a queue before the device takes them. Solaris says it directly: %w, the share
 * of time the wait queue is not empty (seed 003: over 5 % is heavy queueing). Linux prints only
 * the queue size (aqu-sz, avgqu-sz) and await, which includes the wait: a long queue with await
 * well above the device's light-load time means requests wait.
 */
public final class QueueWaitRule extends Rule {
    public static final Metric AVG_WAIT = Metric.duration("avgWait", "wait per request");
    public static final Metric MAX_WAIT_PCT = Metric.percent("maxWaitPct", "highest %w");

    static final Threshold WAIT_PCT = Threshold.percent("wait_pct", 5,
            "Solaris %w (time the wait queue is not empty) of heavy queueing");
    static final Threshold AQU_SZ = Threshold.ratio("aqu_sz", 4, "Linux average queue size (aqu-sz, avgqu-sz) of a queue");
    static final Threshold MIN_AWAIT_MS = Threshold.millis("min_await_ms", 10,
            "Linux await below which a queue costs too little to matter");
    static final Threshold WAIT_FACTOR = Threshold.factor("wait_factor", 2, "Linux await must reach this multiple of "
            + "the device's light-load response time in the same capture (when there is one)");

    public static final String ID = "queue-wait";
    public static final Metric LIMIT_WAIT_PCT = Metric.percent("limitWaitPct", "limit for %w");

    private static final RuleInfo INFO = new RuleInfo(ID,
            "Requests wait in the queue before the device serves them", Severity.WARNING,
            """
            iostat shows requests queueing in front of a device for several reports: Solaris %w above the \
            threshold, or on Linux a long queue (aqu-sz, avgqu-sz) with await well above the \
            device's light-load response time.""",
            List.of(IostatEvidence.SERIES), List.of(Inputs.STORAGE, BlockFigures.INPUT),
            List.of(WAIT_PCT, AQU_SZ, MIN_AWAIT_MS, WAIT_FACTOR, Episodes.MIN_CONSECUTIVE, Episodes.MIN_SHARE_PCT));

    private static final String LINUX_ADVICE = "Check how many requests the device accepts at once "
            + "(/sys/block/DEV/device/queue_depth, the HBA and array LUN queue depth), the request queue size "
            + "(/sys/block/DEV/queue/nr_requests) and the I/O scheduler (/sys/block/DEV/queue/scheduler: none or "
            + "mq-deadline for SSD, NVMe and arrays). If the device is at its limit, spread the load over more devices "
            + "or paths or lower the application's concurrency. aqu-sz counts the requests waiting in the block layer "
            + "and those inside the device waiting for a free slot alike; a block trace tells them apart.";
    /** Where a block trace shows the requests waiting inside the device: the device is full, not held back. */
    private static final String INSIDE_ADVICE = "Lower the number of requests the application keeps outstanding on "
            + "DEV (QUEUE on average here: its threads, I/O depth or connections), or spread its load over more devices "
            + "or LUNs: the block trace shows them waiting inside the device for a free slot, not in front of it, so "
            + "queue depths and the scheduler would change nothing.";

    public QueueWaitRule() {
        super(INFO, MeasuredIn.device(Part.DEVICE, Part.SCHEDULER, Part.BEHIND_OTHER_IO),
                Meaning.of(Meaning.Layer.DEVICE).use(Meaning.Resource.DEVICE, Meaning.Use.SATURATION)
                        .evidence(EvidenceKind.IOSTAT).seenFromOutside()
                        .chart(f -> f.has(SubjectMetrics.INPUT) && (f.has(IostatEvidence.LIMIT_RESPONSE) || f.has(LIMIT_WAIT_PCT))
                                ? new ChartSpec.IostatSeries(SubjectMetrics.INPUT, SubjectMetrics.DEVICE,
                                IostatEvidence.LIMIT_RESPONSE, false,
                                new ChartSpec.Axis(ChartSpec.Axis.Series.QUEUE, IostatEvidence.LIMIT_QUEUE, true),
                                new ChartSpec.Axis(ChartSpec.Axis.Series.WAIT_PCT, LIMIT_WAIT_PCT, false)) : ChartSpec.NONE));
    }

    @Override
    public void evaluate(RuleContext ctx) {
        for (DeviceSeries s : ctx.input(IostatEvidence.SERIES)) {
            boolean solaris = s.dialect() == IostatDialect.SOLARIS;
            Predicate<IostatPoint> queued = solaris ? p -> p.waitPct() >= ctx.value(WAIT_PCT)
                    : p -> p.hasIo() && p.queue() >= ctx.value(AQU_SZ)
                    && p.responseMs() >= ctx.value(MIN_AWAIT_MS)
                    && (s.baselineMs() == null || p.responseMs() >= ctx.value(WAIT_FACTOR) * s.baselineMs());
            Episodes e = Episodes.of(s.points(), queued);
            double minRun = ctx.value(Episodes.MIN_CONSECUTIVE);
            if (e.sustained(minRun, ctx.value(Episodes.MIN_SHARE_PCT))) {
                report(ctx, s, e, solaris, minRun);
            }
        }
    }

    private static void report(RuleContext ctx, DeviceSeries s, Episodes e, boolean solaris, double minRun) {
        Comparator<IostatPoint> order = solaris ? Comparator.comparingDouble(IostatPoint::waitPct)
                : Comparator.comparingDouble(IostatPoint::queue);
        IostatPoint worst = e.worst(order);
        Double traced = solaris || s.baselineMs() != null ? null : tracedUnqueuedMs(ctx, s.device());
        ToDoubleFunction<IostatPoint> wait = p -> traced != null ? Math.max(0, p.responseMs() - traced) : waitMs(s, p);
        double avgWaitMs = e.avg(wait);
        // the trace shows the requests waiting for a free slot inside the device, not in front of it
        boolean inside = traced != null && avgWaitMs > 0 && waitsInside(ctx, s.device());
        double waitSeconds = e.flagged().stream()
                .mapToDouble(p -> Math.max(0, p.iops()) * wait.applyAsDouble(p) / 1000 * s.secondsPerReport()).sum();
        String how = solaris
                ? "the wait queue was not empty for " + IostatEvidence.avgWorst(e, IostatPoint::waitPct, " %", "%w")
                + " of the time"
                : "the queue held " + IostatEvidence.avgWorst(e, IostatPoint::queue, "", s.queueLabel())
                + " requests and each took " + IostatEvidence.ms(e.avg(IostatPoint::responseMs)) + " ("
                + s.responseLabel() + ")"
                + (s.baselineMs() == null ? "" : " against " + IostatEvidence.ms(s.baselineMs()) + " at light load");
        String label = IostatEvidence.label(ctx, s.device());
        var f = ctx.finding(Subject.device(s.device(), label), "Requests queue on " + label + ": " + (solaris
                        ? "%w up to " + IostatEvidence.num(worst.waitPct()) + " %"
                        : s.queueLabel() + " up to " + IostatEvidence.num(worst.queue())))
                .summary("On " + label + " " + how + " " + IostatEvidence.span(s, e) + ". About "
                        + IostatEvidence.ms(avgWaitMs) + " of each request's time was spent waiting"
                        + (traced == null ? "." : ": the block trace's requests dispatched into the device near-empty "
                        + "took " + IostatEvidence.ms(traced) + (inside ? ", the rest waited inside it for a free slot."
                        : ".")))
                .recommendation(solaris
                        ? "Requests wait in the host's queue for the disk. Check the throttle against what the LUN "
                        + "accepts (sd_max_throttle / ssd_max_throttle in /etc/system, the array's queue depth per "
                        + "LUN), spread the hot files over more disks or LUNs, and make transfers larger (maxcontig, "
                        + "maxphys) so fewer requests carry the same data."
                        : inside ? INSIDE_ADVICE.replace("DEV", s.device())
                                .replace("QUEUE", IostatEvidence.num(e.avg(IostatPoint::queue)))
                        : LINUX_ADVICE.replace("DEV", s.device()))
                .iostat(s)
                .with(e::figures)
                .evidence(IostatEvidence.lines(e.worst(3, order)))
                .figure(AVG_WAIT, avgWaitMs / 1000)
                // the queue's part of the device's time: each request's own service would stay
                .figure(SubjectMetrics.OF_DEVICE_TIME, DiskSaturationRule.shareOfDeviceTime(s, e.flagged().stream()
                        .filter(p -> p.hasIo() && p.iops() > 0).mapToDouble(p -> p.iops() * wait.applyAsDouble(p)).sum()))
                .impact(IostatEvidence.requestTime(waitSeconds, e.flagged().size(), s.secondsPerReport(), label,
                        "IOPS x wait per request x interval, summed over the flagged "
                        + "reports"));
        if (solaris) {
            f.figure(MAX_WAIT_PCT, worst.waitPct()).limit(LIMIT_WAIT_PCT, WAIT_PCT);
        } else {
            f.figure(IostatEvidence.MAX_QUEUE.labelled("highest " + s.queueLabel()), worst.queue())
                    .limit(IostatEvidence.LIMIT_QUEUE.labelled("limit for " + s.queueLabel()), AQU_SZ)
                    .limit(IostatEvidence.LIMIT_RESPONSE.labelled("limit for " + s.responseLabel()), MIN_AWAIT_MS);
        }
        if (e.longestRun() < minRun) {
            f.doubt(Confidence.MEDIUM, s.singleReport() ? "a single iostat report" : "no run of "
                    + Figures.number(minRun) + " reports in a row");
        }
        f.report();
    }

    /**
     * What a request of {@code device} takes with little ahead of it, from a block trace of the device where it
     * shows requests dispatched into it near-empty ({@link InsideQueue#nearEmpty}), ms; null without one. On a
     * device that serves several at once, iostat's own figures cannot say it: await less svctm, or the
     * assumption of one request in service, counts each request's own service as waiting.
     */
    private static Double tracedUnqueuedMs(RuleContext ctx, String device) {
        return traced(ctx, device).flatMap(d -> InsideQueue.of(ctx, d.id())).flatMap(InsideQueue::nearEmpty)
                .map(l -> l.averageSeconds() * 1000).orElse(null);
    }

    /** A block trace's figures of {@code device}, if the bundle holds one. */
    private static java.util.Optional<BlockFigures.Device> traced(RuleContext ctx, String device) {
        return ctx.optional(BlockFigures.INPUT).flatMap(figs -> figs.device(device));
    }

    /** Whether a block trace of {@code device} shows its requests' time spent mostly inside it (D2C over half of Q2C). */
    private static boolean waitsInside(RuleContext ctx, String device) {
        return traced(ctx, device).map(d -> {
            PhaseStat d2c = d.phase(Phase.D2C);
            PhaseStat q2c = d.phase(Phase.Q2C);
            return d2c.avg() != null && q2c.avg() != null && q2c.avg() > 0 && d2c.avg() > q2c.avg() / 2;
        }).orElse(false);
    }

    /**
     * Time one request spent waiting, estimated from what the dialect prints: Solaris wsvc_t, or
     * svc_t's share of wait in wait+actv; Linux await minus the light-load time, else minus svctm,
     * else assuming one request in service (await x (queue - 1) / queue).
     */
    static double waitMs(DeviceSeries s, IostatPoint p) {
        var row = p.sample();
        double r = p.responseMs();
        if (s.dialect() == IostatDialect.SOLARIS) {
            if (row.has("wsvc_t")) {
                return row.value("wsvc_t");
            }
            return p.queue() > 0 ? r * row.value("wait") / p.queue() : 0;
        }
        if (s.baselineMs() != null) {
            return Math.max(0, r - s.baselineMs());
        }
        if (row.has("svctm")) {
            return Math.max(0, r - row.value("svctm"));
        }
        return p.queue() > 1 ? r * (p.queue() - 1) / p.queue() : 0;
    }
}
