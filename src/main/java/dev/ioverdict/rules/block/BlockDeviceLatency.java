package dev.ioverdict.rules.block;

import static dev.ioverdict.rules.block.DeviceLatencyRule.MIN_IOS;
import static dev.ioverdict.rules.block.DeviceLatencyRule.OUTLIER_MS;
import static dev.ioverdict.rules.block.DeviceLatencyRule.OUTLIER_RATIO;
import static dev.ioverdict.rules.block.DeviceLatencyRule.P99_MS;
import static dev.ioverdict.rules.block.DeviceLatencyRule.STALL_SHARE_PCT;
import static dev.ioverdict.rules.block.DeviceLatencyRule.PATH_MIN_AVG_MS;
import static dev.ioverdict.rules.block.DeviceLatencyRule.PATH_RATIO;

import dev.ioverdict.model.Confidence;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Impact;
import dev.ioverdict.model.Metric;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.Subject;
import dev.ioverdict.model.block.BlockDeviceStats;
import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.block.PhaseDistribution;
import dev.ioverdict.model.block.PhaseStat;
import dev.ioverdict.rules.Inputs;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.Threshold;
import dev.ioverdict.rules.SubjectMetrics;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** device-latency from block-layer figures: a block trace or a btt report, per device. */
final class BlockDeviceLatency {
    public static final Metric D2C_P50 = Metric.duration("d2cP50", "D2C median");
    public static final Metric D2C_P99 = Metric.duration("d2cP99", "D2C 99th percentile");
    public static final Metric D2C_MAX = Metric.duration("d2cMax", "D2C maximum");
    public static final Metric IOS = Metric.count("ios", "completions");
    public static final Metric PATH = Metric.text("path", "path of the slowest I/Os");

    /** Stalls holding at least this share of the device's time are critical: most of it. */
    private static final double STALLS_CRITICAL_PCT = 50;

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

    /**
     * The devices (kernel name and major,minor) whose requests the trace times within what their class gives,
     * or whose long D2C it shows to be their queue (disk-saturation's, not a slow device's).
     */
    static Set<String> withinItsClass(RuleContext ctx, BlockFigures figs) {
        Set<String> out = new java.util.HashSet<>();
        for (BlockFigures.Device d : figs.devices()) {
            PhaseStat d2c = d.phase(Phase.D2C);
            if (d2c.n() < ctx.value(MIN_IOS) || d2c.avg() == null) {
                continue;
            }
            String name = d.name() != null ? d.name() : d.id();
            InsideQueue inside = InsideQueue.of(ctx, d.id()).orElse(null);
            double limit = limitSeconds(ctx, name, inside);
            // as the trace's own judgement reads it: slow only when the average and the typical request both are,
            // of all its requests or of one direction's
            boolean whole = d2c.avg() <= limit || d2c.p50() != null && d2c.p50() <= limit;
            if (queued(ctx, name, inside) || whole && figs.byDirection(d, Phase.D2C).stream().noneMatch(x -> slow(ctx, x, limit))) {
                out.add(name);
                out.add(d.id());
                ctx.optional(Inputs.STORAGE).flatMap(c -> c.deviceName(d.id())).ifPresent(out::add);
            }
        }
        return out;
    }

