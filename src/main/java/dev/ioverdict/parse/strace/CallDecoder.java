package dev.ioverdict.parse.strace;

import dev.ioverdict.model.syscall.IoOp;
import dev.ioverdict.model.syscall.IoRequest;
import dev.ioverdict.parse.text.Interner;
import dev.ioverdict.parse.text.Numbers;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads one complete strace call, {@code name(args) = ret [ERRNO (text)] [<duration>]}: the
 * return value, errno, -T duration, and what I/O diagnosis needs from the arguments (iocbs of
 * io_submit, events of io_getevents, sizes and offsets of pread64/pwrite64/preadv/pwritev, and
 * the descriptors open/openat/close create and end). Argument layouts follow strace's decoders
 * (src/aio.c, io.c); the older iocb form {@code {data=.., pwrite, fildes=3, ..., nbytes=512, offset=0}}
 * is read too.
 */
final class CallDecoder {
    String name;
    Long ret;
    String error;
    /** What in the call was out of range and how it was taken, or null. */
    String problem;
    Double duration;
    Integer nr;
    final List<IoRequest> io = new ArrayList<>();
    final List<Long> eventRes = new ArrayList<>();

    private final Args args = new Args();
    private final Args fields = new Args();
    /** Call names, one String each: the analyses key their maps by them. */
    private final Interner names = new Interner(9);
    private final FdTable fds;
    /** Each id's command, from the execs and clones the trace shows. */
    final ProcessNames commands = new ProcessNames();

    CallDecoder(FdTable fds) {
        this.fds = fds;
    }

    /**
     * Decodes the call that starts at {@code from} in {@code t} (a whole line, past its pid and time
     * leaders: no copy of the call's text is made), whose argument list {@code scanned} followed to its end;
     * {@code argsComplete} false when the trace began inside the call (only its result is read).
     * False if it is no call.
     */
    boolean decode(LineText t, int from, CallScanner scanned, int pid, boolean argsComplete) {
        int closeAt = scanned.closeAt();
        name = null;
        ret = null;
        error = null;
        problem = null;
        duration = null;
        nr = null;
        io.clear();
        eventRes.clear();
        int open = t.indexOf('(', from);
        if (open <= from || closeAt < open) {
            return false;
        }
        name = t.exact == null ? names.of(t.b, from, open) : names.of(t.exact, from, open);
        String retPath = readResult(t, closeAt);
        if (!argsComplete) {
            return true;
        }
        scanned.arguments(args, t, open);
        switch (name) {
            case "io_submit" -> ioSubmit(t, scanned, pid);
            case "io_getevents", "io_pgetevents" -> ioGetevents(t, scanned);
            case "pread64", "pwrite64", "pread", "pwrite" -> positional(t, pid, name.startsWith("pread") ? IoOp.READ : IoOp.WRITE, 2);
            case "preadv", "pwritev", "preadv2", "pwritev2" -> vectored(t, pid, name.startsWith("preadv") ? IoOp.READ : IoOp.WRITE, true);
            case "read", "write" -> plain(t, pid, name.equals("read") ? IoOp.READ : IoOp.WRITE, false);
            case "readv", "writev" -> plain(t, pid, name.equals("readv") ? IoOp.READ : IoOp.WRITE, true);
            case "openat" -> opened(t, pid, 1, retPath);
            case "open", "creat" -> opened(t, pid, 0, retPath);
            case "execve" -> {
                if (ret != null && ret == 0 && args.count() > 0) {
                    commands.executed(pid, unquote(t, args.start(0), args.end(0)));
                }
            }
            case "clone", "clone3", "fork", "vfork" -> {
                if (ret != null && ret > 0) {
                    commands.born(pid, ret);
                }
            }
            case "close" -> {
                if (ret != null && ret == 0 && args.count() > 0) {
                    fds.closed(pid, (int) args.number(0, 0, -1));
                }
            }
            case "dup", "dup2", "dup3" -> {
                if (ret != null && ret >= 0 && args.count() > 0) {
                    duplicated(pid, args.number(0, 0, -1), ret);
                }
            }
            case "fcntl", "fcntl64" -> fcntl(t, pid);
            default -> {
            }
        }
        return true;
    }

