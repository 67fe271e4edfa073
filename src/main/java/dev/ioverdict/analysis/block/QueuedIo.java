package dev.ioverdict.analysis.block;

import dev.ioverdict.model.block.BlockEvent;

/**
 * One queued bio (a Q) while it is in flight: btt's {@code struct io} for IOP_Q, its times
 * stamped by the G/S/I/M/D events that find it, and the lines that did so (evidence for the
 * slowest I/Os). Also a node of its device's {@link QueueTree}.
 */
final class QueuedIo {
    static final long UNSET = -1;

    final BttDevice device;
    final long start;
    final long end;
    final long qTime;
    final BlockEvent q;
    /** {@link BttTracker#direction} and {@link SchedulerWaits#direction} of its RWBS, read at every completion. */
    final int direction;
    final int schedulerDirection;
    /** Both directions in one index, the cell of {@link BttDevice}'s per-class samples: see {@link BttDevice#cls}. */
    final int cls;
    long gTime = UNSET;
    long sTime = UNSET;
    long iTime = UNSET;
    long mTime = UNSET;
    long dTime = UNSET;
    BlockEvent g;
    BlockEvent s;
    BlockEvent i;
    BlockEvent m;
    BlockEvent d;
    /** The remap (A) that sent this bio here from a dm/md volume, if any. */
    BlockEvent remap;
    /** The volume's Q this bio came from (bio-based dm/md), while that one is in flight. */
    QueuedIo origin;
    /** What happened below this bio on the device it was remapped to, once that part completed. */
    Completion below;

    // red-black tree links (QueueTree)
    QueuedIo parent;
    QueuedIo left;
    QueuedIo right;
    boolean red;
    boolean inTree;

    QueuedIo(BttDevice device, BlockEvent q, long start, long end) {
        this.device = device;
        this.q = q;
        this.qTime = q.timeNs();
        this.start = start;
        this.end = end;
        this.direction = BttTracker.direction(q.rwbs());
        this.schedulerDirection = SchedulerWaits.direction(q.rwbs());
        this.cls = BttDevice.cls(direction, schedulerDirection);
    }
}
