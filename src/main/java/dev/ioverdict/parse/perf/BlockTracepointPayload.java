package dev.ioverdict.parse.perf;

import dev.ioverdict.model.block.BlockAction;
import dev.ioverdict.model.block.BlockEvent;
import dev.ioverdict.model.perf.PerfEvent;
import dev.ioverdict.parse.text.Interner;
import dev.ioverdict.parse.text.Numbers;

/**
 * Reads a block tracepoint's TP_printk text. Kernels differ in the middle of the line (insert and
 * issue print {@code bytes (cmd)}, complete {@code (cmd)}, recent kernels add an ioprio field
 * such as {@code none,0,0} or {@code 0x2,0,4}), so the reader anchors on {@code sector + n} and
 * on the trailing {@code [..]}. A flush prints sector 18446744073709551615 with {@code + 0},
 * which wraps to -1 here (the same 64 bits).
 */
final class BlockTracepointPayload {
    private BlockTracepointPayload() {
    }

    /**
     * The event, or null when the payload does not have the layout of its tracepoint. The RWBS
     * flags (a handful of distinct values) are taken from {@code names}.
     */
    static BlockEvent parse(BlockAction action, PerfEvent e, Interner names) {
        String p = e.payload();
        String text = e.text() != null ? e.text() : p;
        int pid = e.tid();
        if (action == BlockAction.PLUG || action == BlockAction.UNPLUG) {
            // "[comm]" and "[comm] depth": no device in these lines
            return p.startsWith("[") ? event(e, text, -1, -1, action, "", 0, 0, 0, 0, -1, -1, -1, pid, e.comm()) : null;
        }
        int n = p.length();
        int comma = p.indexOf(',');
        int devEnd = p.indexOf(' ');
        if (comma <= 0 || devEnd <= comma) {
            return null;
        }
        int major = (int) Numbers.unsigned(p, 0, comma);
        int minor = (int) Numbers.unsigned(p, comma + 1, devEnd);
        int rwStart = devEnd + 1;
        int rwEnd = p.indexOf(' ', rwStart);
        if (major < 0 || minor < 0 || rwEnd < 0) {
            return null;
        }
        String rwbs = names.of(p, rwStart, rwEnd);
        if (action == BlockAction.SPLIT) {
            int slash = p.indexOf(" / ", rwEnd);
            if (slash < 0) {
                return null;
            }
            long sector = unsigned(p, tokenStart(p, slash), slash);
            return event(e, text, major, minor, action, rwbs, sector, 0, 0, 0, -1, -1, -1, pid, e.comm());
        }
        int plus = p.indexOf(" + ", rwEnd);
        if (plus < 0) {
            return null;
        }
        int nStart = plus + 3;
        int nEnd = nStart;
        while (nEnd < n && p.charAt(nEnd) != ' ') {
            nEnd++;
        }
        int sStart = tokenStart(p, plus);
        long sectors = Numbers.unsigned(p, nStart, nEnd);
        if (sStart <= rwEnd || Numbers.unsigned(p, sStart, Math.min(plus, sStart + 1)) < 0 || sectors < 0) {
            return null;
        }
        long sector = unsigned(p, sStart, plus);
        long bytes = sectors * 512;
        int error = 0;
        int fromMajor = -1;
        int fromMinor = -1;
        long fromSector = -1;
        switch (action) {
            case INSERT, ISSUE -> {
                long printed = Numbers.unsigned(p, rwEnd + 1, p.indexOf(' ', rwEnd + 1));
                if (printed >= 0) {
                    bytes = printed;
                }
            }
            case COMPLETE, REQUEUE -> {
                int close = p.lastIndexOf(']');
                int open = close < 0 ? -1 : p.lastIndexOf('[', close);
                if (open < 0 || open < nEnd) {
                    return null;
                }
                long err = signed(p, open + 1, close);
                if (err == Long.MIN_VALUE) {
                    return null;
                }
                error = (int) err;
            }
            case REMAP -> {
                int arrow = p.indexOf("<- (", nEnd);
                int c = arrow < 0 ? -1 : p.indexOf(',', arrow);
                int close = c < 0 ? -1 : p.indexOf(')', c);
                if (close < 0) {
                    return null;
                }
                fromMajor = (int) Numbers.unsigned(p, arrow + 4, c);
                fromMinor = (int) Numbers.unsigned(p, c + 1, close);
                int s = close + 2;
                int sEnd = s;
                while (sEnd < n && p.charAt(sEnd) != ' ') {
                    sEnd++;
                }
                fromSector = unsigned(p, s, sEnd);
                if (fromMajor < 0 || fromMinor < 0 || s >= n) {
                    return null;
                }
            }
            default -> { }
        }
        String comm = e.comm();
        if (FORKED.equals(comm) && action != BlockAction.COMPLETE && action != BlockAction.REQUEUE
                && action != BlockAction.REMAP) {
            comm = tracepointComm(p, nEnd, comm, names);
        }
        return event(e, text, major, minor, action, rwbs, sector, (int) sectors, bytes, error, fromMajor, fromMinor,
                fromSector, pid, comm);
    }

    /**
     * The name perf gives a kernel thread it saw forked but not yet renamed: kthreadd, its parent. kthreadd itself
     * (pid 2) queues no I/O; a task perf still calls so is a kworker or a loop or dm worker, and the tracepoint's own
     * {@code [comm]} (the task's name when the event fired) says which.
     */
    private static final String FORKED = "kthreadd";

    /** The trailing {@code [comm]} of a queue, get-request, insert or issue line, else {@code header}. */
    private static String tracepointComm(String p, int from, String header, Interner names) {
        int close = p.lastIndexOf(']');
        int open = close < 0 ? -1 : p.lastIndexOf('[', close);
        return open < from || close != p.length() - 1 || close == open + 1 ? header : names.of(p, open + 1, close);
    }

    private static BlockEvent event(PerfEvent e, String text, int major, int minor, BlockAction action, String rwbs,
                                    long sector, int sectors, long bytes, int error, int fromMajor, int fromMinor,
                                    long fromSector, int pid, String comm) {
        return new BlockEvent(e.input(), e.line(), text, major, minor, e.cpu(), e.timeNs(), pid, action, rwbs, sector,
                sectors, bytes, comm, error, fromMajor, fromMinor, fromSector);
    }

    /** Start of the space-delimited token that ends at {@code end}. */
    private static int tokenStart(String s, int end) {
        int i = end;
        while (i > 0 && s.charAt(i - 1) != ' ') {
            i--;
        }
        return i;
    }

    /**
     * An unsigned 64-bit decimal, wrapping as the kernel's u64 does (2^64-1, the flush sector, reads
     * as -1 through long overflow); -1 if unreadable.
     */
    private static long unsigned(String s, int from, int to) {
        return Numbers.unsigned(s, from, to);
    }

    /** A signed decimal such as the completion's {@code -5}; Long.MIN_VALUE if unreadable. */
    private static long signed(String s, int from, int to) {
        boolean neg = from < to && s.charAt(from) == '-';
        long v = Numbers.unsigned(s, neg ? from + 1 : from, to);
        return v < 0 ? Long.MIN_VALUE : neg ? -v : v;
    }
}
