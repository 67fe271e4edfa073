package dev.ioverdict.rules.block;

import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Impact;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.block.PhaseStat;
import dev.ioverdict.rules.Rule;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.RuleInfo;
import dev.ioverdict.rules.Threshold;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Time is spent below the driver: slow D2C (issue to completion) in absolute terms, D2C outliers,
 * or one path of a dm/multipath device slower than its siblings (seed 000). D2C's share of Q2C
 * alone proves nothing: on a healthy system the device holds most of Q2C too.
 */
public final class DeviceLatencyRule implements Rule {
    static final Threshold AVG_MS = Threshold.millis("avg_ms", 20, "D2C average above this is slow for any disk or array");
    static final Threshold P99_MS = Threshold.millis("p99_ms", 100, "D2C 99th percentile above this is slow");
    static final Threshold OUTLIER_MS = Threshold.millis("outlier_ms", 500,
            "a D2C maximum at least this long is an outlier ...");
    static final Threshold OUTLIER_RATIO = Threshold.factor("outlier_ratio", 20,
            "... when it is this many times the median (the average without percentiles)");
    static final Threshold PATH_RATIO = Threshold.factor("path_ratio", 5,
            "a dm leg whose D2C average is this many times its siblings' is a slow path");
    static final Threshold PATH_MIN_AVG_MS = Threshold.millis("path_min_avg_ms", 5,
            "least D2C average of a leg to call it a slow path");
    static final Threshold MIN_IOS = Threshold.count("min_ios", "I/Os", 10,
            "fewer completions (D2C N) than this are too few to judge");

    private static final RuleInfo INFO = new RuleInfo("device-latency",
            "Time is spent below the driver (device, HBA, array)", Severity.CRITICAL,
            "D2C, the time from dispatch to the driver until completion, is slow in absolute terms (average or "
                    + "99th percentile), has outliers far above its median, or one leg of a dm/multipath device is "
                    + "much slower than its siblings. The host has handed the I/O over; the device, HBA, fabric or "
                    + "array takes the time.",
            List.of(BlockFigures.INPUT), List.of(),
            List.of(AVG_MS, P99_MS, OUTLIER_MS, OUTLIER_RATIO, PATH_RATIO, PATH_MIN_AVG_MS, MIN_IOS));

    @Override
    public RuleInfo info() {
        return INFO;
    }

    @Override
    public void evaluate(RuleContext ctx) {
        BlockFigures figs = ctx.input(BlockFigures.INPUT);
        List<BlockFigures.Device> devices = figs.devices();
        Map<String, String> slowPaths = SlowPaths.find(figs.remaps(), devices, ctx.value(PATH_RATIO),
                ctx.seconds(PATH_MIN_AVG_MS), figs.names());
        for (BlockFigures.Device d : devices) {
            PhaseStat d2c = d.phase(Phase.D2C);
            if (d2c.n() < ctx.value(MIN_IOS) || d2c.avg() == null || d2c.max() == null) {
                continue;
            }
            List<String> why = new ArrayList<>();
            boolean slowAvg = d2c.avg() > ctx.seconds(AVG_MS);
            boolean slowTail = d2c.p99() != null && d2c.p99() > ctx.seconds(P99_MS);
            double typical = d2c.p50() != null ? d2c.p50() : d2c.avg();
            boolean outliers = d2c.max() >= ctx.seconds(OUTLIER_MS) && d2c.max() >= ctx.value(OUTLIER_RATIO) * typical;
            if (slowAvg) {
                why.add("D2C averages " + Figures.duration(d2c.avg()) + " (threshold "
                        + Figures.duration(ctx.seconds(AVG_MS)) + ")");
            }
            if (slowTail) {
                why.add("its 99th percentile is " + Figures.duration(d2c.p99()));
            }
            if (outliers) {
                why.add("the slowest completion took " + Figures.duration(d2c.max()) + ", "
                        + Figures.factor(d2c.max() / typical) + " the " + (d2c.p50() != null ? "median" : "average"));
            }
            String path = slowPaths.get(d.id());
            if (path != null) {
                why.add(path);
            }
            if (why.isEmpty()) {
                continue;
            }
            String slowestPath = UnpairedCompletions.dominantPath(figs.trace(), d.id());
            boolean systematic = slowAvg || slowTail || path != null;
            PhaseStat q2c = d.phase(Phase.Q2C);
            double deviceTime = d2c.avg() * d2c.n();
            Impact impact = Impact.measured(deviceTime, "D2C average x completions");
            if (q2c.avg() != null && q2c.n() > 0) {
                impact = impact.of(q2c.avg() * q2c.n(), "Q2C time on " + d.label());
            }
            var f = ctx.finding(d.subject(), "Slow device below the driver: " + d.label() + " D2C avg "
                            + Figures.duration(d2c.avg()) + ", max " + Figures.duration(d2c.max()))
                    .severity(systematic ? Severity.CRITICAL : Severity.WARNING)
                    .summary("On " + d.label() + " " + String.join("; ", why) + ". D2C is the time from dispatch to "
                            + "the driver until completion: the host had already handed these I/Os to the device, HBA "
                            + "or array. D2C holds " + Figures.percent(d.share(Phase.D2C)) + " of Q2C over "
                            + Figures.count(d2c.n()) + " completions"
                            + (d2c.p50() == null ? "" : " (median " + Figures.duration(d2c.p50()) + ")") + "."
                            + (slowestPath == null ? "" : " The slowest I/Os went down " + slowestPath + "."))
                    .recommendation(Escalation.text(d, path != null))
                    .source(d.sourceKind())
                    .text("device", "device", d.name() != null ? d.name() : d.id())
                    .id("devno", "device number", d.id())
                    .text("source", "data", d.source())
                    .duration("d2cAvg", "D2C average", d2c.avg())
                    .duration("d2cP50", "D2C median", d2c.p50())
                    .duration("d2cP99", "D2C 99th percentile", d2c.p99())
                    .duration("d2cMax", "D2C maximum", d2c.max())
                    .percent("d2cSharePct", "D2C share of Q2C", d.share(Phase.D2C))
                    .count("ios", "completions", d2c.n())
                    .text("path", "path of the slowest I/Os", path != null ? path : slowestPath)
                    .evidence(figs.slowestLines(d, Phase.D2C, 3))
                    .evidence(figs.bttLines(d, Phase.D2C, Phase.Q2C))
                    .impact(impact);
            if (d2c.n() < 100) {
                f.doubt(dev.ioverdict.model.Confidence.MEDIUM, "only " + d2c.n() + " completions on " + d.label());
            }
            f.report();
        }
        Set<String> withD2c = devices.stream().filter(d -> d.phase(Phase.D2C).n() > 0)
                .map(BlockFigures.Device::id).collect(Collectors.toSet());
        UnpairedCompletions.report(ctx, figs.trace(), withD2c, ctx.seconds(OUTLIER_MS));
    }
}