    private static void judge(RuleContext ctx, BlockFigures figs, BlockFigures.Device d, Subject subject, String path) {
        PhaseStat d2c = d.phase(Phase.D2C);
        if (d2c.n() < ctx.value(MIN_IOS) || d2c.avg() == null || d2c.max() == null) {
            return;
        }
        List<String> why = new ArrayList<>();
        String name = d.name() != null ? d.name() : d.id();
        InsideQueue inside = InsideQueue.of(ctx, d.id()).orElse(null);
        double limitSeconds = limitSeconds(ctx, name, inside);
        // a long D2C is the device's load when it held many requests and, served one at a time, each of its
        // size would take no longer than the class allows: saturation (disk-saturation says it), not a slow device
        boolean queued = queued(ctx, name, inside);
        // the typical request must be slow too: a mean lifted by requests queued for a slot is the load's doing
        boolean slowAvg = d2c.avg() > limitSeconds && (d2c.p50() == null || d2c.p50() > limitSeconds) && !queued;
        // a slow direction hides behind a fast one in the whole's average and median (writes of 25 ms on a disk
        // whose reads take 1 ms): judge each alone, and name the one that is slow when the other is not
        List<PhaseDistribution> directions = figs.byDirection(d, Phase.D2C);
        List<PhaseDistribution> slowDirections = directions.stream().filter(x -> slow(ctx, x, limitSeconds)).toList();
        PhaseDistribution direction = !queued && directions.size() == 2 && slowDirections.size() == 1
                ? slowDirections.get(0) : null;
        // one direction slower than the other by more than the class allows, in the queue both share: its own time
        // is the gap (this finding's), the rest the wait behind the others inside the device (disk-saturation's)
        SlowInSharedQueue shared = direction == null && !slowAvg ? SlowInSharedQueue.of(ctx, figs, d, ctx.value(MIN_IOS),
                bytes -> MediaLimit.seconds(ctx, name, bytes, 1)).orElse(null) : null;
        if (shared != null) {
            direction = shared.slow();
        }
        // a tail of requests dispatched deep behind others into a device quick near-empty is the queue's too
        boolean slowTail = d2c.p99() != null && d2c.p99() > ctx.seconds(P99_MS) && !queued
                && !(inside != null && inside.tailIsQueue(limitSeconds, ctx.seconds(P99_MS)));
        double typical = d2c.p50() != null ? d2c.p50() : d2c.avg();
        boolean outliers = d2c.max() >= ctx.seconds(OUTLIER_MS) && d2c.max() >= ctx.value(OUTLIER_RATIO) * typical;
        // a device quick in its typical request that stops now and then (a controller's or an SSD's pause): a few
        // requests far above its normal time hold much of its time, whatever its average and percentiles say
        // (a stall is one the application notices: as long as a slow tail, and far above the device's own time)
        double stallAbove = Math.max(ctx.seconds(P99_MS), Math.max(2 * limitSeconds, 10 * typical));
        PhaseDistribution.Tail stalled = figs.whole(d, Phase.D2C).map(x -> x.above(stallAbove))
                .orElse(PhaseDistribution.Tail.NONE);
        double d2cSum = d2c.avg() * d2c.n();
        double stallShare = d2cSum > 0 ? Math.min(100, 100 * stalled.seconds() / d2cSum) : 0;
        // (more than once: one slow request is an outlier, said as such)
        boolean stalls = !queued && !slowAvg && direction == null && path == null && stalled.n() >= 2
                && stallShare >= ctx.value(STALL_SHARE_PCT);
        // with a slow tail as well, the finding is the tail's, its title and its impact the whole device's
        boolean stallsOnly = stalls && !slowTail;
        String threshold = inside == null ? MediaLimit.described(ctx, name, limitSeconds, 0, 0)
                : MediaLimit.described(ctx, name, limitSeconds, inside.requestBytes(), inside.inFlight());
        if (shared != null) {
            why.add("its " + shared.slow().direction() + " and " + shared.other().direction() + " wait in one queue inside "
                    + "it" + (inside == null ? "" : " (" + Figures.number(inside.inFlight()) + " requests in it on "
                    + "average)") + ", yet the D2C of its " + shared.slow().direction() + " averages "
                    + Figures.duration(shared.slow().avg()) + " (median " + Figures.duration(shared.slow().percentile(50))
                    + ") and of its " + shared.other().direction() + " " + Figures.duration(shared.other().avg())
                    + " (median " + Figures.duration(shared.other().percentile(50)) + "): the "
                    + Figures.duration(shared.ownSeconds()) + " between them is the " + shared.slow().direction()
                    + "' own service at the least, over the " + Figures.duration(shared.limitSeconds()) + " of "
                    + MediaLimit.media(ctx, name).media().nounPhrase() + ", and the rest of their D2C the wait behind "
                    + "the others inside it (disk-saturation)");
        } else if (direction != null) {
            PhaseDistribution other = directions.get(directions.get(0) == direction ? 1 : 0);
            why.add("the D2C of its " + direction.direction() + " averages " + Figures.duration(direction.avg())
                    + " (median " + Figures.duration(direction.percentile(50)) + "; threshold " + threshold
                    + "), while its " + other.direction()
                    + " take " + Figures.duration(other.avg()) + ": the average of all its requests, "
                    + Figures.duration(d2c.avg()) + ", hides the slow " + direction.direction());
            slowAvg = false;
        } else if (slowAvg) {
            why.add("D2C averages " + Figures.duration(d2c.avg()) + " (threshold " + threshold + ")");
        }
        // served in turn, each request slow alone: its own time is this finding's, the wait behind the others
        // inside it disk-saturation's
        double ownShare = Double.NaN;
        double own = Double.NaN;
        boolean inTurn = false;
        if (shared == null && (slowAvg || direction != null) && inside != null
                && inside.slowBeneathItsQueue(limitSeconds, DEEP_IN_FLIGHT)) {
            own = inside.ownSeconds();
            ownShare = 100 * Math.min(1, own / d2c.avg());
            inTurn = inside.inTurn().isPresent();
            why.add("a request dispatched into it empty took " + Figures.duration(own) + (inTurn
                    ? ", and each one more ahead of it about as much again: it serves its "
                    + Figures.number(inside.inFlight()) + " requests in turn"
                    : " and the average one " + Figures.factor(d2c.avg() / own) + " as long: it serves most of its "
                    + Figures.number(inside.inFlight()) + " requests side by side and the others wait a turn")
                    + ", so its own time is " + Figures.percent(ownShare) + " of its D2C and the rest the wait "
                    + "behind the others inside it (disk-saturation)");
        }
        if (slowTail) {
            why.add("its 99th percentile is " + Figures.duration(d2c.p99()));
        }
        if (outliers) {
            why.add("the slowest completion took " + Figures.duration(d2c.max()) + ", "
                    + Figures.factor(d2c.max() / typical) + " the " + (d2c.p50() != null ? "median" : "average"));
        }
        if (stalls) {
            why.add(Figures.count(stalled.n()) + " of its " + Figures.count(d2c.n()) + " requests ("
                    + Figures.percent(100.0 * stalled.n() / d2c.n()) + ") took over " + Figures.duration(stallAbove)
                    + ", up to " + Figures.duration(d2c.max()) + ", and hold " + Figures.percent(stallShare)
                    + " of its D2C time, while its typical request takes " + Figures.duration(typical)
                    + ": the device stalls now and then");
        }
        if (path != null) {
            why.add(path);
        }
        if (why.isEmpty()) {
            return;
        }
        String slowestPath = UnpairedCompletions.dominantPath(figs.trace(), d.id());
        boolean systematic = slowAvg || direction != null || slowTail || path != null
                || stalls && stallShare >= STALLS_CRITICAL_PCT;
        PhaseStat q2c = d.phase(Phase.Q2C);
        Impact impact = direction != null
                ? Impact.measured(direction.sumSeconds(), "D2C of the " + direction.direction() + ", summed")
                : Impact.measured(d2c.avg() * d2c.n(), "D2C average x completions");
        // above 100 % D2C and Q2C count different I/Os (lost completions): ConsistencyAnalysis says so
        // a share of Q2C needs the Qs: a multipath leg or a split bio's request has none in btt's rows
        Double d2cShare = q2c.n() > 0 && !d.d2cByRequest() && d.share(Phase.D2C) <= 100 ? d.share(Phase.D2C) : null;
        if (q2c.avg() != null && q2c.n() > 0) {
            impact = impact.of(q2c.avg() * q2c.n(), "Q2C time on " + d.label());
        }
        // the figures are those of the slow direction when one is named, so that each says what the title says
        double avg = direction != null ? direction.avg() : d2c.avg();
        Double p50 = direction != null ? Double.valueOf(direction.percentile(50)) : d2c.p50();
        Double p99 = direction != null ? Double.valueOf(direction.percentile(99)) : d2c.p99();
        double max = direction != null ? direction.percentile(100) : d2c.max();
        long n = direction != null ? direction.n() : d2c.n();
        String of = direction == null ? "" : " of " + direction.direction();
        String title = stallsOnly ? "Device stalls below the driver: " + d.label() + " D2C median "
                + Figures.duration(typical) + ", but " + Figures.count(stalled.n()) + " requests over "
                + Figures.duration(stallAbove) + " hold " + Figures.percent(stallShare) + " of its time"
                : shared != null ? "Slow device below the driver for " + shared.slow().direction() + ": " + d.label()
                + " takes at least " + Figures.duration(shared.ownSeconds()) + " a " + (shared.reads() ? "read" : "write") + " (D2C"
                + of + " avg " + Figures.duration(avg) + ", of its " + shared.other().direction() + " "
                + Figures.duration(shared.other().avg()) + ", in one queue)"
                : !Double.isNaN(own) ? "Slow device below the driver: " + d.label() + " takes " + Figures.duration(own)
                + " a request served alone (D2C" + of + " avg " + Figures.duration(avg)
                + (inTurn ? " in turn behind the others)" : ", some waiting a turn)")
                : "Slow device below the driver" + (direction == null ? "" : " for " + direction.direction()) + ": "
                + d.label() + " D2C" + of + " avg " + Figures.duration(avg) + ", max " + Figures.duration(max);
        var f = ctx.finding(subject, title)
                // stalls in a tenth to a fifth of its time are a note: the device is otherwise quick
                .severity(systematic ? Severity.CRITICAL : stalls && !outliers && !slowTail
                        && stallShare < 2 * ctx.value(STALL_SHARE_PCT) ? Severity.INFO : Severity.WARNING)
                .summary("On " + d.label() + " " + String.join("; ", why) + ". D2C is the time from dispatch to "
                        + "the driver until completion: the host had already handed these I/Os to the device, HBA "
                        + "or array. " + (d2cShare == null ? "Over " : "D2C holds " + Figures.percent(d2cShare) + " of Q2C over ")
                        + (direction == null ? "" : "all its ") + Figures.count(d2c.n()) + " completions"
                        + (d2c.p50() == null ? "" : " (median " + Figures.duration(d2c.p50()) + ")") + "."
                        + (slowestPath == null ? "" : " The slowest I/Os went down " + slowestPath + "."))
                .recommendation(Escalation.text(d, path != null))
                .with(d::describe)
                .text(SubjectMetrics.DIRECTION, direction == null ? null : direction.direction())
                .figure(DeviceLatencyRule.D2C_AVG.labelled("D2C average" + of), avg)
                .figure(D2C_P50.labelled("D2C median" + of), p50)
                .figure(D2C_P99.labelled("D2C 99th percentile" + of), p99)
                .figure(D2C_MAX.labelled("D2C maximum" + of), max)
                .figure(DeviceLatencyRule.D2C_SHARE, d2cShare)
                .figure(SubjectMetrics.OF_DEVICE_TIME, stallsOnly ? Double.valueOf(stallShare)
                        : Double.isNaN(ownShare) ? null : Double.valueOf(ownShare))
                .figure(DeviceLatencyRule.SERVED_IN_TURN, Double.isNaN(own) ? null : Double.valueOf(own))
                .figure(IOS.labelled("completions" + of), n)
                .figure(DeviceLatencyRule.LIMIT_D2C_AVG.labelled("limit for the D2C average ("
                        + MediaLimit.media(ctx, name).media().description() + ")"), limitSeconds)
                .limit(DeviceLatencyRule.LIMIT_D2C_P99, P99_MS)
                .text(PATH, path != null ? path : slowestPath)
                .evidence(direction != null ? figs.slowestLines(d, Phase.D2C, direction.direction(), 3)
                        : figs.slowestLines(d, Phase.D2C, 3))
                .evidence(figs.bttLines(d, Phase.D2C, Phase.Q2C))
                .impact(impact);
        if (shared != null) {
            shared.shares(f);
        }
        if (n < 100) {
            f.doubt(Confidence.MEDIUM, "only " + n + " completions" + of + " on " + d.label());
        }
        // (one direction slow beside a fast one shares its queue with it: the queue cannot be what sets it apart)
        if (servedInTurnUntold(inside, limitSeconds) && slowAvg && direction == null && Double.isNaN(own)) {
            f.doubt(Confidence.MEDIUM, "with " + Figures.number(inside.inFlight()) + " requests in it on average "
                    + d.label() + " completed one every " + Figures.duration(inside.secondsPerCompletion())
                    + ", within its class: served one at a time each would take that, and its D2C would be the wait "
                    + "behind the others inside it. No request of the trace was dispatched into a near-empty device "
                    + "to tell the two apart; a trace from the workload's start, or of a lighter moment, would");
        }
        if (d.id().equals("all")) {
            f.doubt(Confidence.MEDIUM, "the btt report has no per-device tables (btt -A): D2C is of all traced devices "
                    + "together, so the slow device is not named");
        }
        f.report();
    }