    /** Reads {@code = ret [ERRNO (text)] [<dur>]} after the argument list; returns a -y path of ret. */
    private String readResult(LineText t, int closeAt) {
        int n = t.n;
        int end = n;
        while (end > closeAt && t.b[end - 1] == ' ') {
            end--;
        }
        if (end > closeAt && t.b[end - 1] == '>') {
            int lt = t.lastIndexOf('<', end - 1);
            if (lt > closeAt) {
                double d = t.parseDecimal(lt + 1, end - 1);
                if (!Double.isNaN(d)) {
                    duration = d;
                    end = lt;
                }
            }
        }
        int i = t.indexOf('=', closeAt + 1);
        if (i < 0 || i >= end) {
            return null;
        }
        i++;
        while (i < end && t.b[i] == ' ') {
            i++;
        }
        String path = null;
        if (i < end && t.b[i] != '?') {
            long v = t.parseLong(i, end, Long.MIN_VALUE);
            if (v != Long.MIN_VALUE) {
                ret = v;
            }
        }
        while (i < end && t.b[i] != ' ' && t.b[i] != '<') {
            i++;
        }
        if (i < end && t.b[i] == '<') {
            int gt = t.indexOf('>', i);
            if (gt > i && gt < end) {
                path = t.string(i + 1, gt);
                i = gt + 1;
            }
        }
        while (i < end && t.b[i] == ' ') {
            i++;
        }
        if (i + 1 < end && t.b[i] == 'E' && t.isUpperCase(i + 1)) {
            int e = i;
            while (e < end && (t.isUpperCase(e) || t.isDigit(e) || t.b[e] == '_')) {
                e++;
            }
            error = t.string(i, e);
        }
        return path;
    }

    private void ioSubmit(LineText t, CallScanner scanned, int pid) {
        if (args.count() < 3) {
            return;
        }
        long n = args.number(1, 0, -1);
        if (n >= 0) {
            nr = (int) Math.min(n, Integer.MAX_VALUE);
        }
        int s = args.start(2);
        int e = args.end(2);
        if (e - s < 2 || t.b[s] != '[' && t.b[s] != '{') {
            return;
        }
        bracedElements(t, scanned, s + 1, e - 1, pid, false);
    }

    private void ioGetevents(LineText t, CallScanner scanned) {
        if (args.count() < 4) {
            return;
        }
        long n = args.number(1, 0, -1);
        if (n >= 0) {
            nr = (int) Math.min(n, Integer.MAX_VALUE);
        }
        int s = args.start(3);
        int e = args.end(3);
        if (e - s < 2 || t.b[s] != '[' && t.b[s] != '{') {
            return;
        }
        bracedElements(t, scanned, s + 1, e - 1, -1, true);
    }

    /**
     * Reads every {@code {...}} element of the list {@code t[from, to)} (an iocb of io_submit, or an
     * io_event of io_getevents) from the marks the scanner made while following the call: each
     * element's braces and the commas between its fields, so no part of its text (its quoted buffer
     * least of all) is walked again. A piece that is not one braced element is skipped.
     */
    private void bracedElements(LineText t, CallScanner scanned, int from, int to, int pid, boolean events) {
        int marks = scanned.markCount();
        int k = 0;
        while (k < marks && scanned.mark(k) < from) {
            k++;
        }
        while (k < marks) {
            int open = scanned.mark(k++);
            if (open >= to) {
                return;
            }
            byte o = t.b[open];
            if (o == ',' || o == ')' || o == ']' || o == '}') {
                continue; // not an element's opening bracket (damaged text): the next mark is looked at
            }
            fields.over(t);
            int start = open + 1;
            int close = -1;
            while (k < marks) {
                int m = scanned.mark(k++);
                if (m >= to) {
                    return; // runs past the list's end: no whole element is left
                }
                if (t.b[m] != ',') {
                    close = m;
                    break;
                }
                fields.add(start, m);
                start = m + 1;
            }
            if (close < 0) {
                return;
            }
            if (close > start || fields.count() > 0) {
                fields.add(start, close);
            }
            if (t.b[open] == '{' && t.b[close] == '}' && pieceStarts(t, from, open) && pieceEnds(t, close + 1, to)) {
                if (events) {
                    event();
                } else {
                    iocb(t, pid);
                }
            }
        }
    }

