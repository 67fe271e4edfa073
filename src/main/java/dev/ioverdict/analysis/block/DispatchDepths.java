package dev.ioverdict.analysis.block;

import dev.ioverdict.model.block.BlockProcessTimes;
import java.util.ArrayList;
import java.util.List;

/**
 * One device's D2C by how many of its requests were already in it when each was dispatched, per
 * direction: a device that serves its requests side by side takes as long with seven others in it
 * as alone, one that serves them in turn takes longer the more are ahead. A request is counted only
 * when that number is known: not when a request the trace never saw dispatched (in flight when it
 * began) completed while it was in the device.
 */
final class DispatchDepths {
    /** Levels 0 .. DEEPEST - 1 one by one; the last holds DEEPEST and more. */
    static final int DEEPEST = BlockProcessTimes.DEEPEST_LEVEL;

    /** Completions of requests whose dispatch the trace did not hold. */
    private long unseenCompleted;
    /** Requests dispatched so far (a requeued one each time again). */
    private long dispatches;
    /** When the device last completed a request, seen dispatched or not. */
    private long lastCompletionNs = Long.MIN_VALUE;
    private final long[][] n = new long[2][DEEPEST + 1];
    private final long[][] d2cNs = new long[2][DEEPEST + 1];

    /** A request the trace never saw dispatched completed: every request in the device now has an unknown depth. */
    void completedUnseen() {
        unseenCompleted++;
    }

    /** The completions of unseen requests so far, stamped on a request at its dispatch. */
    long unseenCompleted() {
        return unseenCompleted;
    }

    /** A request was dispatched: its number among the device's dispatches. */
    long dispatched() {
        return ++dispatches;
    }

    /**
     * Whether {@code r}, completing now, had the device to itself: nothing in it when it was dispatched, as far as
     * the trace shows, and nothing dispatched after it. What such a request took is its service alone, without
     * the bandwidth or slots it would share with others (a reader beside a copy's writeback on flash).
     */
    boolean servedAlone(IssuedRequest r) {
        return r.othersInDevice == 0 && r.unseenCompletedBefore == unseenCompleted && r.dispatchNumber == dispatches;
    }

    /**
     * The part of {@code r}'s D2C, completing at {@code t}, after the device's completion before it (all of it when
     * the device completed none since its dispatch). A device that serves one request at a time (a rotating disk's
     * one head) served the others until then: this is its own service, the rest its turn's wait.
     */
    long sinceLastCompletion(IssuedRequest r, long t) {
        return t - Math.max(r.dTime, lastCompletionNs);
    }

    /** The device completed a request at {@code t}. */
    void completedAt(long t) {
        lastCompletionNs = Math.max(lastCompletionNs, t);
    }

    void completed(IssuedRequest r, long d2c) {
        int direction = BttTracker.direction(r.d.rwbs());
        if (direction < 0 || r.unseenCompletedBefore != unseenCompleted) {
            return;
        }
        int level = Math.min(r.othersInDevice, DEEPEST);
        n[direction][level]++;
        d2cNs[direction][level] += d2c;
    }

    List<BlockProcessTimes.DepthLevel> levels() {
        List<BlockProcessTimes.DepthLevel> out = new ArrayList<>();
        for (int direction = 0; direction < 2; direction++) {
            for (int level = 0; level <= DEEPEST; level++) {
                if (n[direction][level] > 0) {
                    out.add(new BlockProcessTimes.DepthLevel(direction == 0 ? "read" : "write", level,
                            n[direction][level], Btt.seconds(d2cNs[direction][level])));
                }
            }
        }
        return out;
    }
}
