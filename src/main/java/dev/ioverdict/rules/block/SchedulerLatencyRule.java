package dev.ioverdict.rules.block;

import dev.ioverdict.model.Confidence;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Impact;
import dev.ioverdict.model.Metric;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.block.PhaseStat;
import dev.ioverdict.model.config.QueueSetting;
import dev.ioverdict.model.config.SchedulerSetting;
import dev.ioverdict.model.timemodel.Part;
import dev.ioverdict.rules.MeasuredIn;
import dev.ioverdict.rules.ChartSpec;
import dev.ioverdict.rules.EvidenceKind;
import dev.ioverdict.rules.Inputs;
import dev.ioverdict.rules.Meaning;
import dev.ioverdict.rules.Rule;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.RuleInfo;
import dev.ioverdict.rules.SubjectMetrics;
import dev.ioverdict.rules.Threshold;
import dev.ioverdict.rules.aio.AioCompletionWaitRule;
import dev.ioverdict.rules.disk.DiskSaturationRule;
import dev.ioverdict.rules.disk.IostatEvidence;
import dev.ioverdict.rules.disk.QueueWaitRule;
import java.util.List;

/**
 * Requests wait in the I/O scheduler: I2D (insert to issue) holds most of Q2C, btt's Device
 * Overhead (seed 002: I2D 97.8 %). The device is fast; the elevator holds the requests.
 */
public final class SchedulerLatencyRule extends Rule {
    public static final Metric I2D_ONLY_SHARE_PCT = Metric.percent("i2dOnlySharePct", "I2D share of Q2C");
    public static final Metric I2D_PER_IO = Metric.duration("i2dPerIo", "scheduler time per I/O");
    public static final Metric SCHEDULER = Metric.text("scheduler", "active scheduler");

    static final Threshold SHARE_PCT = Threshold.percent("share_pct", 50,
            "I2D share of Q2C (btt Device Overhead) that raises a warning");
    static final Threshold CRITICAL_SHARE_PCT = Threshold.percent("critical_share_pct", 75,
            "I2D share of Q2C that makes it critical");
    static final Threshold MIN_AVG_MS = Threshold.millis("min_avg_ms", 1,
            "least I2D time per completed I/O (share x Q2C avg) worth a finding");
    static final Threshold CLASS_AVG_MS = Threshold.millis("class_avg_ms", 10,
            "a class of I/O (reads, writes, one process) whose average scheduler wait reaches this ...");
    static final Threshold CLASS_RATIO = Threshold.factor("class_ratio", 5,
            "... and is this many times the other classes' is starved");
    static final Threshold CLASS_OUTLIER_MS = Threshold.millis("class_outlier_ms", 500,
            "a class whose longest scheduler wait reaches this (and the ratio) has starved outliers");

    public static final String ID = "scheduler-latency";
    /** The scheduler's share of Q2C: I2D and M2D together. */
    public static final Metric SHARE = Metric.percent("i2dSharePct", "scheduler share of Q2C (I2D + M2D)");
    public static final Metric M2D_SHARE = Metric.percent("m2dSharePct", "M2D share of Q2C");

    private static final RuleInfo INFO = new RuleInfo(ID,
            "Requests wait in the I/O scheduler (I2D dominates Q2C)", Severity.CRITICAL,
            """
            The time from a bio's entering the I/O scheduler until its request is dispatched to the driver (I2D \
            for inserted bios, M2D for bios merged into a waiting request) holds most of Q2C and is not \
            trivial per I/O; or one class of I/O (reads, writes, one process) waits there far longer \
            than the others, starved behind them. The device answers quickly; the elevator (cfq, bfq, \
            mq-deadline's write batches ...) or a full device queue holds requests. Without a block trace, \
            on a device bfq serves one request at a time (strict_guarantees 1): iostat's response time \
            beyond the device's busy time per completion is the scheduler's.""",
            List.of(), List.of(BlockFigures.INPUT, IostatSchedulerHold.SERIES), List.of(Inputs.STORAGE, IostatEvidence.SERIES),
            List.of(SHARE_PCT, CRITICAL_SHARE_PCT, MIN_AVG_MS, BlockFigures.MIN_IOS, CLASS_AVG_MS, CLASS_RATIO, CLASS_OUTLIER_MS));

    /** The starved class's scheduler time, as a share of its own Q2C: what fixing it gives back to that class. */
    private static Impact classImpact(StarvedClass c, BlockFigures.Device d) {
        var w = c.starved();
        return Impact.measured(w.time().avg() * w.time().n(), "scheduler wait (I2D + M2D) of the " + w.label())
                .of(w.q2c().avg() * w.q2c().n(), "Q2C time of the " + w.label() + " on " + d.label());
    }