    /** Whether only spaces stand between a list piece's start (the list's start or a comma) and {@code at}. */
    private static boolean pieceStarts(LineText t, int from, int at) {
        int i = at;
        while (i > from && t.b[i - 1] == ' ') {
            i--;
        }
        return i == from || t.b[i - 1] == ',';
    }

    /** Whether only spaces stand between {@code at} and the next comma or the list's end. */
    private static boolean pieceEnds(LineText t, int at, int to) {
        int i = at;
        while (i < to && t.b[i] == ' ') {
            i++;
        }
        return i >= to || t.b[i] == ',';
    }

    private void event() {
        int res = fields.find("res=");
        if (res >= 0) {
            eventRes.add(fields.number(res, 4, 0));
        } else if (fields.count() == 4) { // old positional {data, obj, res, res2}
            eventRes.add(fields.number(2, 0, 0));
        }
    }

    private interface Range {
        void accept(int from, int to);
    }

    /**
     * Calls {@code each} with the inside of every {@code {...}} element of a list: its top-level
     * pieces (Args skips strings, comments and nesting) that are braced. A fresh Args per call,
     * because a vectored iocb's callback lists its iovecs while the outer list is being walked.
     */
    private static void forEachElement(LineText t, int from, int to, Range each) {
        Args elements = new Args().split(t, from, to);
        for (int k = 0; k < elements.count(); k++) {
            int s = elements.start(k);
            int e = elements.end(k);
            if (e - s >= 2 && t.b[s] == '{' && t.b[e - 1] == '}') {
                each.accept(s + 1, e - 1);
            }
        }
    }

    /** The iocb whose fields {@link #fields} holds. */
    private void iocb(LineText t, int pid) {
        IoOp op = null;
        int fd = -1;
        String path = null;
        long nbytes = -1;
        long offset = -1;
        for (int i = 0; i < fields.count(); i++) {
            int s = fields.start(i);
            int e = fields.end(i);
            if (t.startsWith("aio_lio_opcode=", s)) {
                op = opcode(t, s + 15, e);
            } else if (t.startsWith("aio_fildes=", s) || t.startsWith("fildes=", s)) {
                int v = t.indexOf('=', s) + 1;
                fd = (int) t.parseLong(v, e, -1);
                path = annotatedPath(t, v, e);
            } else if (t.startsWith("aio_nbytes=", s) || t.startsWith("nbytes=", s)) {
                nbytes = nonNegative(t, t.indexOf('=', s) + 1, e);
            } else if (t.startsWith("aio_offset=", s) || t.startsWith("offset=", s)) {
                offset = nonNegative(t, t.indexOf('=', s) + 1, e);
            } else if (t.startsWith("aio_buf=[", s)) {
                nbytes = iovTotal(t, s + 8, e);
            } else if (op == null) {
                op = oldOpWord(t, s, e);
            }
        }
        if (op == null) {
            return;
        }
        io.add(request(pid, fd, path, op, nbytes, offset));
    }

    /**
     * A size or offset, which the kernel holds unsigned: a negative one (or one past 2^63) is no
     * real value, so it is kept as unknown (-1), never reinterpreted, and said in {@link #problem}.
     */
    private long nonNegative(LineText t, int from, int to) {
        long v = t.parseLong(from, to, -1);
        if (from < to && t.b[from] == '-' || v < -1) {
            problem = "iocb size or offset " + t.string(from, Math.min(to, from + 40))
                    + " is out of range (negative): the iocb is kept with it unknown";
            return -1;
        }
        return v;
    }

