package dev.ioverdict.rules.block;

import dev.ioverdict.model.block.Phase;
import dev.ioverdict.rules.Inputs;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Impact;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.block.PhaseStat;
import dev.ioverdict.model.config.QueueSetting;
import dev.ioverdict.rules.Rule;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.RuleInfo;
import dev.ioverdict.rules.Threshold;
import java.util.List;

/**
 * I/Os wait for a request (a tag) before they can be queued: Q2G and G2I hold a large part of Q2C,
 * and S2G shows processes sleeping for one. The queue has fewer requests than the workload keeps
 * in flight (nr_requests), or writeback throttling holds bios back before they get one.
 */
public final class RequestStarvationRule implements Rule {
    static final Threshold SHARE_PCT = Threshold.percent("share_pct", 10,
            "Q2G + G2I share of Q2C (btt Device Overhead) worth a finding");
    static final Threshold MIN_AVG_MS = Threshold.millis("min_avg_ms", 1,
            "least Q2G + G2I time per completed I/O (share x Q2C avg)");
    static final Threshold MIN_IOS = Threshold.count("min_ios", "I/Os", 20,
            "fewer completed I/Os (Q2C N) than this are too few to judge");

    private static final RuleInfo INFO = new RuleInfo("request-starvation",
            "I/Os wait for a free request (Q2G / G2I)", Severity.WARNING,
            "Q2G (queue to get-request) plus G2I (get-request to insert) hold a large part of Q2C: bios wait for a "
                    + "free request or tag because the queue allows fewer requests (nr_requests) than the workload "
                    + "keeps in flight, or because writeback throttling holds them back; S2G rows mean processes "
                    + "slept for a request.",
            List.of(BlockFigures.INPUT), List.of(Inputs.STORAGE),
            List.of(SHARE_PCT, MIN_AVG_MS, MIN_IOS));

    @Override
    public RuleInfo info() {
        return INFO;
    }

    @Override
    public void evaluate(RuleContext ctx) {
        BlockFigures figs = ctx.input(BlockFigures.INPUT);
        var storage = ctx.optional(Inputs.STORAGE);
        for (BlockFigures.Device d : figs.devices()) {
            double share = d.share(Phase.Q2G) + d.share(Phase.G2I);
            PhaseStat q2c = d.phase(Phase.Q2C);
            // above 100 % the shares count different I/Os (lost completions): ConsistencyAnalysis says so
            if (share < ctx.value(SHARE_PCT) || share > 100 || q2c.n() < ctx.value(MIN_IOS) || q2c.avg() == null) {
                continue;
            }
            double perIo = share / 100 * q2c.avg();
            if (perIo < ctx.seconds(MIN_AVG_MS)) {
                continue;
            }
            PhaseStat s2g = d.phase(Phase.S2G);
            String key = d.name() != null ? d.name() : d.id();
            QueueSetting nr = storage.flatMap(c -> c.queueSetting(key, "nr_requests")).orElse(null);
            String dev = d.name() != null ? d.name() : "DEV";
            var f = ctx.finding(d.subject(), "I/Os wait for a free request on " + d.label() + ": Q2G + G2I is "
                            + Figures.percent(share) + " of Q2C")
                    .summary("Bios on " + d.label() + " spend " + Figures.percent(share) + " of their queue-to-complete time "
                            + "waiting to get a request and have it inserted (Q2G " + Figures.percent(d.share(Phase.Q2G)) + ", G2I "
                            + Figures.percent(d.share(Phase.G2I)) + "): about " + Figures.duration(perIo) + " of the " + Figures.duration(q2c.avg())
                            + " an I/O takes, over " + Figures.count(q2c.n()) + " I/Os."
                            + (s2g.n() > 0 ? " " + Figures.count(s2g.n()) + " of them slept for a request (S2G avg "
                                    + Figures.duration(s2g.avg()) + ")." : "")
                            + (nr != null ? " nr_requests is " + nr.value().strip() + " (" + nr.input() + ":" + nr.line()
                                    + ")." : ""))
                    .recommendation("Let the queue hold as many requests as the workload keeps in flight: raise "
                            + "nr_requests, e.g. echo 256 > /sys/block/" + dev + "/queue/nr_requests"
                            + (nr != null ? " (now " + nr.value().strip() + ")" : "")
                            + " (immediate, lost at reboot: persist with a udev rule ATTR{queue/nr_requests}=\"256\"). "
                            + "Without an I/O scheduler (none) it cannot exceed the device's queue depth; then spread "
                            + "the I/O over more devices or paths, or lower the application's queue depth. If "
                            + "nr_requests is already large, check writeback throttling (/sys/block/" + dev
                            + "/queue/wbt_lat_usec, 0 disables it) and cgroup io.max limits, which also hold bios "
                            + "before they get a request.")
                    .source(d.sourceKind())
                    .text("device", "device", d.name() != null ? d.name() : d.id())
                    .id("devno", "device number", d.id())
                    .text("source", "data", d.source())
                    .percent("q2gG2iSharePct", "Q2G + G2I share of Q2C", share)
                    .limit("limitShare", "limit for the Q2G + G2I share", SHARE_PCT)
                    .duration("waitPerIo", "wait for a request per I/O", perIo)
                    .count("ios", "completed I/Os", q2c.n())
                    .evidence(figs.bttLines(d, Phase.Q2G, Phase.S2G, Phase.G2I, Phase.Q2C))
                    .evidence(figs.slowestLines(d, Phase.Q2G, 3))
                    .impact(Impact.measured(perIo * q2c.n(), "Q2G + G2I share x Q2C average x I/Os")
                            .of(q2c.avg() * q2c.n(), "Q2C time on " + d.label()));
            if (nr != null) {
                f.text("nrRequests", "nr_requests", nr.value().strip()).evidence(new Evidence(nr.input(), nr.line(), nr.text()));
            }
            f.report();
        }
    }
}
