package dev.ioverdict.rules.block;

import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.block.PhaseStat;
import dev.ioverdict.rules.Rule;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.RuleInfo;
import dev.ioverdict.rules.Threshold;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Time is spent below the driver: slow D2C (issue to completion) in absolute terms, D2C outliers,
 * or one path of a dm/multipath device slower than its siblings (seed 000). D2C's share of Q2C
 * alone proves nothing: on a healthy system the device holds most of Q2C too.
 */
public final class DeviceLatencyRule implements Rule {
    private static final RuleInfo INFO = new RuleInfo("device-latency",
            "Time is spent below the driver (device, HBA, array)", Severity.CRITICAL,
            "D2C, the time from dispatch to the driver until completion, is slow in absolute terms (average or "
                    + "99th percentile), has outliers far above its median, or one leg of a dm/multipath device is "
                    + "much slower than its siblings. The host has handed the I/O over; the device, HBA, fabric or "
                    + "array takes the time.",
            List.of(BlockFigures.REQUIREMENT), List.of(),
            List.of(new Threshold("avg_ms", 20, "ms", "D2C average above this is slow for any disk or array"),
                    new Threshold("p99_ms", 100, "ms", "D2C 99th percentile above this is slow"),
                    new Threshold("outlier_ms", 500, "ms", "a D2C maximum at least this long is an outlier ..."),
                    new Threshold("outlier_ratio", 20, "x", "... when it is this many times the median (the average without percentiles)"),
                    new Threshold("path_ratio", 5, "x", "a dm leg whose D2C average is this many times its siblings' is a slow path"),
                    new Threshold("path_min_avg_ms", 5, "ms", "least D2C average of a leg to call it a slow path"),
                    new Threshold("min_ios", 10, "I/Os", "fewer completions (D2C N) than this are too few to judge")));

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
        List<BlockFigures.Device> devices = figs.devices();
        Map<String, String> slowPaths = SlowPaths.find(figs.remaps(), devices, ctx.threshold("path_ratio"),
                ctx.threshold("path_min_avg_ms") / 1000, figs.names());
        for (BlockFigures.Device d : devices) {
            PhaseStat d2c = d.phase(Phase.D2C);
            if (d2c.n() < ctx.threshold("min_ios") || d2c.avg() == null || d2c.max() == null) {
                continue;
            }
            List<String> why = new ArrayList<>();
            boolean slowAvg = d2c.avg() * 1000 > ctx.threshold("avg_ms");
            boolean slowTail = d2c.p99() != null && d2c.p99() * 1000 > ctx.threshold("p99_ms");
            double typical = d2c.p50() != null ? d2c.p50() : d2c.avg();
            boolean outliers = d2c.max() * 1000 >= ctx.threshold("outlier_ms")
                    && d2c.max() >= ctx.threshold("outlier_ratio") * typical;
            if (slowAvg) {
                why.add("D2C averages " + Text.sec(d2c.avg()) + " (threshold " + Text.num(ctx.threshold("avg_ms")) + " ms)");
            }
            if (slowTail) {
                why.add("its 99th percentile is " + Text.sec(d2c.p99()));
            }
            if (outliers) {
                why.add("the slowest completion took " + Text.sec(d2c.max()) + ", " + Text.num(Math.round(d2c.max() / typical))
                        + " times the " + (d2c.p50() != null ? "median" : "average"));
            }
            String path = slowPaths.get(d.id());
            if (path != null) {
                why.add(path);
            }
            String slowestPath = UnpairedCompletions.dominantPath(figs.trace(), d.id());
            if (why.isEmpty()) {
                continue;
            }
            boolean systematic = slowAvg || slowTail || path != null;
            var f = ctx.finding("Slow device below the driver: " + d.label() + " D2C avg " + Text.sec(d2c.avg())
                            + ", max " + Text.sec(d2c.max()))
                    .severity(systematic ? Severity.CRITICAL : Severity.WARNING)
                    .summary("On " + d.label() + " " + String.join("; ", why) + ". D2C is the time from dispatch to "
                            + "the driver until completion: the host had already handed these I/Os to the device, HBA "
                            + "or array. D2C holds " + Text.pct(d.share(Phase.D2C)) + " of Q2C over " + Text.num(d2c.n())
                            + " completions" + (d2c.p50() == null ? "" : " (median " + Text.sec(d2c.p50()) + ")") + "."
                            + (slowestPath == null ? "" : " The slowest I/Os went down " + slowestPath + "."))
                    .recommendation(Escalation.text(d, path != null))
                    .metric("device", d.name() != null ? d.name() : d.id())
                    .metric("devno", d.id())
                    .metric("source", d.source())
                    .metric("d2cAvg", Text.round(d2c.avg()))
                    .metric("d2cMax", Text.round(d2c.max()))
                    .metric("d2cSharePct", d.share(Phase.D2C))
                    .metric("ios", d2c.n())
                    .evidence(figs.slowestLines(d, Phase.D2C, 3))
                    .evidence(figs.bttLines(d, Phase.D2C, Phase.Q2C))
                    .weight(d2c.avg() * d2c.n());
            if (d2c.p99() != null) {
                f.metric("d2cP99", Text.round(d2c.p99()));
            }
            if (path != null) {
                f.metric("path", path);
            } else if (slowestPath != null) {
                f.metric("path", slowestPath);
            }
            f.report();
        }
        UnpairedCompletions.report(ctx, figs.trace(), devices.stream().filter(d -> d.phase(Phase.D2C).n() > 0)
                .map(BlockFigures.Device::id).collect(java.util.stream.Collectors.toSet()));
    }
}