    private static IoOp opcode(LineText t, int s, int e) {
        if (s < e && t.isDigit(s)) {
            return IoOp.ofIocbOpcode(t.parseLong(s, e, -1));
        }
        int k = t.indexOf("IOCB_CMD_", s);
        if (k < 0 || k >= e) {
            return IoOp.OTHER;
        }
        k += 9;
        if (t.startsWith("PREAD", k)) {
            return IoOp.READ;
        }
        if (t.startsWith("PWRITE", k)) {
            return IoOp.WRITE;
        }
        if (t.startsWith("FSYNC", k)) {
            return IoOp.FSYNC;
        }
        if (t.startsWith("FDSYNC", k)) {
            return IoOp.FDSYNC;
        }
        if (t.startsWith("POLL", k)) {
            return IoOp.POLL;
        }
        return t.startsWith("NOOP", k) ? IoOp.NOOP : IoOp.OTHER;
    }

    /** strace before 4.16 named the command as a bare word. */
    private static IoOp oldOpWord(LineText t, int s, int e) {
        if (e - s > 7) {
            return null; // longer than any of the words: no substring made for aio_data=... and the like
        }
        String w = t.string(s, e);
        return switch (w) {
            case "pread", "preadv" -> IoOp.READ;
            case "pwrite", "pwritev" -> IoOp.WRITE;
            case "fsync" -> IoOp.FSYNC;
            case "fdsync" -> IoOp.FDSYNC;
            case "noop" -> IoOp.NOOP;
            default -> null;
        };
    }

    /** Sum of {@code iov_len} over an iovec array starting at {@code t[s] == '['}. */
    private long iovTotal(LineText t, int s, int e) {
        long[] sum = {0};
        int close = e;
        if (close > s && t.b[close - 1] == ']') {
            close--;
        }
        Args inner = new Args();
        forEachElement(t, s + 1, close, (from, to) -> {
            inner.split(t, from, to);
            int k = inner.find("iov_len=");
            if (k >= 0) {
                sum[0] += inner.number(k, 8, 0);
            }
        });
        return sum[0];
    }

    private void positional(LineText t, int pid, IoOp op, int countArg) {
        if (args.count() < 4) {
            return;
        }
        int fd = (int) args.number(0, 0, -1);
        long count = args.number(countArg, 0, -1);
        long offset = args.number(3, 0, -1);
        io.add(request(pid, fd, annotatedPath(t, args.start(0), args.end(0)), op, count, offset));
    }

    private void vectored(LineText t, int pid, IoOp op, boolean withOffset) {
        if (args.count() < (withOffset ? 4 : 3)) {
            return;
        }
        int fd = (int) args.number(0, 0, -1);
        long bytes = t.b[args.start(1)] == '[' ? iovTotal(t, args.start(1), args.end(1)) : 0;
        if (bytes == 0 && ret != null && ret > 0) {
            bytes = ret;
        }
        long offset = withOffset ? args.number(3, 0, -1) : -1;
        io.add(request(pid, fd, annotatedPath(t, args.start(0), args.end(0)), op, bytes, offset));
    }

    /**
     * read/write/readv/writev count only on descriptors opened for direct or synchronous I/O (O_DIRECT,
     * O_SYNC, O_DSYNC: a call that waits for the device), not on pipes, ttys or the page cache.
     */
    private void plain(LineText t, int pid, IoOp op, boolean vector) {
        if (args.count() < 3) {
            return;
        }
        int fd = (int) args.number(0, 0, -1);
        FdTable.Entry known = fds.lookup(pid, fd);
        // a file the trace saw opened O_DIRECT or O_SYNC: an I/O of the device. A write to a file it saw opened
        // without them: a buffered write, which says the call is the page cache's (write() of fio's sync engine).
        // Unknown descriptors (pipes, sockets, a terminal, files opened before the trace), /dev, /proc and /sys
        // make none; nor do buffered reads (every library the loader reads would be a file of the report)
        boolean device = known != null && (Boolean.TRUE.equals(known.direct()) || Boolean.TRUE.equals(known.synchronous()));
        boolean cached = known != null && op == IoOp.WRITE && known.direct() != null && known.path() != null
                && storageFile(known.path());
        if (!device && !cached) {
            return;
        }
        if (vector) {
            vectored(t, pid, op, false);
        } else {
            io.add(request(pid, fd, null, op, args.number(2, 0, -1), -1));
        }
    }

