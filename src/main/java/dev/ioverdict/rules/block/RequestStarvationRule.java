package dev.ioverdict.rules.block;

import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Impact;
import dev.ioverdict.model.Metric;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.block.BlockProcessTimes;
import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.block.PhaseStat;
import dev.ioverdict.model.config.QueueSetting;
import dev.ioverdict.model.timemodel.Part;
import dev.ioverdict.model.timemodel.ProcessWait;
import dev.ioverdict.model.timemodel.TimeModel;
import dev.ioverdict.model.timemodel.WaitPart;
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
import dev.ioverdict.rules.aio.SyncIoSubmitRule;
import dev.ioverdict.rules.disk.DiskSaturationRule;
import dev.ioverdict.rules.disk.QueueWaitRule;
import dev.ioverdict.rules.wait.TimeModelInput;
import java.util.List;

/**
 * I/Os wait for a request (a tag) before they can be queued: Q2G and G2I hold a large part of Q2C,
 * and S2G shows processes sleeping for one. The queue has fewer requests than the workload keeps
 * in flight (nr_requests), or writeback throttling holds bios back before they get one.
 */
public final class RequestStarvationRule extends Rule {
    public static final Metric WAIT_PER_IO = Metric.duration("waitPerIo", "wait for a request per I/O");
    public static final Metric NR_REQUESTS = Metric.text("nrRequests", "nr_requests");
    /** Judged from the time model: the share of the most starved process's wait asleep for a tag. */
    public static final Metric TAG_WAIT_SHARE = Metric.percent("tagWaitSharePct", "share of its I/O wait asleep for a tag");
    public static final Metric LIMIT_TAG_WAIT_SHARE = Metric.percent("limitTagWaitShare",
            "limit for the share of its I/O wait asleep for a tag");

    static final Threshold SHARE_PCT = Threshold.percent("share_pct", 10,
            "Q2G + G2I share of Q2C (btt Device Overhead) worth a finding");
    static final Threshold MIN_AVG_MS = Threshold.millis("min_avg_ms", 1,
            "least Q2G + G2I time per completed I/O (share x Q2C avg)");
    static final Threshold WAIT_SHARE_PCT = Threshold.percent("wait_share_pct", 10,
            "share of a process's I/O wait asleep for a request tag on the device (the time model's tag-wait) worth a "
                    + "finding, however short each wait is");

    public static final String ID = "request-starvation";
    /** The share of Q2C spent waiting for a request: Q2G and G2I. */
    public static final Metric SHARE = Metric.percent("q2gG2iSharePct", "Q2G + G2I share of Q2C");

    private static final RuleInfo INFO = new RuleInfo(ID,
            "I/Os wait for a free request (Q2G / G2I)", Severity.WARNING,
            """
            Q2G (queue to get-request) plus G2I (get-request to insert) hold a large part of Q2C: bios wait for a \
            free request or tag because the queue allows fewer requests (nr_requests) than the workload \
            keeps in flight, or because writeback throttling holds them back; S2G rows mean processes \
            slept for a request. A write that carries a preflush (FWFSM: a journal commit) is left out of \
            its G2I: the kernel's flush machinery holds it there until the cache flush before it completes, \
            the cost of durability and not a wait for a request. Or the application's own wait says so: a process that submits from one \
            thread sleeps for a tag on every call, a short wait per I/O that can be most of its time (counted \
            where the requests that hold tags fill at least half of nr_requests on average).""",
            List.of(BlockFigures.INPUT), List.of(Inputs.STORAGE, TimeModelInput.MODEL),
            List.of(SHARE_PCT, MIN_AVG_MS, WAIT_SHARE_PCT, BlockFigures.MIN_IOS));

