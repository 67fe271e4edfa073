package dev.ioverdict.analysis.block;

import dev.ioverdict.model.block.BlockEvent;

/**
 * A request issued to a device (D) and not yet completed: one D..C pair, whatever btt makes of
 * it, so a device's service times are known even where btt sees no Q (multipath legs, traces
 * recorded with only issue and complete events).
 */
final class IssuedRequest {
    long dTime;
    BlockEvent d;
    /** The remap (A) that put this request on the device, for request-based dm. */
    BlockEvent remap;
    /** The volume's Q it serves, while that one is in flight. */
    QueuedIo origin;
    /** The device's other requests in it when this one was dispatched, as far as the trace had seen them. */
    int othersInDevice;
    /** The device's completions of requests dispatched before the trace, counted when this one was dispatched. */
    long unseenCompletedBefore;
    /** The device's dispatches counted at this one's (its own the last of them). */
    long dispatchNumber;

    IssuedRequest(BlockEvent d) {
        this.d = d;
        this.dTime = d.timeNs();
    }
}