    /** A path a plain read or write can move bytes of a device through: not /dev, /proc or /sys, not a pipe. */
    private static boolean storageFile(String path) {
        return !(path.startsWith("/dev/") || path.startsWith("/proc/") || path.startsWith("/sys/")
                || path.startsWith("pipe:") || path.startsWith("socket:"));
    }

    private void opened(LineText t, int pid, int pathArg, String retPath) {
        if (ret == null || ret < 0 || args.count() <= pathArg) {
            return;
        }
        String path = retPath != null ? retPath : unquote(t, args.start(pathArg), args.end(pathArg));
        Boolean direct = null;
        Boolean synchronous = null;
        if (args.count() > pathArg + 1) {
            int fs = args.start(pathArg + 1);
            int fe = args.end(pathArg + 1);
            direct = flag(t, fs, fe, "O_DIRECT");
            synchronous = flag(t, fs, fe, "O_SYNC") || flag(t, fs, fe, "O_DSYNC");
        }
        fds.opened(pid, (int) (long) ret, path, direct, synchronous);
    }

    private void duplicated(int pid, long oldFd, long newFd) {
        if (oldFd >= 0 && oldFd <= Integer.MAX_VALUE && newFd <= Integer.MAX_VALUE) {
            fds.duplicated(pid, (int) oldFd, (int) newFd);
        }
    }

    /** {@code fcntl(fd, F_DUPFD[_CLOEXEC], min) = newfd} and {@code fcntl(fd, F_SETFL, O_RDONLY|O_DIRECT) = 0}. */
    private void fcntl(LineText t, int pid) {
        if (ret == null || ret < 0 || args.count() < 3) {
            return;
        }
        long fd = args.number(0, 0, -1);
        int cs = args.start(1);
        int ce = args.end(1);
        if (t.startsWith("F_DUPFD", cs) && (ce - cs == 7 || t.startsWith("F_DUPFD_CLOEXEC", cs) && ce - cs == 15)) {
            duplicated(pid, fd, ret);
        } else if (ce - cs == 7 && t.startsWith("F_SETFL", cs) && fd >= 0 && fd <= Integer.MAX_VALUE) {
            fds.statusFlags(pid, (int) fd, flag(t, args.start(2), args.end(2), "O_DIRECT"));
        }
    }

    /** Whether the flags argument in [from, to) names {@code flag} as a whole word ("O_RDWR|O_SYNC"). */
    private static boolean flag(LineText t, int from, int to, String flag) {
        for (int at = t.indexOf(flag, from); at >= 0 && at < to; at = t.indexOf(flag, at + 1)) {
            int after = at + flag.length();
            boolean starts = at == from || t.b[at - 1] == '|' || t.b[at - 1] == ' ';
            boolean ends = after >= to || t.b[after] == '|' || t.b[after] == ' ' || t.b[after] == ',';
            if (starts && ends) {
                return true;
            }
        }
        return false;
    }

    private IoRequest request(int pid, int fd, String path, IoOp op, long nbytes, long offset) {
        FdTable.Entry known = fd < 0 ? null : fds.lookup(pid, fd);
        String p = path != null ? path : known == null ? null : known.path();
        Boolean direct = known == null ? null : known.direct();
        return new IoRequest(fd, p, op, nbytes, offset, direct, known == null ? null : known.synchronous());
    }

    /** {@code 3</path>} as strace -y prints descriptors: the path, else null. */
    private static String annotatedPath(LineText t, int s, int e) {
        int lt = t.indexOf('<', s);
        if (lt < 0 || lt >= e) {
            return null;
        }
        int gt = t.lastIndexOf('>', e - 1);
        return gt > lt ? t.string(lt + 1, gt) : null;
    }

    private static String unquote(LineText t, int s, int e) {
        if (e - s < 2 || t.b[s] != '"') {
            return t.string(s, e);
        }
        int close = t.indexOf('"', s + 1);
        while (close > 0 && t.b[close - 1] == '\\') {
            close = t.indexOf('"', close + 1);
        }
        if (close < 0 || close > e) {
            close = e;
        }
        return t.string(s + 1, close).replace("\\\"", "\"").replace("\\\\", "\\");
    }
}