    /** Whether one direction's requests are slow: enough of them, their average and their median over the limit. */
    private static boolean slow(RuleContext ctx, PhaseDistribution direction, double limit) {
        return direction.n() >= ctx.value(MIN_IOS) && direction.avg() != null && direction.avg() > limit
                && direction.percentile(50) > limit;
    }

    /**
     * Whether the device's long D2C is its load's alone: many requests in it, each of its size served one at a
     * time within the class, or the trace's requests into a near-empty device quick (InsideQueue#queuedInside);
     * not where those took as long as the rest (side by side) or were slow themselves with the rest in turn behind
     * them (32 requests on eight 25 ms flash slots complete one every 3.1 ms, yet the first eight took 25 ms each;
     * sixteen on twelve slots of a 40 ms disk, four waiting a turn, one every 2.5 ms).
     */
    private static boolean queued(RuleContext ctx, String device, InsideQueue inside) {
        double limit = inside == null ? 0 : MediaLimit.seconds(ctx, device, inside.requestBytes(), 1);
        return inside != null && inside.queuedInside(limit, DEEP_IN_FLIGHT) && !inside.servedSideBySideSlowly(limit)
                && !inside.slowBeneathItsQueue(limit, DEEP_IN_FLIGHT);
    }

    /**
     * Above this the device is slow: its class's service time, plus the transfer of the large requests the
     * trace saw in it at once; the class's alone without a trace of its requests (a btt report).
     */
    private static double limitSeconds(RuleContext ctx, String device, InsideQueue inside) {
        return inside == null ? MediaLimit.seconds(ctx, device)
                : MediaLimit.seconds(ctx, device, inside.requestBytes(), inside.inFlight());
    }

    /**
     * Whether a long D2C could as well be a queue inside the device as a slow one, and the trace cannot say which:
     * a few requests in it at once, completing one at least as often as its class serves one, and none dispatched
     * into it near-empty (where one dispatched alone would show its own time). In steady state N slots of N x s
     * and one slot of s look the same from the block layer, iostat and the application alike.
     */
    private static boolean servedInTurnUntold(InsideQueue inside, double limitSeconds) {
        return inside != null && inside.inFlight() >= 2 && inside.secondsPerCompletion() <= limitSeconds
                && inside.nearEmpty().isEmpty();
    }

    /** Requests in flight at once, on average, from which a device's long D2C is its own queue. */
    static final double DEEP_IN_FLIGHT = 8;
}
