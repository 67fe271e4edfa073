package dev.ioverdict.rules.block;

import static dev.ioverdict.rules.block.DeviceLatencyRule.AVG_MS;
import static dev.ioverdict.rules.block.DeviceLatencyRule.MIN_IOS;
import static dev.ioverdict.rules.block.DeviceLatencyRule.OUTLIER_MS;
import static dev.ioverdict.rules.block.DeviceLatencyRule.OUTLIER_RATIO;
import static dev.ioverdict.rules.block.DeviceLatencyRule.P99_MS;
import static dev.ioverdict.rules.block.DeviceLatencyRule.PATH_MIN_AVG_MS;
import static dev.ioverdict.rules.block.DeviceLatencyRule.PATH_RATIO;

import dev.ioverdict.model.Confidence;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Impact;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.Subject;
import dev.ioverdict.model.block.BlockDeviceStats;
import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.block.PhaseStat;
import dev.ioverdict.rules.RuleContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** device-latency from block-layer figures: a block trace or a btt report, per device. */
final class BlockDeviceLatency {
    private BlockDeviceLatency() {
    }

    static void judge(RuleContext ctx, BlockFigures figs) {
        List<BlockFigures.Device> devices = figs.devices();
        Map<String, String> slowPaths = SlowPaths.find(figs.remaps(), devices, ctx.value(PATH_RATIO),
                ctx.seconds(PATH_MIN_AVG_MS), figs.names());
        boolean perDevice = false;
        for (BlockFigures.Device d : devices) {
            perDevice |= d.phase(Phase.D2C).n() > 0;
            judge(ctx, figs, d, d.subject(), slowPaths.get(d.id()));
        }
        BlockDeviceStats all = figs.trace().section().all();
        if (!perDevice && all != null && all.phase(Phase.D2C).n() > 0) {
            // btt without -A prints D2C only for all devices together: judge that, and say so
            String ids = devices.stream().map(BlockFigures.Device::label).collect(Collectors.joining(", "));
            var d = new BlockFigures.Device("all", null, "the traced devices" + (ids.isEmpty() ? "" : " (" + ids + ")"),
                    all.source(), all.phases(), all.overheadPct());
            judge(ctx, figs, d, Subject.device("?block", d.label()), null);
        }
        Set<String> withD2c = devices.stream().filter(d -> d.phase(Phase.D2C).n() > 0)
                .map(BlockFigures.Device::id).collect(Collectors.toSet());
        UnpairedCompletions.report(ctx, figs.trace(), withD2c, ctx.seconds(OUTLIER_MS));
    }

    private static void judge(RuleContext ctx, BlockFigures figs, BlockFigures.Device d, Subject subject, String path) {
        PhaseStat d2c = d.phase(Phase.D2C);
        if (d2c.n() < ctx.value(MIN_IOS) || d2c.avg() == null || d2c.max() == null) {
            return;
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
        if (path != null) {
            why.add(path);
        }
        if (why.isEmpty()) {
            return;
        }
        String slowestPath = UnpairedCompletions.dominantPath(figs.trace(), d.id());
        boolean systematic = slowAvg || slowTail || path != null;
        PhaseStat q2c = d.phase(Phase.Q2C);
        Impact impact = Impact.measured(d2c.avg() * d2c.n(), "D2C average x completions");
        // above 100 % D2C and Q2C count different I/Os (lost completions): ConsistencyAnalysis says so
        Double d2cShare = d.share(Phase.D2C) <= 100 ? d.share(Phase.D2C) : null;
        if (q2c.avg() != null && q2c.n() > 0) {
            impact = impact.of(q2c.avg() * q2c.n(), "Q2C time on " + d.label());
        }
        var f = ctx.finding(subject, "Slow device below the driver: " + d.label() + " D2C avg "
                        + Figures.duration(d2c.avg()) + ", max " + Figures.duration(d2c.max()))
                .severity(systematic ? Severity.CRITICAL : Severity.WARNING)
                .summary("On " + d.label() + " " + String.join("; ", why) + ". D2C is the time from dispatch to "
                        + "the driver until completion: the host had already handed these I/Os to the device, HBA "
                        + "or array. " + (d2cShare == null ? "Over " : "D2C holds " + Figures.percent(d2cShare) + " of Q2C over ")
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
                .percent("d2cSharePct", "D2C share of Q2C", d2cShare)
                .count("ios", "completions", d2c.n())
                .limit("limitD2cAvg", "limit for the D2C average", AVG_MS)
                .limit("limitD2cP99", "limit for the D2C 99th percentile", P99_MS)
                .text("path", "path of the slowest I/Os", path != null ? path : slowestPath)
                .evidence(figs.slowestLines(d, Phase.D2C, 3))
                .evidence(figs.bttLines(d, Phase.D2C, Phase.Q2C))
                .impact(impact);
        if (d2c.n() < 100) {
            f.doubt(Confidence.MEDIUM, "only " + d2c.n() + " completions on " + d.label());
        }
        if (d.id().equals("all")) {
            f.doubt(Confidence.MEDIUM, "the btt report has no per-device tables (btt -A): D2C is of all traced devices "
                    + "together, so the slow device is not named");
        }
        f.report();
    }
}
