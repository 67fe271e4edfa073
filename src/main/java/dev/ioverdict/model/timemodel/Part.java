package dev.ioverdict.model.timemodel;

import dev.ioverdict.model.KebabId;

/**
 * Where a second of the application's I/O wait went: the layers an I/O passes from the system
 * call down to the device, plus the two places no single layer owns (waiting behind another
 * process's I/O on the same device; what no input explains or measures).
 */
public enum Part implements KebabId {
    /** In the submitting call itself, not asleep on anything below: CPU, page cache, syscall overhead. */
    SUBMISSION("submission (CPU, syscall)"),
    /** Asleep on the inode: its lock, or XFS draining other direct I/O before an unaligned write. */
    INODE_LOCK("inode lock / direct-I/O drain"),
    /** Waiting for a request tag before the scheduler (Q2G + G2I). */
    TAG_WAIT("waiting for a request tag"),
    /** Held back on purpose: writeback throttling (wbt), cgroup io.max / io.latency. */
    THROTTLE("throttling (wbt, cgroup)"),
    /** Made to write back dirty page cache (balance_dirty_pages). */
    WRITEBACK("page-cache writeback"),
    /** In the I/O scheduler: inserted or merged until dispatched (I2D, M2D). */
    SCHEDULER("I/O scheduler"),
    /** In the device: dispatch to completion (D2C), or await where no block trace measured it. */
    DEVICE("device"),
    /** Cache flushes and FUA writes that make data durable (fsync, O_SYNC, journal commits). */
    FLUSH("cache flush / FUA"),
    /** In the device, but queued behind other processes' requests there. */
    BEHIND_OTHER_IO("behind other processes' I/O"),
    /** Measured in the application, but no lower layer accounts for it. */
    NOT_EXPLAINED("not explained by any layer"),
    /** No input below the application covers it. */
    NOT_MEASURED("not measured below the application");

    private final String label;

    Part(String label) {
        this.label = label;
    }

    /** What a reader sees in a table row. */
    public String label() {
        return label;
    }

    /** Parts that name a layer of the I/O stack, as opposed to "we cannot tell". */
    public boolean located() {
        return this != NOT_EXPLAINED && this != NOT_MEASURED;
    }
}
