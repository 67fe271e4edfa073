package dev.ioverdict.rules.block;

import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.Evidence;
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
    private static final RuleInfo INFO = new RuleInfo("request-starvation",
            "I/Os wait for a free request (Q2G / G2I)", Severity.WARNING,
            "Q2G (queue to get-request) plus G2I (get-request to insert) hold a large part of Q2C: bios wait for a "
                    + "free request or tag because the queue allows fewer requests (nr_requests) than the workload "
                    + "keeps in flight, or because writeback throttling holds them back; S2G rows mean processes "
                    + "slept for a request.",
            List.of(BlockFigures.REQUIREMENT), List.of(),
            List.of(new Threshold("share_pct", 10, "%", "Q2G + G2I share of Q2C (btt Device Overhead) worth a finding"),
                    new Threshold("min_avg_ms", 1, "ms", "least Q2G + G2I time per completed I/O (share x Q2C avg)"),
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
            double share = d.share(Phase.Q2G) + d.share(Phase.G2I);
            PhaseStat q2c = d.phase(Phase.Q2C);
            if (share < ctx.threshold("share_pct") || q2c.n() < ctx.threshold("min_ios") || q2c.avg() == null) {
                continue;
            }
            double perIo = share / 100 * q2c.avg();
            if (perIo * 1000 < ctx.threshold("min_avg_ms")) {
                continue;
            }
            PhaseStat s2g = d.phase(Phase.S2G);
            QueueSetting nr = ctx.data().facts().all(QueueSetting.class).stream()
                    .filter(q -> q.device().equals(d.name()) && q.name().equals("nr_requests")).findFirst().orElse(null);
            String dev = d.name() != null ? d.name() : "DEV";
            var f = ctx.finding("I/Os wait for a free request on " + d.label() + ": Q2G + G2I is " + Text.pct(share)
                            + " of Q2C")
                    .summary("Bios on " + d.label() + " spend " + Text.pct(share) + " of their queue-to-complete time "
                            + "waiting to get a request and have it inserted (Q2G " + Text.pct(d.share(Phase.Q2G)) + ", G2I "
                            + Text.pct(d.share(Phase.G2I)) + "): about " + Text.sec(perIo) + " of the " + Text.sec(q2c.avg())
                            + " an I/O takes, over " + Text.num(q2c.n()) + " I/Os."
                            + (s2g.n() > 0 ? " " + Text.num(s2g.n()) + " of them slept for a request (S2G avg "
                                    + Text.sec(s2g.avg()) + ")." : "")
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
                    .metric("device", d.name() != null ? d.name() : d.id())
                    .metric("devno", d.id())
                    .metric("source", d.source())
                    .metric("q2gG2iSharePct", share)
                    .metric("waitPerIo", Text.round(perIo))
                    .metric("ios", q2c.n())
                    .evidence(figs.bttLines(d, Phase.Q2G, Phase.S2G, Phase.G2I, Phase.Q2C))
                    .evidence(figs.slowestLines(d, Phase.Q2G, 3))
                    .weight(perIo * q2c.n());
            if (nr != null) {
                f.metric("nrRequests", nr.value().strip()).evidence(new Evidence(nr.input(), nr.line(), nr.text()));
            }
            f.report();
        }
    }
}
