package dev.ioverdict.rules.block;

import static dev.ioverdict.rules.block.DeviceLatencyRule.MAX_QUEUE;
import static dev.ioverdict.rules.block.DeviceLatencyRule.MIN_REPORTS;
import static dev.ioverdict.rules.block.DeviceLatencyRule.QUIET_BUSY_PCT;

import dev.ioverdict.analysis.iostat.DeviceSeries;
import dev.ioverdict.analysis.iostat.FlushHeldWrites;
import dev.ioverdict.analysis.iostat.IostatPoint;
import dev.ioverdict.model.Confidence;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Impact;
import dev.ioverdict.model.Metric;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.Subject;
import dev.ioverdict.model.iostat.IostatDialect;
import dev.ioverdict.rules.Inputs;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.SubjectMetrics;
import dev.ioverdict.rules.disk.Episodes;
import dev.ioverdict.rules.disk.IostatEvidence;
import java.util.Comparator;
import java.util.List;

/**
 * device-latency from iostat: long response times while (almost) nothing waits in front of the
 * device. With fewer than {@code max_queue} requests outstanding, a request cannot be waiting for
 * others: its response time is the device's own (Little's law: outstanding = IOPS x response
 * time). Solaris prints the split itself: asvc_t (active, in the device) against wsvc_t (waiting).
 */
final class IostatDeviceLatency {
    public static final Metric RESPONSE_AVG = Metric.duration("responseAvg", "average response time");
    public static final Metric RESPONSE_WORST = Metric.duration("responseWorst", "worst response time");
    public static final Metric QUEUE_AVG = new Metric("queueAvg", "queue avg", dev.ioverdict.model.Unit.COUNT);
    public static final Metric REPORTS = Metric.count("reports", "slow reports");
    public static final Metric OF_REPORTS = Metric.count("ofReports", "reports");

    private IostatDeviceLatency() {
    }

    /** One way of reading a report's service time: both directions together, or reads or writes alone. */
    private record View(String direction, String column, java.util.function.ToDoubleFunction<IostatPoint> ms,
                        java.util.function.Predicate<IostatPoint> hasIo) {
    }

    static void judge(RuleContext ctx, List<DeviceSeries> all) {
        for (DeviceSeries s : all) {
            String column = s.dialect() == IostatDialect.SOLARIS && s.points().get(0).sample().has("asvc_t")
                    ? "asvc_t" : s.responseLabel();
            // a report whose writes hold the flush sequence is judged by its reads (sync-write-latency names the rest)
            View both = new View(null, column, p -> FlushHeldWrites.holds(p) ? FlushHeldWrites.withoutWritesMs(p)
                    : deviceMs(s, p), IostatPoint::hasIo);
            boolean fired = judge(ctx, s, both);
            IostatPoint first = s.points().get(0);
            if (first.sample().has("r_await") && first.sample().has("w_await") && first.sample().has("r/s")
                    && first.sample().has("w/s")) {
                // a slow direction can hide behind a fast one in the combined figure: judge each alone
                boolean reads = judge(ctx, s, new View("reads", "r_await", p -> p.sample().value("r_await"),
                        p -> p.sample().value("r/s") > 0), fired);
                boolean writes = judge(ctx, s, new View("writes", "w_await", p -> p.sample().value("w_await"),
                        p -> p.sample().value("w/s") > 0 && !FlushHeldWrites.holds(p)), fired);
                fired |= reads || writes;
            }
            if (!fired) {
                // or behind a queue both directions share, where neither is slow by its await alone
                IostatSharedQueue.of(ctx, s, ctx.value(MIN_REPORTS), bytes -> MediaLimit.seconds(ctx, s.device(), bytes, 1))
                        .ifPresent(q -> reportShared(ctx, s, q));
            }
        }
    }

