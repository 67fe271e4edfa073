package dev.ioverdict.rules.block;

import dev.ioverdict.analysis.iostat.DeviceSeries;
import dev.ioverdict.analysis.iostat.FlushHeldWrites;
import dev.ioverdict.analysis.iostat.IostatPoint;
import dev.ioverdict.model.config.SchedulerSetting;
import dev.ioverdict.rules.Inputs;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.disk.Episodes;
import java.util.Optional;
import java.util.Set;
import java.util.function.DoubleUnaryOperator;

/**
 * {@link SlowInSharedQueue} read from iostat: a device with no I/O scheduler in front of it ("none") sets neither
 * direction ahead before the device, so where its reads and writes are outstanding together both wait alike, and
 * what sets w_await apart from r_await is the two directions' own service. Where, in most reports, one stands
 * above the other by more than the class serves a request of that direction's size in, each of its requests takes
 * at least the gap alone. A scheduler that serves reads first (mq-deadline, bfq, kyber) sets them apart itself,
 * and a report whose writes hold the flush sequence (fsync) times more than the writes: neither is read.
 *
 * @param reads        whether the slow direction is the reads
 * @param ownSeconds   what each of its requests takes alone at the least: the gap, averaged over the reports
 * @param slowMs       the slow direction's response (r_await or w_await), averaged over the reports
 * @param otherMs      the other direction's, averaged over the same reports
 * @param limitMs      what the class serves one request of the slow direction's size in, averaged over them
 * @param episodes     the reports showing the gap
 */
public record IostatSharedQueue(boolean reads, double ownSeconds, double slowMs, double otherMs, double limitMs,
                                Episodes episodes) implements SlowDirection {
    /** Schedulers that hand requests to the device in the order they come, whatever their direction. */
    private static final Set<String> IN_ORDER = Set.of("none", "noop");

    /**
     * The series' slow direction, where the device's scheduler is known to keep no order of its own, and at least
     * {@code minReports} reports in a row (or half of them) show it, {@code limitForBytes} giving what the class
     * serves a request of that size in (the asking rule's own limit).
     */
    public static Optional<IostatSharedQueue> of(RuleContext ctx, DeviceSeries s, double minReports,
                                                 DoubleUnaryOperator limitForBytes) {
        boolean inOrder = ctx.optional(Inputs.STORAGE).flatMap(c -> c.scheduler(s.device()))
                .map(SchedulerSetting::active).filter(IN_ORDER::contains).isPresent();
        IostatPoint first = s.points().get(0);
        if (!inOrder || !(first.sample().has("r_await") && first.sample().has("w_await") && first.sample().has("r/s")
                && first.sample().has("w/s"))) {
            return Optional.empty();
        }
        // which direction is the slower one over the reports doing both, by the requests' weight
        double gapSum = 0;
        double ios = 0;
        for (IostatPoint p : s.points()) {
            if (both(p)) {
                double n = p.sample().value("r/s") + p.sample().value("w/s");
                gapSum += n * (p.sample().value("w_await") - p.sample().value("r_await"));
                ios += n;
            }
        }
        if (ios <= 0 || gapSum == 0) {
            return Optional.empty();
        }
        boolean reads = gapSum < 0;
        String slow = reads ? "r" : "w";
        String other = reads ? "w" : "r";
        String size = reads ? "rareq-sz" : "wareq-sz";
        java.util.function.ToDoubleFunction<IostatPoint> limitMs = p -> 1000 * limitForBytes.applyAsDouble(
                first.sample().has(size) ? 1024 * p.sample().value(size) : 0);
        Episodes e = Episodes.of(s.points(), p -> both(p)
                && p.sample().value(slow + "_await") - p.sample().value(other + "_await") > limitMs.applyAsDouble(p));
        if (!e.sustained(minReports, 50)) {
            return Optional.empty();
        }
        double gap = weighted(e, slow, p -> p.sample().value(slow + "_await") - p.sample().value(other + "_await"));
        return Optional.of(new IostatSharedQueue(reads, gap / 1000, weighted(e, slow, p -> p.sample().value(slow + "_await")),
                weighted(e, slow, p -> p.sample().value(other + "_await")),
                weighted(e, slow, limitMs), e));
    }

    /** The same, sustained as device-latency asks by default: for a rule that reads the split, not one that judges it. */
    public static Optional<IostatSharedQueue> of(RuleContext ctx, DeviceSeries s, DoubleUnaryOperator limitForBytes) {
        return of(ctx, s, DeviceLatencyRule.MIN_REPORTS.defaultValue(), limitForBytes);
    }

    /** A report whose reads and writes were both outstanding, each a share of its requests, their awaits the device's. */
    private static boolean both(IostatPoint p) {
        double r = p.sample().value("r/s");
        double w = p.sample().value("w/s");
        return r > 0 && w > 0 && Math.min(r, w) >= InsideQueue.MINOR_SHARE * (r + w) && p.sample().value("r_await") > 0
                && p.sample().value("w_await") > 0 && !FlushHeldWrites.holds(p);
    }

    /** {@code f} averaged over the reports by the slow direction's requests ({@code slow}: "r" or "w"). */
    private static double weighted(Episodes e, String slow, java.util.function.ToDoubleFunction<IostatPoint> f) {
        double sum = 0;
        double n = 0;
        for (IostatPoint p : e.flagged()) {
            double rate = p.sample().value(slow + "/s");
            sum += rate * f.applyAsDouble(p);
            n += rate;
        }
        return n > 0 ? sum / n : Double.NaN;
    }

    /** The share of the slow direction's response that is its own service, 0..1. */
    @Override
    public double ownShare() {
        return Math.min(1, 1000 * ownSeconds / slowMs);
    }

    @Override
    public double ofDeviceTime() {
        String rate = reads ? "r/s" : "w/s";
        double own = 0;
        double all = 0;
        for (IostatPoint p : episodes.flagged()) {
            own += p.sample().value(rate) * 1000 * ownSeconds;
            all += p.sample().value("r/s") * p.sample().value("r_await") + p.sample().value("w/s") * p.sample().value("w_await");
        }
        return all > 0 ? Math.min(1, own / all) : 0;
    }

    /** "reads" or "writes". */
    public String direction() {
        return reads ? "reads" : "writes";
    }

    /** The other direction, "reads" or "writes". */
    public String otherDirection() {
        return reads ? "writes" : "reads";
    }
}
