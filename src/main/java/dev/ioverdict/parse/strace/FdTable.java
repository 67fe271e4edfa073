package dev.ioverdict.parse.strace;

import java.util.HashMap;
import java.util.Map;

/**
 * Which file each descriptor names, learnt from open/openat/creat results, passed on by the dup
 * family, its O_DIRECT changed by fcntl F_SETFL, and forgotten at close.
 * Kept per traced id; threads trace under their own ids but share their process's descriptors,
 * so a miss falls back to the descriptor most recently opened under that number by anyone.
 */
final class FdTable {
    /** A descriptor's file, and whether it was opened O_DIRECT and O_SYNC/O_DSYNC (null: the open showed no flags). */
    record Entry(String path, Boolean direct, Boolean synchronous) {
    }

    /**
     * Descriptor tables of the ids that used one last, at most {@link #PIDS} of them: a trace of a
     * million short-lived pids forgets the longest unused (a lookup then falls back to
     * {@link #latest}), so memory stays bounded whatever the number of pids.
     */
    static final int PIDS = 50_000;
    private final Map<Integer, Map<Integer, Entry>> byPid = new java.util.LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, Map<Integer, FdTable.Entry>> eldest) {
            if (size() > PIDS) {
                forgotten++;
                return true;
            }
            return false;
        }
    };
    /** Descriptor tables forgotten to the bound. */
    long forgotten;
    private final Map<Integer, Entry> latest = new HashMap<>();

    /** The last answer of {@link #lookup}, forgotten at every open and close: a trace repeats one descriptor per thread. */
    private int lastPid = -1;
    private int lastFd = -1;
    private Entry last;

    void opened(int pid, int fd, String path, Boolean direct, Boolean synchronous) {
        lastFd = -1;
        Entry e = new Entry(path, direct, synchronous);
        byPid.computeIfAbsent(pid, k -> new HashMap<>()).put(fd, e);
        latest.put(fd, e);
    }

    /**
     * {@code newFd} now names what {@code oldFd} names (dup, dup2, dup3, fcntl F_DUPFD): dd opens its
     * output and moves it to descriptor 1. An unknown {@code oldFd} leaves {@code newFd} unknown too,
     * not naming the file it named before (dup2 closes it first).
     */
    void duplicated(int pid, int oldFd, int newFd) {
        if (oldFd == newFd) {
            return;
        }
        Entry e = lookup(pid, oldFd);
        if (e == null) {
            closed(pid, newFd);
            return;
        }
        opened(pid, newFd, e.path(), e.direct(), e.synchronous());
    }

    /** fcntl F_SETFL set the descriptor's status flags: O_DIRECT on or off (Linux leaves O_SYNC and O_DSYNC as they were). */
    void statusFlags(int pid, int fd, boolean direct) {
        Entry e = lookup(pid, fd);
        opened(pid, fd, e == null ? null : e.path(), direct, e == null ? null : e.synchronous());
    }

    void closed(int pid, int fd) {
        lastFd = -1;
        Map<Integer, Entry> own = byPid.get(pid);
        Entry gone = own == null ? null : own.remove(fd);
        if (gone != null && latest.get(fd) == gone) {
            latest.remove(fd);
        }
    }

    Entry lookup(int pid, int fd) {
        if (fd == lastFd && pid == lastPid && fd >= 0) {
            return last;
        }
        Map<Integer, Entry> own = byPid.get(pid);
        Entry e = own == null ? null : own.get(fd);
        Entry found = e != null ? e : latest.get(fd);
        lastPid = pid;
        lastFd = fd;
        last = found;
        return found;
    }
}