    /** One direction slow in the queue both share: its own time at the least, the rest the queue's (disk-saturation's). */
    private static void reportShared(RuleContext ctx, DeviceSeries s, IostatSharedQueue q) {
        String label = IostatEvidence.label(ctx, s.device());
        String slow = q.reads() ? "r_await" : "w_await";
        String other = q.reads() ? "w_await" : "r_await";
        String one = q.reads() ? "read" : "write";
        Episodes e = q.episodes();
        double queue = e.avg(IostatPoint::queue);
        String rate = q.reads() ? "r/s" : "w/s";
        double ioSeconds = e.flagged().stream().mapToDouble(p -> p.sample().value(rate) * q.ownSeconds()
                * s.secondsPerReport()).sum();
        Comparator<IostatPoint> order = Comparator.comparingDouble(p -> p.sample().value(slow) - p.sample().value(other));
        String media = MediaLimit.media(ctx, s.device()).media().nounPhrase();
        ctx.finding(Subject.device(s.device(), label), "Slow device for " + q.direction() + ": " + label
                        + " takes at least " + Figures.duration(q.ownSeconds()) + " a " + one + " (" + slow + " "
                        + Figures.duration(q.slowMs() / 1000) + ", " + other + " " + Figures.duration(q.otherMs() / 1000)
                        + ", in one queue)")
                .severity(Severity.CRITICAL)
                .summary(label + "'s " + q.direction() + " and " + q.otherDirection() + " were outstanding together, "
                        + Figures.number(queue) + " requests on average (" + s.queueLabel() + "), and its scheduler "
                        + "(none) sets neither ahead before the device: both wait there alike. Yet its " + q.direction()
                        + " took " + Figures.duration(q.slowMs() / 1000) + " (" + slow + ") and its " + q.otherDirection()
                        + " " + Figures.duration(q.otherMs() / 1000) + " (" + other + ") " + IostatEvidence.span(s, e)
                        + ": the " + Figures.duration(q.ownSeconds()) + " between them is the " + q.direction()
                        + "' own service at the least, over the " + Figures.duration(q.limitMs() / 1000) + " of "
                        + media + ", and the rest of their response the wait behind the others (disk-saturation).")
                .recommendation("Escalate to the storage side (array or SAN vendor, HBA, fabric) with these iostat "
                        + "lines and times: ask why its " + q.direction() + " take so long when its "
                        + q.otherDirection() + " do not (a write cache off or failed, a RAID write penalty, an SSD "
                        + "garbage-collecting). A block trace (blktrace, or perf block tracepoints) of the same window "
                        + "would time each direction's D2C.")
                .iostat(s)
                .figure(RESPONSE_AVG.labelled("average " + slow), q.slowMs() / 1000)
                .text(SubjectMetrics.DIRECTION, q.direction())
                .figure(QUEUE_AVG.labelled("average " + s.queueLabel()), queue)
                .with(q::shares)
                .limit(IostatEvidence.LIMIT_RESPONSE.labelled("limit for the gap (" + media + ")"),
                        MediaLimit.threshold(ctx, s.device()))
                .figure(REPORTS, e.flagged().size())
                .figure(OF_REPORTS, e.all().size())
                .evidence(IostatEvidence.lines(e.worst(3, order)))
                .impact(IostatEvidence.requestTime(ioSeconds, e.flagged().size(), s.secondsPerReport(), label,
                        q.direction() + "/s x the gap between " + slow + " and " + other + " x interval, summed over "
                                + "the reports"))
                .doubt(Confidence.MEDIUM, "iostat averages each interval, and a device that serves one direction "
                        + "ahead of the other inside it (some SSDs put reads first) sets them apart too; a block trace's "
                        + "D2C of each direction would measure their own service")
                .report();
    }

    private static boolean judge(RuleContext ctx, DeviceSeries s, View view) {
        return judge(ctx, s, view, false);
    }