    public RequestStarvationRule() {
        super(INFO, MeasuredIn.device(Part.TAG_WAIT),
                Meaning.of(Meaning.Layer.SUBMISSION).use(Meaning.Resource.DEVICE, Meaning.Use.SATURATION)
                        .evidence(EvidenceKind.BLOCK_TRACE, EvidenceKind.BTT_REPORT)
                        .explains(QueueWaitRule.ID, "about the same device",
                                Meaning.Explains::sameSubject)
                        // io_submit blocks waiting for a request when the queue is too small
                        .explains(SyncIoSubmitRule.ID, "when its io_submit sleeps waiting for a request (get_request, blk_mq_get_tag)",
                                (c, s) -> s.text(SyncIoSubmitRule.SLEEPS_IN)
                                .map(f -> f.contains("get_request") || f.contains("get_tag")).orElse(false))
                        .chart(f -> new ChartSpec.Shares(SubjectMetrics.DEVICE, SubjectMetrics.DEVNO, SHARE, "Q2G + G2I",
                                BlockFigures.LIMIT_SHARE))
                        .insideView(BlockFigures.heldIn("for a free request", SHARE)));
    }

    @Override
    public void evaluate(RuleContext ctx) {
        BlockFigures figs = ctx.input(BlockFigures.INPUT);
        var storage = ctx.optional(Inputs.STORAGE);
        var model = ctx.optional(TimeModelInput.MODEL);
        for (BlockFigures.Device d : figs.devices()) {
            double share = d.share(Phase.Q2G) + d.share(Phase.G2I);
            PhaseStat q2c = d.phase(Phase.Q2C);
            // above 100 % the shares count different I/Os (lost completions): ConsistencyAnalysis says so
            if (share > 100 || q2c.n() < ctx.value(BlockFigures.MIN_IOS) || q2c.avg() == null) {
                continue;
            }
            // a write with a preflush has its request and waits in G2I for the flush: durability, not a tag
            double forFlushPct = 100 * preflushWait(ctx, d.id()) / (q2c.avg() * q2c.n());
            share = Math.max(0, share - Math.min(forFlushPct, d.share(Phase.G2I)));
            double perIo = share / 100 * q2c.avg();
            PhaseStat s2g = d.phase(Phase.S2G);
            String key = d.name() != null ? d.name() : d.id();
            QueueSetting nr = storage.flatMap(c -> c.queueSetting(key, "nr_requests")).orElse(null);
            String perIoSentence = "Bios on " + d.label() + " spend " + Figures.percent(share) + " of their queue-to-complete time "
                    + "waiting to get a request and have it inserted (Q2G " + Figures.percent(d.share(Phase.Q2G)) + ", G2I "
                    + Figures.percent(d.share(Phase.G2I)) + "): about " + Figures.duration(perIo) + " of the " + Figures.duration(q2c.avg())
                    + " an I/O takes, over " + Figures.count(q2c.n()) + " I/Os"
                    + (forFlushPct >= 0.05 ? ", leaving out the " + Figures.percent(forFlushPct) + " of Q2C that writes "
                            + "with a preflush waited in G2I for the cache flush before them" : "") + ".";
            String title;
            String summary;
            double tagWaitShare = Double.NaN; // set when the finding is the time model's, not btt's
            if (share >= ctx.value(SHARE_PCT) && perIo >= ctx.seconds(MIN_AVG_MS)) {
                title = "I/Os wait for a free request on " + d.label() + ": Q2G + G2I is " + Figures.percent(share) + " of Q2C";
                summary = perIoSentence;
            } else {
                ProcessWait starved = model.map(m -> mostStarved(m, key, d.id())).orElse(null);
                double asleep = starved == null ? 0 : tagSeconds(starved, key, d.id());
                double holding = holdingATag(ctx, d.id());
                if (starved == null || 100 * asleep / starved.waitSeconds() < ctx.value(WAIT_SHARE_PCT)
                        || nr != null && !(holding >= tagsFull(nr))) {
                    // a sleep for a tag while most of the queue's requests are free is not the queue being too small
                    continue;
                }
                String who = starved.command() + (starved.pids().size() == 1 ? " pid " + starved.pids().get(0) : "");
                tagWaitShare = 100 * asleep / starved.waitSeconds();
                title = who + " waits for a free request on " + d.label() + ": " + Figures.duration(asleep) + ", "
                        + Figures.percent(tagWaitShare) + " of its I/O wait";
                summary = who + " slept for a request tag on " + d.label() + " for " + Figures.duration(asleep) + " of its "
                        + Figures.duration(starved.waitSeconds()) + " of I/O wait (" + tagMethod(starved, key, d.id())
                        + "): it cannot queue its next I/O until one of the device's requests completes, so its "
                        + "submissions wait for the device although each request's own wait for a tag is short. "
                        + perIoSentence;
            }
            String dev = d.name() != null ? d.name() : "DEV";
            double byTheWait = tagWaitShare;
            var f = ctx.finding(d.subject(), title)
                    .summary(summary
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
                    .with(d::describe)
                    .figure(SHARE, share)
                    .with(b -> {
                        // the line that was crossed: btt's share of Q2C, or the process's share of its wait
                        if (Double.isNaN(byTheWait)) {
                            b.limit(BlockFigures.LIMIT_SHARE.labelled("limit for the Q2G + G2I share"), SHARE_PCT);
                        } else {
                            b.figure(TAG_WAIT_SHARE, byTheWait).limit(LIMIT_TAG_WAIT_SHARE, WAIT_SHARE_PCT);
                        }
                    })
                    .figure(WAIT_PER_IO, perIo)
                    .figure(BlockFigures.IOS, q2c.n())
                    .evidence(figs.bttLines(d, Phase.Q2G, Phase.S2G, Phase.G2I, Phase.Q2C))
                    .evidence(figs.slowestLines(d, Phase.Q2G, 3))
                    .impact(Impact.measured(perIo * q2c.n(), "Q2G + G2I share x Q2C average x I/Os")
                            .of(q2c.avg() * q2c.n(), "Q2C time on " + d.label()));
            if (nr != null) {
                f.text(NR_REQUESTS, nr.value().strip()).evidence(new Evidence(nr.input(), nr.line(), nr.text()));
            }
            f.report();
        }
    }

    /**
     * Requests holding a tag on the device at once, on average (Little's law: their time from getting
     * the request to completion, summed over the trace's span); NaN without the per-process block times.
     */
    private static double holdingATag(RuleContext ctx, String devno) {
        return ctx.data().results().get(BlockProcessTimes.class).map(t -> t.atOnce(devno, e -> e.q2c() - e.tag()))
                .orElse(Double.NaN);
    }

    /** The G2I of the device's writes that carried a preflush (their wait for the flush), seconds; 0 without it. */
    private static double preflushWait(RuleContext ctx, String devno) {
        return ctx.data().results().get(BlockProcessTimes.class).map(t -> t.preflushWait(devno)).orElse(0.0);
    }

    /** Half the queue's requests in use on average: from there, a workload's bursts fill it. */
    private static double tagsFull(QueueSetting nr) {
        try {
            return Double.parseDouble(nr.value().strip()) / 2;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The application process with the largest share of its wait asleep for a tag on the device, or null. */
    private static ProcessWait mostStarved(TimeModel model, String name, String devno) {
        ProcessWait most = null;
        for (ProcessWait p : model.application()) {
            if (p.waitSeconds() > 0 && tagSeconds(p, name, devno) > 0 && (most == null
                    || tagSeconds(p, name, devno) / p.waitSeconds() > tagSeconds(most, name, devno) / most.waitSeconds())) {
                most = p;
            }
        }
        return most;
    }

    /** The process's parts of its wait asleep for a tag of the device (named by kernel name or major,minor). */
    private static java.util.stream.Stream<WaitPart> tagParts(ProcessWait p, String name, String devno) {
        return p.parts().stream().filter(w -> w.part() == Part.TAG_WAIT && (name.equals(w.device()) || devno.equals(w.device())));
    }

    private static double tagSeconds(ProcessWait p, String name, String devno) {
        return tagParts(p, name, devno).mapToDouble(WaitPart::seconds).sum();
    }

    /** How the time model measured the process's tag wait on the device, as its part says. */
    private static String tagMethod(ProcessWait p, String name, String devno) {
        return tagParts(p, name, devno).max(java.util.Comparator.comparingDouble(WaitPart::seconds))
                .map(WaitPart::method).orElse("");
    }
}
