package dev.ioverdict.analysis.timemodel;

import java.util.Map;

/** The kinds of I/O system call an application waits in, each assigned to the layers its own way. */
enum WaitClass {
    /** io_submit: the submission path (locks, tags, throttles, synchronous work) before the I/O is queued. */
    SUBMIT,
    /** io_getevents and kin: waiting for asynchronous completions. */
    COMPLETE,
    /** read, pread64, preadv...: a synchronous read, submission and completion in one call. */
    READ,
    /** write, pwrite64, pwritev...: a synchronous (or buffered) write. */
    WRITE,
    /** fsync, fdatasync, sync_file_range, msync: making written data durable. */
    SYNC;

    private static final Map<String, WaitClass> BY_NAME = Map.ofEntries(
            Map.entry("io_submit", SUBMIT),
            Map.entry("io_getevents", COMPLETE), Map.entry("io_pgetevents", COMPLETE),
            Map.entry("io_uring_enter", COMPLETE),
            Map.entry("read", READ), Map.entry("pread64", READ), Map.entry("pread", READ), Map.entry("readv", READ),
            Map.entry("preadv", READ), Map.entry("preadv2", READ),
            Map.entry("write", WRITE), Map.entry("pwrite64", WRITE), Map.entry("pwrite", WRITE),
            Map.entry("writev", WRITE), Map.entry("pwritev", WRITE), Map.entry("pwritev2", WRITE),
            Map.entry("fsync", SYNC), Map.entry("fdatasync", SYNC), Map.entry("sync_file_range", SYNC),
            Map.entry("sync_file_range2", SYNC), Map.entry("msync", SYNC), Map.entry("syncfs", SYNC),
            Map.entry("sync", SYNC));

    /** The class of the call {@code name}, or null when it is not an I/O wait. */
    static WaitClass of(String name) {
        return name == null ? null : BY_NAME.get(name);
    }
}
