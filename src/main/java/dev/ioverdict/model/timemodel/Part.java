package dev.ioverdict.model.timemodel;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Where a second of the application's I/O wait went: the layers an I/O passes from the system
 * call down to the device, plus the two places no single layer owns (waiting behind another
 * process's I/O on the same device; what no input explains or measures).
 */
public enum Part {
    /** In the submitting call itself, not asleep on anything below: CPU, page cache, syscall overhead. */
    SUBMISSION("submission", "submission (CPU, syscall)"),
    /** Asleep on the inode: its lock, or XFS draining other direct I/O before an unaligned write. */
    INODE_LOCK("inode-lock", "inode lock / direct-I/O drain"),
    /** Waiting for a request tag before the scheduler (Q2G + G2I). */
    TAG_WAIT("tag-wait", "waiting for a request tag"),
    /** Held back on purpose: writeback throttling (wbt), cgroup io.max / io.latency. */
    THROTTLE("throttle", "throttling (wbt, cgroup)"),
    /** Made to write back dirty page cache (balance_dirty_pages). */
    WRITEBACK("writeback", "page-cache writeback"),
    /** In the I/O scheduler: inserted or merged until dispatched (I2D, M2D). */
    SCHEDULER("scheduler", "I/O scheduler"),
    /** In the device: dispatch to completion (D2C), or await where no block trace measured it. */
    DEVICE("device", "device"),
    /** Cache flushes and FUA writes that make data durable (fsync, O_SYNC, journal commits). */
    FLUSH("flush", "cache flush / FUA"),
    /** In the device, but queued behind other processes' requests there. */
    BEHIND_OTHER_IO("behind-other-io", "behind other processes' I/O"),
    /** Measured in the application, but no lower layer accounts for it. */
    NOT_EXPLAINED("not-explained", "not explained by any layer"),
    /** No input below the application covers it. */
    NOT_MEASURED("not-measured", "not measured below the application");

    private final String id;
    private final String label;

    Part(String id, String label) {
        this.id = id;
        this.label = label;
    }

    @JsonValue
    public String id() {
        return id;
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