    public SchedulerLatencyRule() {
        super(INFO, MeasuredIn.device(Part.SCHEDULER),
                Meaning.of(Meaning.Layer.SCHEDULER).use(Meaning.Resource.DEVICE, Meaning.Use.SATURATION)
                        // iostat sees the scheduler's wait only on a device it serves one request at a time
                        .evidence(EvidenceKind.BLOCK_TRACE, EvidenceKind.BTT_REPORT, EvidenceKind.IOSTAT)
                        // the process waits in io_getevents because completions wait in the scheduler
                        .explains(AioCompletionWaitRule.ID, "when the process's requests went to the device: it waits for completions the scheduler holds back",
                                AioCompletionWaitRule::waitsOn)
                        .explains(QueueWaitRule.ID, "about the same device",
                                Meaning.Explains::sameSubject)
                        .explains(DiskSaturationRule.ID, "about the same device",
                                Meaning.Explains::sameSubject)
                        .chart(f -> f.has(SHARE) ? new ChartSpec.Shares(SubjectMetrics.DEVICE, SubjectMetrics.DEVNO, SHARE,
                                f.has(M2D_SHARE) ? "I2D + M2D" : "I2D", BlockFigures.LIMIT_SHARE) : ChartSpec.NONE)
                        .insideView(BlockFigures.heldIn("in the I/O scheduler", SHARE)));
    }

    @Override
    public void evaluate(RuleContext ctx) {
        ctx.optional(BlockFigures.INPUT).ifPresent(figs -> traced(ctx, figs));
        ctx.optional(IostatSchedulerHold.SERIES).ifPresent(series ->
                IostatSchedulerHold.judge(ctx, series, ctx.optional(BlockFigures.INPUT)));
    }

    /** The devices of a block trace or btt report: their I2D and M2D against Q2C, and the classes starved there. */
    private static void traced(RuleContext ctx, BlockFigures figs) {
        var storage = ctx.optional(Inputs.STORAGE);
        for (BlockFigures.Device d : figs.devices()) {
            PhaseStat q2c = d.phase(Phase.Q2C);
            if (q2c.n() < ctx.value(BlockFigures.MIN_IOS) || q2c.avg() == null || q2c.avg() == 0) {
                continue;
            }
            // scheduler time is I2D for inserted bios and M2D for bios merged into a waiting request;
            // btt's Device Overhead shows only the first
            double i2d = d.share(Phase.I2D);
            double m2d = share(d, Phase.M2D, q2c);
            double share = i2d + m2d;
            double perIo = share / 100 * q2c.avg();
            // above 100 % the shares count different I/Os (lost completions): ConsistencyAnalysis says so
            boolean shareHolds = share <= 100 && d.share(Phase.D2C) <= 100;
            boolean overall = share >= ctx.value(SHARE_PCT) && shareHolds && perIo >= ctx.seconds(MIN_AVG_MS);
            var waits = figs.trace().schedulerWaits();
            long minIos = (long) ctx.value(BlockFigures.MIN_IOS);
            var starved = StarvedClass.find(waits, d.id(), "direction", minIos, ctx.seconds(CLASS_AVG_MS),
                    ctx.seconds(CLASS_OUTLIER_MS), ctx.value(CLASS_RATIO))
                    .or(() -> StarvedClass.find(waits, d.id(), "process", minIos, ctx.seconds(CLASS_AVG_MS),
                            ctx.seconds(CLASS_OUTLIER_MS), ctx.value(CLASS_RATIO)));
            if (!overall && starved.isEmpty()) {
                continue;
            }
            // StorageConfig prefers the sysfs line that lists every choice over lsblk's active-only column
            String key = d.name() != null ? d.name() : d.id();
            SchedulerSetting scheduler = storage.flatMap(c -> c.scheduler(key)).orElse(null);
            QueueSetting rotational = storage.flatMap(c -> c.queueSetting(key, "rotational")).orElse(null);
            String doubt = inconsistency(d, i2d, q2c);
            Severity byShare = !overall ? Severity.INFO
                    : share >= ctx.value(CRITICAL_SHARE_PCT) ? Severity.CRITICAL : Severity.WARNING;
            Severity byClass = starved.map(c -> c.slowOnAverage() ? Severity.CRITICAL : Severity.WARNING)
                    .orElse(Severity.INFO);
            Severity severity = byShare.atLeast(byClass) ? byShare : byClass;
            String what = m2d >= 1 ? "I2D + M2D" : "I2D";
            // the starved class is the point when it is worse than the average says
            boolean classFirst = starved.isPresent() && (!overall || byClass.ordinal() < byShare.ordinal()
                    || starved.get().slowOnAverage() && starved.get().starved().time().avg() > 2 * perIo);
            String title = !classFirst
                    ? "I/O scheduler holds requests on " + d.label() + ": " + what + " is " + Figures.percent(share) + " of Q2C"
                    : "I/O scheduler starves " + starved.get().starved().label() + " on " + d.label() + ": "
                            + Figures.duration(starved.get().starved().time().avg()) + " average wait, up to "
                            + Figures.duration(starved.get().starved().time().max()) + ", against "
                            + Figures.duration(starved.get().others().time().avg()) + " for "
                            + starved.get().others().label();
            String overallText = "Requests on " + d.label() + " spend " + Figures.percent(share) + " of their "
                    + "queue-to-complete time (Q2C) in the I/O scheduler, from insertion (I2D"
                    + (m2d >= 1 ? ", " + Figures.percent(i2d) + ") or from being merged into a waiting request (M2D, "
                    + Figures.percent(m2d) + ")" : ")") + " until dispatch to the driver: about " + Figures.duration(perIo)
                    + " of the " + Figures.duration(q2c.avg()) + " an I/O takes on average, over " + Figures.count(q2c.n())
                    + " I/Os, while the device itself (D2C) holds " + Figures.percent(d.share(Phase.D2C)) + ". ";
            var f = ctx.finding(d.subject(), title)
                    .severity(severity)
                    .summary((overall ? overallText : "") + starved.map(c -> c.sentence() + " ").orElse("")
                            + schedulerText(scheduler, d) + doubt)
                    .recommendation(SchedulerAdvice.recommend(d.name(), scheduler, rotational,
                            storage.flatMap(c -> c.queueSetting(key, "iosched/strict_guarantees")).orElse(null),
                            figs.oracleWorkload()))
                    .with(d::describe)
                    // shares above 100 % count different I/Os (lost completions, a damaged trace): not figures
                    .figure(SHARE, shareHolds ? share : null)
                    .figure(I2D_ONLY_SHARE_PCT, shareHolds && m2d >= 1 ? i2d : null)
                    .figure(M2D_SHARE, shareHolds && m2d >= 1 ? m2d : null)
                    .limit(BlockFigures.LIMIT_SHARE.labelled("limit for the scheduler share"), SHARE_PCT)
                    .figure(I2D_PER_IO, shareHolds ? perIo : null)
                    .figure(BlockFigures.Q2C_AVG, q2c.avg())
                    .figure(BlockFigures.IOS, q2c.n())
                    .evidence(figs.bttLines(d, Phase.I2D, Phase.M2D, Phase.Q2C))
                    .evidence(figs.slowestLines(d, Phase.I2D, 3))
                    .impact(classFirst && starved.get().starved().sharePct() != null ? classImpact(starved.get(), d)
                            : Impact.measured(perIo * q2c.n(), "scheduler share x Q2C average x I/Os")
                            .of(q2c.avg() * q2c.n(), "Q2C time on " + d.label()));
            if (starved.isPresent() && d.name() != null) {
                ctx.optional(IostatEvidence.SERIES).ifPresent(series ->
                        f.evidence(IostatEvidence.worstFor(series, d.name(), starved.get().starved().label())));
            }
            starved.ifPresent(c -> f.evidence(figs.slowestOfClass(d, c.starved(), 3)));
            storage.flatMap(c -> c.queueSetting(key, "iosched/strict_guarantees"))
                    .filter(q -> q.value().strip().equals("1"))
                    .ifPresent(q -> f.evidence(new Evidence(q.input(), q.line(), q.text())));
            starved.ifPresent(c -> c.figures(f));
            // the cause is measured in all the device's scheduler time when the scheduler holds requests as a whole,
            // and in the starved direction's alone when only that direction waits there
            starved.filter(c -> !overall).map(c -> c.starved().label())
                    .filter(l -> l.startsWith("read") || l.startsWith("write"))
                    .ifPresent(l -> f.text(SubjectMetrics.DIRECTION, l));
            if (!doubt.isEmpty()) {
                f.doubt(Confidence.MEDIUM, "the btt report's own I2D row disagrees with its Device Overhead table");
            }
            if (scheduler != null) {
                f.text(SCHEDULER, scheduler.active() == null ? "" : scheduler.active())
                        .evidence(new Evidence(scheduler.input(), scheduler.line(), scheduler.text()));
            }
            f.report();
        }
    }

