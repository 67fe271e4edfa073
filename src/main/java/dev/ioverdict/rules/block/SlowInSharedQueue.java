package dev.ioverdict.rules.block;

import dev.ioverdict.model.block.BlockProcessTimes;
import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.block.PhaseDistribution;
import dev.ioverdict.rules.RuleContext;
import java.util.List;
import java.util.Optional;
import java.util.function.DoubleUnaryOperator;

/**
 * One direction slow in a device whose queue both directions share. Past dispatch (D2C) no scheduler puts one
 * direction ahead: reads and writes in the device wait there alike, so what sets one direction's D2C apart from
 * the other's is its own service. Where the gap, in the average and in the median, is longer than the class
 * serves a request of that direction's size in, those requests take at least the gap each alone: slow, however
 * full the device (32 requests in four flash slots, writes 12 ms and reads 1 ms: D2C 37.8 and 27.5 ms). The
 * queue, the rest of each D2C, stays disk-saturation's.
 *
 * @param slow         the slow direction's D2C ("reads" or "writes")
 * @param other        the other direction's D2C
 * @param ownSeconds   what each request of the slow direction takes alone at the least: the gap
 * @param limitSeconds what the class serves one request of the slow direction's size in
 */
public record SlowInSharedQueue(PhaseDistribution slow, PhaseDistribution other, double ownSeconds,
                                double limitSeconds) implements SlowDirection {
    /**
     * The device's slow direction, where the trace times both, each with at least {@code minIos} completions, and
     * one stands apart by more than {@code limitForBytes} gives a request of its size (the asking rule's own
     * threshold and limit).
     */
    public static Optional<SlowInSharedQueue> of(RuleContext ctx, BlockFigures figs, BlockFigures.Device d,
                                                 double minIos, DoubleUnaryOperator limitForBytes) {
        List<PhaseDistribution> directions = figs.byDirection(d, Phase.D2C);
        var times = ctx.data().results().get(BlockProcessTimes.class).orElse(null);
        if (directions.size() != 2 || times == null) {
            return Optional.empty();
        }
        long all = directions.get(0).n() + directions.get(1).n();
        for (PhaseDistribution x : directions) {
            if (x.n() < minIos || x.n() < InsideQueue.MINOR_SHARE * all || x.avg() == null) {
                return Optional.empty();
            }
        }
        PhaseDistribution a = directions.get(0);
        PhaseDistribution b = directions.get(1);
        PhaseDistribution slow = a.avg() >= b.avg() ? a : b;
        PhaseDistribution other = slow == a ? b : a;
        double gap = Math.min(slow.avg() - other.avg(), slow.percentile(50) - other.percentile(50));
        double limit = limitForBytes.applyAsDouble(times.requestBytes(d.id(), slow.direction().startsWith("read")
                ? "read" : "write"));
        return gap > limit ? Optional.of(new SlowInSharedQueue(slow, other, gap, limit)) : Optional.empty();
    }

    /** The same for the traced device of kernel name {@code name} ("loop0", as iostat names it). */
    public static Optional<SlowInSharedQueue> of(RuleContext ctx, String name, double minIos,
                                                 DoubleUnaryOperator limitForBytes) {
        return ctx.optional(BlockFigures.INPUT)
                .flatMap(figs -> figs.device(name).flatMap(d -> of(ctx, figs, d, minIos, limitForBytes)));
    }

    @Override
    public boolean reads() {
        return slow.direction().startsWith("read");
    }

    /** The share of the slow direction's D2C that is its own service, 0..1. */
    @Override
    public double ownShare() {
        return Math.min(1, ownSeconds / slow.avg());
    }

    @Override
    public double ofDeviceTime() {
        double all = slow.avg() * slow.n() + other.avg() * other.n();
        return all > 0 ? Math.min(1, ownSeconds * slow.n() / all) : 0;
    }
}