    /** Reports a slow view; a direction view stays silent when the combined one fired and both directions are slow. */
    private static boolean judge(RuleContext ctx, DeviceSeries s, View view, boolean combinedFired) {
        {
            double limitMs = MediaLimit.seconds(ctx, s.device()) * 1000;
            boolean steady = IostatEvidence.steadyAndShallow(s, MediaLimit.media(ctx, s.device()).media(),
                    ctx.optional(Inputs.STORAGE).orElse(null));
            // with a queue, a long response is the device's own when it completes fewer requests than its class
            // serves (disk-saturation reads the same reports the other way round); large requests in the device
            // at once share its throughput, so each report's limit holds their transfer
            Episodes slow = Episodes.of(s.points(), p -> view.hasIo().test(p)
                    && view.ms().applyAsDouble(p) >= limitMs(ctx, s, p)
                    && (Double.isNaN(p.queue()) || p.queue() < ctx.value(MAX_QUEUE) || activeSplit(s, p) || steady
                    || IostatEvidence.slowerThanItsClass(p, limitMs)));
            if (!slow.sustained(ctx.value(MIN_REPORTS), 50)) {
                return false;
            }
            if (combinedFired && view.direction() != null && (slowOther(ctx, s, view, limitMs) || alone(s, view))) {
                return true;
            }
            Comparator<IostatPoint> order = Comparator.comparingDouble(view.ms());
            IostatPoint worst = slow.worst(order);
            double busy = slow.avg(IostatPoint::busyPct);
            boolean quiet = Double.isFinite(busy) && busy < ctx.value(QUIET_BUSY_PCT);
            double avgMs = slow.avg(view.ms());
            double ioSeconds = slow.flagged().stream().mapToDouble(p -> Double.isNaN(p.iops()) ? 0
                    : p.iops() * view.ms().applyAsDouble(p) / 1000 * s.secondsPerReport()).sum();
            String column = view.column();
            String label = IostatEvidence.label(ctx, s.device());
            String what = view.direction() == null ? "" : " " + view.direction();
            double queue = slow.avg(IostatPoint::queue);
            // Solaris splits the time itself: asvc_t is spent in the device, wsvc_t in the host's queue
            boolean ownTime = activeSplit(s, worst) && view.direction() == null;
            boolean controller = s.controller();
            String media = MediaLimit.media(ctx, s.device()).media().description();
            // the queue was deep, yet the device completed fewer requests than its class serves: slow whatever its queue
            boolean slowerThanClass = !ownTime && queue >= ctx.value(MAX_QUEUE)
                    && slow.flagged().stream().allMatch(p -> IostatEvidence.slowerThanItsClass(p, limitMs));
            // a flat response at a shallow queue says no queue grows in front of the device, not that none waits: how
            // many it serves at once iostat does not say
            boolean steadyQueue = !ownTime && !slowerThanClass && queue >= ctx.value(MAX_QUEUE);
            double perCompletion = slow.avg(IostatEvidence::busyMsPerCompletion);
            String took = IostatEvidence.avgWorst(slow, view.ms(), "ms", column)
                    + " per" + (view.direction() == null ? "" : " " + view.direction().replace("s", ""))
                    + " request " + IostatEvidence.span(s, slow);
            var f = ctx.finding(Subject.device(s.device(), label), controller
                            ? "Slow disks behind controller " + label + ": " + Figures.duration(avgMs / 1000)
                                    + " (" + column + ") per request in the disks themselves"
                            : "Slow device" + (view.direction() == null ? "" : " for " + view.direction()) + ": "
                                    + label + " answers" + what + " in " + Figures.duration(avgMs / 1000) + " ("
                                    + column + ")" + (ownTime && queue >= ctx.value(MAX_QUEUE) ? " in the device itself"
                                    : slowerThanClass ? ", completing one request every "
                                    + Figures.duration(perCompletion / 1000)
                                    : steadyQueue ? ", its response flat at " + Figures.number(queue) + " requests outstanding"
                                    : " even with no queue in front of it"))
                    // a controller's average points at disks to look at, not at one device to fix
                    .severity(quiet || controller ? Severity.WARNING : Severity.CRITICAL)
                    .summary(controller
                            ? label + " is a controller's row of iostat -C: the disks behind it summed and averaged. "
                                    + "They took " + took + ", with " + Figures.number(queue) + " requests active "
                                    + "in them on average (" + s.queueLabel() + "); asvc_t counts the time in the "
                                    + "disks, apart from the wait in the host's queue (wsvc_t). The time is the "
                                    + "disks' own or their path's (HBA, fabric, array), not the host's."
                            : ownTime && queue >= ctx.value(MAX_QUEUE)
                            ? label + " took " + took + " in the device itself: asvc_t counts the time from issue to "
                                    + "completion, apart from the wait in the host's queue (wsvc_t), with "
                                    + Figures.number(queue) + " requests in it on average (" + s.queueLabel() + "). "
                                    + "The time is spent below the host's queue (device, HBA, fabric or array); "
                                    + "part of it may be requests queued inside the device."
                            : slowerThanClass
                            ? label + " took " + took + ", with " + Figures.number(queue) + " requests outstanding on "
                                    + "average (" + s.queueLabel() + "), but it completed only one every "
                                    + Figures.duration(perCompletion / 1000) + " while busy (" + s.busyLabel()
                                    + " over the completions per second), slower than the " + Figures.duration(limitMs / 1000)
                                    + " expected of " + MediaLimit.media(ctx, s.device()).media().nounPhrase() + " serving one. Whenever the device is busy at least one request "
                                    + "is in service, so its requests took longer than its class allows whatever their "
                                    + "queue: the device is slow, and the queue and the long response follow from its "
                                    + "service time. The time is spent below the host's queue (device, HBA, fabric or array)."
                            : steadyQueue
                            ? label + " took " + took + ", with " + Figures.number(queue) + " requests outstanding on "
                                    + "average (" + s.queueLabel() + ") and its response flat across the reports: a "
                                    + "queue this shallow and steady is the requests in service, not one growing in "
                                    + "front of the device, which a saturated device would show with its response "
                                    + "time. The time is spent below the host's queue (device, HBA, fabric or array). "
                                    + "How many requests the device serves at once iostat does not say: where fewer "
                                    + "than " + Figures.number(queue) + ", part of each response is the wait behind "
                                    + "the others inside it."
                            : label + " took " + took + ", while only " + Figures.number(queue)
                                    + " requests were outstanding on average (" + s.queueLabel() + "). With so few "
                                    + "in flight a request does not wait behind others: the time is the device's "
                                    + "own, below the host's queue (device, HBA, fabric or array). A saturated "
                                    + "device would show a queue growing with its response time.")
                    .recommendation("Escalate to the storage side (array or SAN vendor, HBA, fabric) with these iostat "
                            + "lines and times; ask for the array's and switch ports' latency and error counters for the "
                            + "same window. On the host, rule out resets and timeouts first ('dmesg -T | grep -i -E "
                            + "\"reset|timeout|abort\"'). A block trace (blktrace, or perf block tracepoints) of the "
                            + "same window would show each I/O's D2C and name the slowest.")
                    .iostat(s)
                    .figure(RESPONSE_AVG.labelled("average " + column), avgMs / 1000)
                    .figure(RESPONSE_WORST.labelled("worst " + column), view.ms().applyAsDouble(worst) / 1000)
                    .text(SubjectMetrics.DIRECTION, view.direction())
                    .figure(QUEUE_AVG.labelled("average " + s.queueLabel()), queue)
                    .limit(IostatEvidence.LIMIT_RESPONSE.labelled("limit for " + column + " ("
                            + media + ")"),
                            MediaLimit.threshold(ctx, s.device()))
                    .figure(REPORTS, slow.flagged().size())
                    .figure(OF_REPORTS, slow.all().size())
                    .evidence(IostatEvidence.lines(slow.worst(3, order)))
                    .impact(IostatEvidence.requestTime(ioSeconds, slow.flagged().size(), s.secondsPerReport(), label,
                            "IOPS x response time x interval, summed over the slow reports"));
            if (controller) {
                f.doubt(Confidence.MEDIUM, "a controller's figures average all the disks behind it: a few slow "
                        + "disks or all of them; per-disk rows (iostat -xn without -C) would name them");
            } else if (quiet) {
                f.doubt(Confidence.LOW, "the device was " + Figures.percent(busy) + " busy in these reports: an "
                        + "average of the few I/Os it did (a spin-up, a metadata read, the since-boot report) says "
                        + "little of the service it gives under load");
            } else if (slowerThanClass) {
                f.doubt(Confidence.MEDIUM, "iostat's response time holds the wait behind the other "
                        + Figures.number(queue) + " requests too: the device's own service time is at least "
                        + Figures.duration(perCompletion / 1000) + " a request, by how many it completed while busy; a "
                        + "block trace (D2C) would measure it");
            } else if (queue >= 1 && !activeSplit(s, worst)) {
                f.doubt(Confidence.MEDIUM, "iostat averages each interval: with about "
                        + Figures.number(slow.avg(IostatPoint::queue)) + " requests in flight some of the response "
                        + "time may be queueing; a block trace would separate them");
            }
            f.report();
            return true;
        }
    }

