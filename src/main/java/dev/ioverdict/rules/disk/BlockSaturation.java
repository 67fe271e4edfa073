package dev.ioverdict.rules.disk;

import dev.ioverdict.analysis.config.MediaClass;
import dev.ioverdict.model.Confidence;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Impact;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.block.BlockProcessTimes;
import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.block.PhaseStat;
import dev.ioverdict.rules.Inputs;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.SubjectMetrics;
import dev.ioverdict.rules.block.BlockFigures;
import dev.ioverdict.rules.block.InsideQueue;
import dev.ioverdict.rules.block.SlowInSharedQueue;
import java.util.Optional;

/**
 * disk-saturation from a block trace, the physics of the iostat side measured per request: a device
 * that held at least {@code deep_queue} requests at once (Little's law on D2C), that completed one
 * at least as often as its class serves one (or whose light-load requests were fast), and whose D2C
 * averages at least {@code queue_factor} times its class's service time. Each request would be quick
 * served alone, so its D2C is the wait behind the others inside the device, not a slow device;
 * device-latency reads the same figures ({@link InsideQueue}) and stays silent on it.
 */
final class BlockSaturation {
    private BlockSaturation() {
    }

    static void judge(RuleContext ctx, BlockFigures figs) {
        for (BlockFigures.Device d : figs.devices()) {
            PhaseStat d2c = d.phase(Phase.D2C);
            if (d.fromBtt() || d2c.n() < ctx.value(DiskSaturationRule.MIN_TRACED_IOS) || d2c.avg() == null) {
                continue;
            }
            String name = d.name() != null ? d.name() : d.id();
            MediaClass media = MediaClass.of(name, ctx.optional(Inputs.STORAGE).orElse(null)).media();
            double classSeconds = media.abnormalMs() / 1000;
            InsideQueue queue = InsideQueue.of(ctx, d.id()).orElse(null);
            if (queue == null) {
                continue;
            }
            // a device that serves in turn requests slow near-empty is full, and slow as well where one alone is:
            // its queue is this rule's, each request's own time (device-latency's where slow) is the one alone
            boolean slowInTurn = queue.queuedInTurnBeyond(classSeconds);
            if (!slowInTurn && !queue.queuedInside(classSeconds, ctx.value(DiskSaturationRule.DEEP_QUEUE))) {
                continue;
            }
            // requests as slow dispatched near-empty as with the others in it are in service side by side: slow,
            // not full (device-latency), held to what the class serves one of their size in
            if (DiskSaturationRule.sideBySide(queue, media)) {
                continue;
            }
            if (slowInTurn) {
                double own = queue.ownSeconds();
                if (d2c.avg() >= ctx.value(DiskSaturationRule.QUEUE_FACTOR) * own) {
                    report(ctx, figs, d, d2c, queue, media, queue.inTurn(), own, true);
                }
                continue;
            }
            // most served side by side, each slow alone for a request of its size, the rest of a deep queue waiting a
            // turn: the turn is this rule's, however small beside each request's own time (device-latency's)
            if (queue.inFlight() >= ctx.value(DiskSaturationRule.DEEP_QUEUE)
                    && queue.servedInPartSlowly(DiskSaturationRule.classSeconds(media, queue.requestBytes()))) {
                report(ctx, figs, d, d2c, queue, media, queue.nearEmpty(), queue.ownSeconds(), false);
                continue;
            }
            // the response is held to what a request takes unqueued: as the trace measured it under a load that
            // keeps the device full, or else its class's time
            // (a request dispatched into the empty device gives it best: the near-empty ones may have waited for one)
            Optional<BlockProcessTimes.Dispatched> light = queue.sustainedLightLoad(classSeconds);
            double own = queue.ownSeconds();
            double unqueued = light.map(l -> Double.isFinite(own) ? own : l.averageSeconds()).orElse(classSeconds);
            if (d2c.avg() < ctx.value(DiskSaturationRule.QUEUE_FACTOR) * unqueued) {
                continue;
            }
            report(ctx, figs, d, d2c, queue, media, light,
                    DiskSaturationRule.unqueuedMs(media, 1000 * unqueued, queue.requestBytes() / 1024) / 1000, true);
        }
    }

