package dev.ioverdict.rules.block;

import dev.ioverdict.model.block.BlockProcessTimes;
import dev.ioverdict.rules.RuleContext;
import java.util.Optional;

/**
 * What a block trace says of one device's requests inside it: how many it held at once on average
 * (Little's law: D2C summed over the trace's span), its busy time per completion had it served one
 * at a time (the span over its completions), and its light-load service time (the D2C 5th
 * percentile). device-latency and disk-saturation read the same figures, so a long D2C is called
 * one or the other, never both nor neither.
 *
 * @param inFlight              requests in the device at once, on average
 * @param secondsPerCompletion  the trace's span over the device's completions
 * @param lightLoadSeconds      the device's D2C 5th percentile (NaN when the trace gives none)
 * @param requestBytes          the device's average request size
 */
public record InsideQueue(double inFlight, double secondsPerCompletion, double lightLoadSeconds, double requestBytes) {
    /** The device's figures (its major,minor as the trace prints it); empty without a span or a completion. */
    public static Optional<InsideQueue> of(RuleContext ctx, String devno) {
        var times = ctx.data().results().get(BlockProcessTimes.class).orElse(null);
        if (times == null || !(times.spanSeconds() > 0) || times.completions(devno) == 0) {
            return Optional.empty();
        }
        double p5 = times.baselines().stream().filter(b -> b.device().equals(devno))
                .mapToDouble(BlockProcessTimes.Baseline::p5).findFirst().orElse(Double.NaN);
        return Optional.of(new InsideQueue(times.atOnce(devno, BlockProcessTimes.Entry::d2c),
                times.spanSeconds() / times.completions(devno), p5, times.requestBytes(devno)));
    }

    /**
     * Whether the device's long D2C is its load's: at least {@code deep} requests in it at once, and
     * either its light-load requests are fast (5th percentile within {@code limitSeconds}), or, with
     * no light-load request in the capture (a deep queue from its first second), it completes a
     * request at least as often as its class serves one: even served one at a time each would take no
     * longer than the class allows. A device that completes fewer is slow whatever its queue.
     */
    public boolean queuedInside(double limitSeconds, double deep) {
        return inFlight >= deep && (lightLoadSeconds <= limitSeconds || secondsPerCompletion <= limitSeconds);
    }
}
