package dev.ioverdict.rules.block;

import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Finding;
import dev.ioverdict.analysis.config.StorageConfig;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.block.PhaseStat;
import dev.ioverdict.model.config.QueueSetting;
import dev.ioverdict.model.config.SchedulerSetting;
import dev.ioverdict.rules.Rule;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.RuleInfo;
import dev.ioverdict.rules.Threshold;
import java.util.List;

/**
 * Requests wait in the I/O scheduler: I2D (insert to issue) holds most of Q2C, btt's Device
 * Overhead (seed 002: I2D 97.8 %). The device is fast; the elevator holds the requests.
 */
public final class SchedulerLatencyRule implements Rule {
    private static final RuleInfo INFO = new RuleInfo("scheduler-latency",
            "Requests wait in the I/O scheduler (I2D dominates Q2C)", Severity.CRITICAL,
            "btt's Device Overhead shows I2D, the time between a request's insertion into the I/O scheduler and "
                    + "its dispatch to the driver, holding most of Q2C, and the time per I/O is not trivial. The "
                    + "device answers quickly; the elevator (cfq, bfq ...) or a full device queue holds requests.",
            List.of(BlockFigures.REQUIREMENT), List.of(),
            List.of(new Threshold("share_pct", 50, "%", "I2D share of Q2C (btt Device Overhead) that raises a warning"),
                    new Threshold("critical_share_pct", 75, "%", "I2D share of Q2C that makes it critical"),
                    new Threshold("min_avg_ms", 1, "ms", "least I2D time per completed I/O (share x Q2C avg) worth a finding"),
                    new Threshold("min_ios", 20, "I/Os", "fewer completed I/Os (Q2C N) than this are too few to judge")));

    @Override
    public RuleInfo info() {
        return INFO;
    }

    @Override
    public void evaluate(RuleContext ctx) {
        BlockFigures figs = BlockFigures.of(ctx.data()).orElse(null);
        if (figs == null) {
            return;
        }
        for (BlockFigures.Device d : figs.devices()) {
            double share = d.share(Phase.I2D);
            PhaseStat q2c = d.phase(Phase.Q2C);
            if (share < ctx.threshold("share_pct") || q2c.n() < ctx.threshold("min_ios") || q2c.avg() == null) {
                continue;
            }
            double perIo = share / 100 * q2c.avg();
            if (perIo * 1000 < ctx.threshold("min_avg_ms")) {
                continue;
            }
            // StorageConfig prefers the sysfs line that lists every choice over lsblk's active-only column
            var storage = ctx.data().results().get(StorageConfig.class);
            String key = d.name() != null ? d.name() : d.id();
            SchedulerSetting scheduler = storage.flatMap(c -> c.scheduler(key)).orElseGet(() ->
                    ctx.data().facts().all(SchedulerSetting.class).stream().filter(x -> x.device().equals(d.name()))
                            .max(java.util.Comparator.comparingInt(x -> x.available().size())).orElse(null));
            QueueSetting rotational = storage.flatMap(c -> c.queueSetting(key, "rotational")).orElseGet(() ->
                    ctx.data().facts().all(QueueSetting.class).stream()
                            .filter(q -> q.device().equals(d.name()) && q.name().equals("rotational")).findFirst().orElse(null));
            String doubt = inconsistency(d, share, q2c);
            var f = ctx.finding("I/O scheduler holds requests on " + d.label() + ": I2D is " + Text.pct(share) + " of Q2C")
                    .severity(share >= ctx.threshold("critical_share_pct") ? Severity.CRITICAL : Severity.WARNING)
                    .confidence(doubt.isEmpty() ? Finding.Confidence.HIGH : Finding.Confidence.MEDIUM)
                    .summary("Requests on " + d.label() + " spend " + Text.pct(share) + " of their queue-to-complete "
                            + "time (Q2C) between insertion into the I/O scheduler and dispatch to the driver (I2D): "
                            + "about " + Text.sec(perIo) + " of the " + Text.sec(q2c.avg()) + " an I/O takes on average, "
                            + "over " + Text.num(q2c.n()) + " I/Os, while the device itself (D2C) holds "
                            + Text.pct(d.share(Phase.D2C)) + ". " + schedulerText(scheduler, d) + doubt)
                    .recommendation(SchedulerAdvice.recommend(d.name(), scheduler, rotational))
                    .metric("device", d.name() != null ? d.name() : d.id())
                    .metric("devno", d.id())
                    .metric("source", d.source())
                    .metric("i2dSharePct", share)
                    .metric("i2dPerIo", Text.round(perIo))
                    .metric("q2cAvg", Text.round(q2c.avg()))
                    .metric("ios", q2c.n())
                    .evidence(figs.bttLines(d, Phase.I2D, Phase.Q2C))
                    .evidence(figs.slowestLines(d, Phase.I2D, 3))
                    .weight(perIo * q2c.n());
            if (scheduler != null) {
                f.metric("scheduler", scheduler.active() == null ? "" : scheduler.active())
                        .evidence(new Evidence(scheduler.input(), scheduler.line(), scheduler.text()));
            }
            f.report();
        }
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
        return "Caution: the report's own I2D row (avg " + Text.sec(i2d.avg()) + " over " + Text.num(i2d.n())
                + " I/Os) makes I2D only " + Text.pct(fromRows) + " of Q2C, not the " + Text.pct(share)
                + " of its Device Overhead table; the report may have been edited or put together from two runs. "
                + "Ask for the unedited btt output (or the blktrace files) to confirm.";
    }
}