    private static void report(RuleContext ctx, BlockFigures figs, BlockFigures.Device d, PhaseStat d2c,
                               InsideQueue queue, MediaClass media, Optional<BlockProcessTimes.Dispatched> light,
                               double unqueuedSeconds, boolean inTurn) {
        double classSeconds = media.abnormalMs() / 1000;
        boolean keepsUp = queue.secondsPerCompletion() <= classSeconds;
        boolean slowAlone = unqueuedSeconds > classSeconds;
        String pace = slowAlone
                ? (inTurn ? "it serves them in turn" : "it serves most of them side by side and the others wait a turn")
                        + ": a request dispatched into it empty took " + Figures.duration(unqueuedSeconds)
                        + ", slower than the " + Figures.duration(classSeconds) + " of " + media.nounPhrase()
                        + " (device-latency)" + (inTurn ? ", and each one more ahead of it adds about as much" : "")
                : keepsUp
                ? "it completed one every " + Figures.duration(queue.secondsPerCompletion()) + ", at least as often as "
                        + media.nounPhrase() + " serves one (" + Figures.duration(classSeconds) + ")"
                : "its fastest requests (5th percentile) took " + Figures.duration(queue.lightLoadSeconds())
                        + ", within the " + Figures.duration(classSeconds) + " expected of " + media.nounPhrase();
        pace += light.map(l -> "; the " + Figures.count(l.n()) + " requests dispatched while fewer than "
                + Figures.number(queue.lightDepth()) + " were in it took " + Figures.duration(l.averageSeconds())
                + " on average").orElse("");
        PhaseStat q2c = d.phase(Phase.Q2C);
        // the wait beyond what the class serves a request in, as the iostat side weighs response over light load
        Impact impact = Impact.measured(Math.max(0, d2c.avg() - classSeconds) * d2c.n(),
                "(D2C average - its class's service time) x completions");
        if (q2c.avg() != null && q2c.n() > 0) {
            impact = impact.of(q2c.avg() * q2c.n(), "Q2C time on " + d.label());
        }
        String inDevice = Figures.number(queue.inFlight());
        var f = ctx.finding(d.subject(), d.label() + " saturated: D2C avg " + Figures.duration(d2c.avg()) + " with "
                        + inDevice + " requests in the device on average")
                .severity(Severity.CRITICAL)
                .summary("The block trace holds " + inDevice + " requests inside " + d.label() + " on average (D2C "
                        + "summed over the trace's span, Little's law), and " + pace + ". Its D2C averages "
                        + Figures.duration(d2c.avg()) + (d2c.p50() == null ? "" : " (median " + Figures.duration(d2c.p50()) + ")")
                        + " over " + Figures.count(d2c.n()) + " completions: "
                        + (slowAlone ? "beyond each request's own " + Figures.duration(unqueuedSeconds) + " it is the wait "
                        + "behind the other requests inside the device. "
                        : "each request would be quick served alone, so its D2C is the wait behind the other requests "
                        + "inside the device, not the device's own service time. ")
                        + "The device is full: the application keeps more requests outstanding than it serves at once.")
                // small requests a commit's writeback queued at once: fewer outstanding is no lever (large ones the
                // queue cut are the same advice as requests the application keeps outstanding)
                .recommendation(CommitWriteback.of(ctx, d.name())
                        .filter(c -> queue.requestBytes() / 1024 <= MediaClass.SMALL_REQUEST_KIB)
                        .map(c -> c.advice(d.label())).orElse(
                        "Lower the number of requests the application keeps outstanding on " + d.label() + " ("
                        + inDevice + " in the device on average here: its I/O depth, threads or connections), or spread "
                        + "its load over more disks or LUNs. Beyond that, move the busiest data to faster storage, "
                        + "reduce I/O with more cache, and check the array behind the device (RAID rebuild, write "
                        + "cache, controller and path saturation)."))
                .with(d::describe)
                .figure(DiskSaturationRule.AVG_RESPONSE.labelled("D2C average"), d2c.avg())
                .figure(DiskSaturationRule.IN_DEVICE, queue.inFlight())
                // the queue's part of the device's time: each request's own service would stay
                .figure(SubjectMetrics.OF_DEVICE_TIME, 100 * Math.max(0, 1 - unqueuedSeconds / d2c.avg()))
                // a direction slow in the queue both share keeps its own time (device-latency's): shares by direction
                .with(x -> SlowInSharedQueue.of(ctx, figs, d, ctx.value(DiskSaturationRule.MIN_TRACED_IOS),
                        bytes -> DiskSaturationRule.classSeconds(media, bytes)).ifPresent(q -> {
                    double slow = 100 * Math.max(0, 1 - Math.max(unqueuedSeconds, q.ownSeconds()) / q.slow().avg());
                    double other = 100 * Math.max(0, 1 - unqueuedSeconds / q.other().avg());
                    x.figure(SubjectMetrics.OF_READ_TIME, q.reads() ? slow : other);
                    x.figure(SubjectMetrics.OF_WRITE_TIME, q.reads() ? other : slow);
                }))
                .figure(DiskSaturationRule.PER_COMPLETION, queue.secondsPerCompletion())
                .figure(DiskSaturationRule.CLASS_SERVICE.labelled("service time of " + media.nounPhrase()), classSeconds)
                .evidence(figs.slowestLines(d, Phase.D2C, 3))
                .impact(impact);
        if (d2c.n() < 100) {
            f.doubt(Confidence.MEDIUM, "only " + d2c.n() + " completions on " + d.label());
        }
        f.report();
    }
}
