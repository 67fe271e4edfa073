package dev.ioverdict.rules.block;

import dev.ioverdict.model.block.BlockProcessTimes;
import dev.ioverdict.rules.RuleContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a block trace says of one device's requests inside it: how many it held at once on average
 * (Little's law: D2C summed over the trace's span), its busy time per completion had it served one
 * at a time (the span over its completions), and its light-load service time (the D2C 5th
 * percentile), and its D2C by how many of its requests were in it at each dispatch. device-latency
 * and disk-saturation read the same figures, so a long D2C is called one or the other, never both
 * nor neither.
 *
 * @param inFlight              requests in the device at once, on average
 * @param secondsPerCompletion  the trace's span over the device's completions
 * @param requestBytes          the device's average request size
 * @param baseline              its D2C percentiles and D2C by depth at dispatch (null when the trace gives none)
 */
public record InsideQueue(double inFlight, double secondsPerCompletion, double requestBytes,
                          BlockProcessTimes.Baseline baseline) {
    /**
     * Requests dispatched into a near-empty device needed to say how it serves them: two, a light one set
     * against the rest by a factor of two (four threads starting at once give two, with none and one ahead).
     */
    static final long MIN_LIGHT = 2;
    /** A direction with fewer of the device's requests than this share is not judged on its own. */
    static final double MINOR_SHARE = 0.1;
    /** How many times longer than the light requests the rest must take for a queue inside the device to show. */
    private static final double IN_TURN_FACTOR = 2;

    /** The device's figures (its major,minor as the trace prints it); empty without a span or a completion. */
    public static Optional<InsideQueue> of(RuleContext ctx, String devno) {
        var times = ctx.data().results().get(BlockProcessTimes.class).orElse(null);
        if (times == null || !(times.spanSeconds() > 0) || times.completions(devno) == 0) {
            return Optional.empty();
        }
        BlockProcessTimes.Baseline baseline = times.baselines().stream().filter(b -> b.device().equals(devno))
                .findFirst().orElse(null);
        return Optional.of(new InsideQueue(times.atOnce(devno, BlockProcessTimes.Entry::d2c),
                times.spanSeconds() / times.completions(devno), times.requestBytes(devno), baseline));
    }

    /**
     * Whether the device's slow tail ({@code tailSeconds} and more) is its queue: the requests dispatched into it
     * with at most one other in it took no longer than {@code limitSeconds}, and at least a hundredth of its
     * requests were dispatched with so many others in it that, each of those served in turn in the class's time,
     * they would wait that long (a disk's 1.25 MiB writeback writes dispatched 27 deep take 104 ms; its reads
     * into the empty device 3.4 ms).
     */
    public boolean tailIsQueue(double limitSeconds, double tailSeconds) {
        if (baseline == null || !(limitSeconds > 0)) {
            return false;
        }
        BlockProcessTimes.Dispatched near = baseline.dispatchedBelow(2);
        if (near.n() < MIN_LIGHT || !(near.averageSeconds() <= limitSeconds)) {
            return false;
        }
        double deep = Math.ceil(tailSeconds / limitSeconds) - 1;
        long all = baseline.dispatchedBelow(Double.POSITIVE_INFINITY).n();
        long shallow = baseline.dispatchedBelow(deep).n();
        return all > 0 && all - shallow >= TAIL_SHARE * all;
    }

    /** The share of its requests a percentile's tail holds at the least: the 99th's hundredth. */
    private static final double TAIL_SHARE = 0.01;

    /** The device's light-load service time: its D2C 5th percentile (NaN when the trace gives none). */
    public double lightLoadSeconds() {
        return baseline == null ? Double.NaN : baseline.p5();
    }

    /**
     * Whether the device's long D2C is its load's: at least {@code deep} requests in it at once, and
     * either its light-load requests are fast (5th percentile within {@code limitSeconds}), or, with
     * no light-load request in the capture (a deep queue from its first second), it completes a
     * request at least as often as its class serves one: even served one at a time each would take no
     * longer than the class allows. A device that completes fewer is slow whatever its queue.
     */
    public boolean queuedInside(double limitSeconds, double deep) {
        return inFlight >= deep && (lightLoadSeconds() <= limitSeconds || secondsPerCompletion <= limitSeconds)
                || servedInTurn(limitSeconds);
    }

    /**
     * Whether the trace shows the device serving its requests side by side, each slow: those dispatched into it
     * near-empty took longer than {@code limitSeconds}, and the rest about as long ({@link #SIDE_BY_SIDE_FACTOR}) in
     * each direction. A request that takes as long with the others in it as alone is in service, not
     * waiting: however many it holds and however often one completes, its D2C is its own (twelve reads of 25 ms
     * in twelve slots complete one every 2 ms).
     */
    public boolean servedSideBySideSlowly(double limitSeconds) {
        Optional<BlockProcessTimes.Dispatched> light = nearEmpty();
        return light.isPresent() && light.get().averageSeconds() > limitSeconds && byDirection().stream()
                .allMatch(d -> d.whole().averageSeconds() <= SIDE_BY_SIDE_FACTOR * d.near().averageSeconds());
    }

    /**
     * At most this many times as long as the requests dispatched near-empty, the rest show no queue: a queue
     * building from empty makes them two to four times as long (a request with k ahead takes k + 1 turns).
     */
    private static final double SIDE_BY_SIDE_FACTOR = 1.25;

    /**
     * Whether the trace shows the device serving its requests in turn, whatever their number: at least
     * {@link #MIN_LIGHT} requests were dispatched while fewer than half its average number were in it,
     * and in each direction those take no longer than {@code limitSeconds} and at most half that
     * direction's average. A device that serves them side by side takes as long with the others in it
     * as alone; only a queue inside it makes the same request take longer the more are ahead of it
     * (8 threads on a disk serving 2 at once: 5.6 ms alone, 21 ms with seven ahead).
     */
    boolean servedInTurn(double limitSeconds) {
        return lightLoad(limitSeconds).isPresent();
    }

    /**
     * {@link #lightLoad}, when the device was seldom near-empty: at most a tenth of its requests were
     * dispatched into it so. A request finds a device empty about as often as the device has time to
     * spare; one that finds it near-empty a tenth of the time or more meets a queue the load's bursts
     * build (an fsync writing 32 pages at once), not one its load keeps up.
     */
    public Optional<BlockProcessTimes.Dispatched> sustainedLightLoad(double limitSeconds) {
        return lightLoad(limitSeconds).filter(light -> light.n() <= MINOR_SHARE * knownRequests());
    }

    /** The device's reads and writes whose number in the device at their dispatch the trace knows. */
    private long knownRequests() {
        return baseline == null ? 0 : baseline.dispatched("read").n() + baseline.dispatched("write").n();
    }

    /**
     * The requests dispatched into a near-empty device (fewer than {@link #lightDepth} in it), both directions
     * together, whatever the rest took: what a request takes with little ahead of it, where the trace holds at
     * least {@link #MIN_LIGHT}.
     */
    public Optional<BlockProcessTimes.Dispatched> nearEmpty() {
        if (baseline == null || !(inFlight >= 2)) {
            return Optional.empty();
        }
        BlockProcessTimes.Dispatched both = baseline.dispatchedBelow(lightDepth());
        return both.n() < MIN_LIGHT ? Optional.empty() : Optional.of(both);
    }

    /** The number of the device's requests under which one was dispatched into a near-empty device: half its average. */
    public double lightDepth() {
        return inFlight / 2;
    }

    /**
     * The requests dispatched into a near-empty device, where the rest took at least {@link #IN_TURN_FACTOR}
     * times as long in each direction: the device serves its requests in turn, whatever each takes alone.
     */
    public Optional<BlockProcessTimes.Dispatched> inTurn() {
        return lightLoad(Double.POSITIVE_INFINITY);
    }

    /**
     * Whether the device serves its requests in turn and each is slow for its class even so: those dispatched
     * into it near-empty took longer than {@code limitSeconds}, the rest at least twice as long, and one
     * dispatched into it empty ({@link #ownSeconds}) longer than the limit too (the near-empty ones of a deep
     * queue waited for some ahead of them). Its D2C is then its own time and, beyond it, the wait behind the
     * others inside it: a slow device and a full one.
     */
    public boolean servedInTurnSlowly(double limitSeconds) {
        return queuedInTurnBeyond(limitSeconds) && ownSeconds() > limitSeconds;
    }

    /**
     * Whether each request is slow for its class alone and the rest of its D2C the wait behind the others inside
     * the device: served in turn ({@link #servedInTurnSlowly}), or most side by side with at least {@code deep}
     * requests in it, the others waiting a turn ({@link #servedInPartSlowly}). Its own time is then device-latency's
     * and the turn it waits disk-saturation's; a queue shallower than a deep one in part is no saturation, and the
     * whole D2C stays the device's.
     */
    public boolean slowBeneathItsQueue(double limitSeconds, double deep) {
        return servedInTurnSlowly(limitSeconds) || inFlight >= deep && servedInPartSlowly(limitSeconds);
    }

    /**
     * Whether the device serves most of its requests side by side and the rest in turn, each slow for its class
     * even so: those dispatched into it near-empty took longer than {@code limitSeconds} in some direction, the
     * rest longer than side by side allows ({@link #SIDE_BY_SIDE_FACTOR}) yet less than in turn
     * ({@link #IN_TURN_FACTOR}) in each, and one dispatched into it empty ({@link #ownSeconds}) longer than the
     * limit too: sixteen requests on twelve slots of a 40 ms disk take 40 ms dispatched into it empty and 52 ms on
     * average, four of them waiting a turn.
     */
    public boolean servedInPartSlowly(double limitSeconds) {
        if (baseline == null || !(inFlight >= 2) || !(ownSeconds() > limitSeconds)) {
            return false;
        }
        long near = 0;
        boolean slowNear = false;
        for (Direction d : byDirection()) {
            double ratio = d.whole().averageSeconds() / d.near().averageSeconds();
            if (!(ratio > SIDE_BY_SIDE_FACTOR && ratio < IN_TURN_FACTOR)) {
                return false;
            }
            slowNear |= d.near().averageSeconds() > limitSeconds;
            near += d.near().n();
        }
        return slowNear && near >= MIN_LIGHT;
    }

    /**
     * Whether the device serves its requests in turn, those dispatched into it near-empty taking longer than
     * {@code limitSeconds} and the rest at least twice as long: a queue inside it, whose light-load requests say
     * each one's time alone ({@link #ownSeconds}), slow or not.
     */
    public boolean queuedInTurnBeyond(double limitSeconds) {
        return !servedInTurn(limitSeconds) && inTurn().isPresent();
    }

    /**
     * What a request takes with none ahead of it: the average D2C of those dispatched into the empty device,
     * else of those dispatched near-empty (which may have waited for one or two: an upper bound); NaN without
     * either.
     */
    public double ownSeconds() {
        if (baseline == null) {
            return Double.NaN;
        }
        BlockProcessTimes.Dispatched alone = baseline.dispatchedBelow(1);
        if (alone.n() > 0) {
            return alone.averageSeconds();
        }
        return nearEmpty().map(BlockProcessTimes.Dispatched::averageSeconds).orElse(Double.NaN);
    }

    /**
     * The average D2C of the requests dispatched into the device while fewer than half its average
     * number were in it, when the trace shows it serving its requests in turn ({@link #servedInTurn}):
     * what its load's requests take with little ahead of them.
     */
    public Optional<BlockProcessTimes.Dispatched> lightLoad(double limitSeconds) {
        if (baseline == null || !(inFlight >= 2)) {
            return Optional.empty();
        }
        BlockProcessTimes.Dispatched total = new BlockProcessTimes.Dispatched(0, Double.NaN);
        for (Direction d : byDirection()) {
            if (d.near().averageSeconds() > limitSeconds
                    || d.whole().averageSeconds() < IN_TURN_FACTOR * d.near().averageSeconds()) {
                return Optional.empty();
            }
            total = total.plus(d.near());
        }
        return total.n() < MIN_LIGHT ? Optional.empty() : Optional.of(total);
    }

    /** One direction's requests whose depth is known ({@code whole}) and those dispatched near-empty ({@code near}). */
    private record Direction(BlockProcessTimes.Dispatched whole, BlockProcessTimes.Dispatched near) {
    }

    /**
     * The directions that hold at least {@link #MINOR_SHARE} of the device's requests and have some dispatched
     * near-empty: the ones a reading of how it serves them is judged on.
     */
    private List<Direction> byDirection() {
        long all = knownRequests();
        List<Direction> out = new ArrayList<>(2);
        for (String direction : new String[] {"read", "write"}) {
            BlockProcessTimes.Dispatched whole = baseline.dispatched(direction);
            BlockProcessTimes.Dispatched near = baseline.dispatchedBelow(direction, lightDepth());
            if (whole.n() >= MINOR_SHARE * all && near.n() > 0) {
                out.add(new Direction(whole, near));
            }
        }
        return out;
    }
}