    /**
     * The response time above which the report shows a slow device: its class's service time, plus the
     * transfer of the requests outstanding (at least the one) at the report's request size; the class's
     * alone where iostat prints no size.
     */
    private static double limitMs(RuleContext ctx, DeviceSeries s, IostatPoint p) {
        double kb = IostatEvidence.requestKb(p);
        return MediaLimit.seconds(ctx, s.device(), Double.isNaN(kb) ? 0 : kb * 1024, p.queue()) * 1000;
    }

    /**
     * Whether this direction is nearly all the device did (the other under {@link #MINOR_SHARE} of its requests):
     * then the combined finding's figure is this direction's, and a second finding would say it again.
     */
    private static boolean alone(DeviceSeries s, View view) {
        String mine = view.direction().equals("reads") ? "r/s" : "w/s";
        String other = mine.equals("r/s") ? "w/s" : "r/s";
        double own = 0;
        double others = 0;
        for (IostatPoint p : s.points()) {
            if (p.sample().has(mine) && p.sample().has(other)) {
                own += Math.max(0, p.sample().value(mine));
                others += Math.max(0, p.sample().value(other));
            }
        }
        return others <= MINOR_SHARE * own;
    }

    /** A direction doing fewer than this share of the other's requests is not a mix worth a finding of its own. */
    private static final double MINOR_SHARE = 0.05;

    /** Whether the other direction is slow too (then the combined finding already says it all). */
    private static boolean slowOther(RuleContext ctx, DeviceSeries s, View view, double limitMs) {
        String other = view.direction().equals("reads") ? "w" : "r";
        Episodes slow = Episodes.of(s.points(), p -> p.sample().value(other + "/s") > 0
                && p.sample().value(other + "_await") >= limitMs(ctx, s, p) && !(other.equals("w") && FlushHeldWrites.holds(p)));
        return slow.sustained(ctx.value(MIN_REPORTS), 50);
    }

    /** Solaris's active service time when printed (the time in the device), else the response time. */
    static double deviceMs(DeviceSeries s, IostatPoint p) {
        return activeSplit(s, p) ? p.sample().value("asvc_t") : p.responseMs();
    }

    private static boolean activeSplit(DeviceSeries s, IostatPoint p) {
        return s.dialect() == IostatDialect.SOLARIS && p.sample().has("asvc_t");
    }
}