    /** A phase's share of Q2C from its own row, as btt computes Device Overhead. */
    private static double share(BlockFigures.Device d, Phase p, PhaseStat q2c) {
        PhaseStat x = d.phase(p);
        return x.avg() == null || x.n() == 0 ? 0 : 100 * x.avg() * x.n() / (q2c.avg() * q2c.n());
    }

    private static String schedulerText(SchedulerSetting s, BlockFigures.Device d) {
        if (s == null) {
            return "No scheduler setting for " + d.label() + " was read from the bundle. ";
        }
        return "Active scheduler: " + (s.active() == null ? "none bracketed" : s.active()) + " (offered: "
                + String.join(" ", s.available()) + "; " + s.input() + ":" + s.line() + "). ";
    }

    /** A btt report whose I2D and Q2C rows do not add up to its own Device Overhead share. */
    private static String inconsistency(BlockFigures.Device d, double share, PhaseStat q2c) {
        PhaseStat i2d = d.phase(Phase.I2D);
        if (!d.fromBtt() || i2d.n() == 0 || i2d.avg() == null || q2c.avg() == null || q2c.avg() == 0) {
            return "";
        }
        double fromRows = 100 * i2d.avg() * i2d.n() / (q2c.avg() * q2c.n());
        if (Math.abs(fromRows - share) < 10 || Math.max(fromRows, share) < 2 * Math.min(fromRows, share)) {
            return "";
        }
        return "Caution: btt's own rows do not add up to this table (see Data consistency).";
    }
}
