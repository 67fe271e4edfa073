package dev.ioverdict.analysis.syscall;

import dev.ioverdict.parse.InputFormats;
import dev.ioverdict.model.syscall.AioProcess;
import dev.ioverdict.model.syscall.SleepStack;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the application's asynchronous I/O sleeps on, from its kernel sleep stacks: on other
 * I/O of the same inode or its lock (the XFS drain before an unaligned direct write), on its own
 * I/O (io_getevents' read_events, a direct write made synchronous waiting in iomap_dio_rw), or on
 * something else. The two first kinds are what unaligned-dio-xfs and device-latency cost the
 * application, measured rather than inferred from syscall averages.
 */
public final class AioWaits {
    /** Waiting for the inode's other direct I/O to drain, or for the inode lock another writer holds. */
    private static final Set<String> DRAIN = Set.of("inode_dio_wait");
    private static final Set<String> LOCK_SLOWPATH = Set.of("rwsem_down_read_slowpath", "rwsem_down_write_slowpath",
            "rwsem_down_read_failed", "rwsem_down_write_failed", "down_read", "down_write");
    /** XFS's, and ext4's direct write path, which takes the inode's i_rwsem itself (inode_lock, inlined). */
    private static final Set<String> INODE_LOCKERS = Set.of("xfs_ilock", "xfs_ilock_iocb", "xfs_ilock_iocb_for_write",
            "xfs_file_dio_write_unaligned", "xfs_file_dio_aio_write", "xfs_file_dio_write",
            "ext4_file_write_iter", "ext4_dio_write_iter", "ext4_dio_write_checks");
    /** Waiting for its own I/O to complete. */
    private static final Set<String> OWN_IO = Set.of("read_events", "__iomap_dio_rw", "iomap_dio_rw",
            "__blkdev_direct_IO_simple", "blkdev_direct_IO", "do_blockdev_direct_IO", "__blockdev_direct_IO");
    /**
     * Waiting for the writeback of what the call itself wrote: a direct write a filesystem turned into a
     * buffered one and then writes back and waits for (btrfs for a write not aligned to its sector size).
     */
    private static final Set<String> OWN_WRITEBACK = Set.of("folio_wait_writeback", "wait_on_page_writeback",
            "__filemap_fdatawait_range", "filemap_fdatawait_range", "filemap_write_and_wait_range");
    /**
     * XFS's checks before a write, which zero the range between the file's size and a write that starts beyond it,
     * first draining the inode's direct I/O (xfs_file_write_checks, xfs_file_write_zero_eof; 4.x's
     * xfs_file_aio_write_checks).
     */
    private static final Set<String> EOF_CHECKS = Set.of("xfs_file_write_checks", "xfs_file_write_zero_eof",
            "xfs_file_aio_write_checks");
    /** Frames that put a sleep inside an AIO system call. */
    private static final Set<String> AIO_CALLS = Set.of("__x64_sys_io_submit", "__arm64_sys_io_submit", "sys_io_submit",
            "do_io_submit", "io_submit_one", "__se_sys_io_submit", "__x64_sys_io_getevents", "__arm64_sys_io_getevents",
            "do_io_getevents", "sys_io_getevents", "__x64_sys_io_pgetevents", "read_events");

    /** Frames that put a sleep inside a blocking write call: a writer without AIO (pwrite of a database's log). */
    private static final Set<String> WRITE_CALLS = Set.of("__x64_sys_pwrite64", "__arm64_sys_pwrite64", "ksys_pwrite64",
            "__x64_sys_write", "__arm64_sys_write", "ksys_write", "__x64_sys_pwritev", "__x64_sys_pwritev2");

    /** Which kind of wait a sleep is. */
    public enum Kind { SERIALISED, OWN_IO, OTHER }

    /**
     * Seconds asleep inside io_submit/io_getevents by kind, for a set of processes, over the stacks'
     * window; {@code open}: their sleeps nothing in the bundle ended (counted, not timed);
     * {@code timing}: how the sleeps were timed where the recording holds switch-outs only, else null.
     */
    public record Breakdown(double serialised, double ownIo, double other, long open, String timing) {
        public double total() {
            return serialised + ownIo + other;
        }

        public boolean known() {
            return total() > 0;
        }

        public double serialisedShare() {
            return known() ? serialised / total() : 0;
        }

        public double ownIoShare() {
            return known() ? ownIo / total() : 0;
        }
    }

    private AioWaits() {
    }

    public static Kind kind(SleepStack s) {
        List<String> frames = s.frames();
        if (frames.isEmpty()) {
            return Kind.OTHER;
        }
        if (frames.stream().anyMatch(DRAIN::contains)) {
            return Kind.SERIALISED;
        }
        // the innermost frame says what it waits for: a lock under the inode lockers, or its own I/O
        if (LOCK_SLOWPATH.contains(frames.get(0)) && frames.stream().anyMatch(INODE_LOCKERS::contains)) {
            return Kind.SERIALISED;
        }
        return OWN_IO.contains(frames.get(0)) || waitsForOwnWriteback(s) ? Kind.OWN_IO : Kind.OTHER;
    }

    /**
     * Whether the sleep is the drain before a write that starts past the file's end: inode_dio_wait called from
     * {@link #EOF_CHECKS} (a frame's compiler suffix, ".constprop.0", ".isra.0", set aside).
     */
    public static boolean drainsBeforeWritePastEof(SleepStack s) {
        List<String> frames = s.frames();
        for (int i = 0; i + 1 < frames.size(); i++) {
            if (DRAIN.contains(frames.get(i)) && EOF_CHECKS.contains(function(frames.get(i + 1)))) {
                return true;
            }
        }
        return false;
    }

    /** A frame's function without the suffix a compiler gives a specialised copy ("xfs_file_write_checks.constprop.0"). */
    static String function(String frame) {
        int dot = frame.indexOf('.');
        return dot > 0 ? frame.substring(0, dot) : frame;
    }

    /** Whether the sleep waits for the writeback of what the call itself wrote ({@link #OWN_WRITEBACK}). */
    public static boolean waitsForOwnWriteback(SleepStack s) {
        return s.passesThrough(OWN_WRITEBACK);
    }

    /** Whether the sleep happened inside io_submit or io_getevents. */
    public static boolean inAioCall(SleepStack s) {
        return s.passesThrough(AIO_CALLS);
    }

    /** Whether the sleep happened inside a blocking write call (pwrite64, write and their vectored forms). */
    public static boolean inWriteCall(SleepStack s) {
        return s.passesThrough(WRITE_CALLS);
    }

    /**
     * The sleeps of {@code pids} (all processes when empty) inside their AIO calls, or inside their blocking write
     * calls where they make none (writers without AIO), by kind.
     */
    public static Breakdown of(List<SleepStack> stacks, Collection<Integer> pids) {
        double serialised = 0;
        double own = 0;
        double other = 0;
        long open = 0;
        String timing = null;
        boolean aio = stacks.stream().anyMatch(s -> inAioCall(s) && (pids.isEmpty() || pids.contains(s.pid())));
        for (SleepStack s : stacks) {
            if (!(aio ? inAioCall(s) : inWriteCall(s)) || (!pids.isEmpty() && !pids.contains(s.pid()))) {
                continue;
            }
            open += s.open() == null ? 0 : s.open();
            timing = timing == null ? s.timing() : timing;
            if (s.total() == null) {
                continue;
            }
            switch (kind(s)) {
                case SERIALISED -> serialised += s.total();
                case OWN_IO -> own += s.total();
                case OTHER -> other += s.total();
            }
        }
        return new Breakdown(serialised, own, other, open, timing);
    }

    /** One entry per process, from its most exact trace (then the one that saw most submissions). */
    public static List<AioProcess> mostExact(List<AioProcess> all) {
        Map<Integer, AioProcess> byPid = new LinkedHashMap<>();
        all.stream().sorted(Comparator.comparingInt((AioProcess a) -> rank(a.source()))
                        .thenComparing(AioProcess::submits, Comparator.reverseOrder()))
                .forEach(a -> byPid.putIfAbsent(a.pid(), a));
        return List.copyOf(byPid.values());
    }

    /** The place of {@code source} in the tracers' order of trust ({@link InputFormats#tracerRank}), 0 the most exact. */
    public static int rank(String source) {
        return InputFormats.tracerRank(source);
    }
}
