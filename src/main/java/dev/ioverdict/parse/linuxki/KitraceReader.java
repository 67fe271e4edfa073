package dev.ioverdict.parse.linuxki;

import dev.ioverdict.parse.text.Tokens;
import dev.ioverdict.model.syscall.IoOp;
import dev.ioverdict.model.syscall.IoRequest;
import dev.ioverdict.model.block.BlockAction;
import dev.ioverdict.model.block.BlockEvent;
import dev.ioverdict.model.syscall.SyscallCall;
import dev.ioverdict.parse.OpenItems;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.perf.SleepTracker;
import dev.ioverdict.parse.text.Errno;
import dev.ioverdict.parse.text.Excerpt;
import dev.ioverdict.parse.text.Numbers;
import java.util.ArrayList;
import java.util.List;

/**
 * LinuxKI {@code kiinfo -kitrace} ASCII records: {@code <secs> cpu=N pid=N [tgid=N] <event> ...},
 * which a terminal copy may wrap over several physical lines (the continuation lines carry no
 * leader and are joined to their record). Syscalls come as {@code name [nr] entry args} and
 * {@code name [nr] ret=0x6 syscallbeg= 0.002758 args}; the pair of one pid becomes one
 * {@link SyscallCall}, with the {@code IOCB[n]: ... fd= op= bytes= offset=} of an io_submit entry
 * decoded. A ret without its entry still gives the call, timed by syscallbeg. {@code sched_switch}
 * records with {@code STACKTRACE:} give sleep stacks. Other events (block_*, hardclock) are left alone.
 */
final class KitraceReader {
    static final int MAX_CONTINUATION_LINES = 50;

    private final ParseContext ctx;
    /** Syscall entries per pid awaiting their ret: bounded, a million pids may each leave one. */
    private final OpenItems<Rec> entries = new OpenItems<>(r -> r.line);
    private final SleepTracker sleeps;
    private Rec open;

    KitraceReader(ParseContext ctx) {
        this.ctx = ctx;
        this.sleeps = new SleepTracker("linuxki", ctx.input(), ctx::emit);
    }

    /** One kitrace record, possibly spread over several lines. */
    private static final class Rec {
        double time;
        int pid;
        int tgid;
        long line;
        long lastLine;
        final StringBuilder joined = new StringBuilder();
        final StringBuilder raw = new StringBuilder();
        int continuations;
    }

    /** The leader of a kitrace record, or null: {@code [spaces]0.000482 cpu=1 pid=6108 [tgid=6108] }. */
    static int[] leader(String line) {
        int n = line.length();
        int i = 0;
        i = Tokens.skipSpaces(line, i);
        int ts = i;
        i = Numbers.secondsEnd(line, ts);
        if (i < 0) {
            return null;
        }
        i = Tokens.skipSpaces(line, i);
        if (!line.startsWith("cpu=", i)) {
            return null;
        }
        int pidAt = line.indexOf(" pid=", i);
        if (pidAt < 0 || pidAt > i + 12) {
            return null;
        }
        return new int[] {ts, pidAt + 5};
    }

    static boolean isRecord(String line) {
        return leader(line) != null;
    }

    /** Starts a record (after closing the one before). */
    void start(String line, long no) {
        flush();
        int[] at = leader(line);
        Rec r = new Rec();
        int tsEnd = line.indexOf(' ', at[0]);
        r.time = Numbers.parseDecimal(line, at[0], tsEnd);
        r.pid = (int) Numbers.parseLong(line, at[1], line.length(), Integer.MIN_VALUE);
        int tg = line.indexOf(" tgid=", at[1]);
        r.tgid = tg > 0 && tg < at[1] + 14 ? (int) Numbers.parseLong(line, tg + 6, line.length(), r.pid) : r.pid;
        r.line = no;
        r.lastLine = no;
        r.joined.append(line.strip());
        r.raw.append(line);
        open = r;
    }

    /** Whether a record is open that a leaderless line may continue. */
    boolean continuable() {
        return open != null && open.continuations < MAX_CONTINUATION_LINES;
    }

    void continuation(String line, long no) {
        open.joined.append(' ').append(line.strip());
        open.raw.append('\n').append(line);
        open.lastLine = no;
        open.continuations++;
    }

    void flush() {
        Rec r = open;
        open = null;
        if (r == null) {
            return;
        }
        ctx.time(r.time);
        if (r.pid > 0) {
            sleeps.seen(r.pid, r.time);
        }
        String t = r.joined.toString();
        int ev = eventStart(t);
        if (ev < 0) {
            ctx.skip(r.line, "kitrace record without an event name: " + Excerpt.of(t));
            return;
        }
        int evEnd = indexOrEnd(t, ' ', ev);
        String event = t.substring(ev, evEnd);
        if (t.startsWith(" [", evEnd)) {
            syscall(r, t, event, evEnd);
        } else if (event.equals("sched_switch")) {
            switchOut(r, t);
        } else if (event.startsWith("block_rq_")) {
            block(r, t, event);
        }
    }

    /**
     * {@code block_rq_insert|issue|complete|requeue dev_t=0x04100030 wr=write flags=SYNC|FLUSH
     * sector=0x1d18000 len=238592 ...}: the same {@link BlockEvent} a perf block tracepoint gives.
     * dev_t is the kernel's internal encoding (major above bit 20); len is in bytes; a flush prints
     * sector 0xffffffffffffffff.
     */
    private void block(Rec r, String t, String event) {
        BlockAction action = switch (event) {
            case "block_rq_insert" -> BlockAction.INSERT;
            case "block_rq_issue" -> BlockAction.ISSUE;
            case "block_rq_complete" -> BlockAction.COMPLETE;
            case "block_rq_requeue" -> BlockAction.REQUEUE;
            default -> null;
        };
        String dev = field(t, "dev_t=");
        String sector = field(t, "sector=");
        String len = field(t, "len=");
        if (action == null || dev == null || !dev.startsWith("0x") || len == null) {
            if (action != null) {
                ctx.skip(r.line, "kitrace block record without dev_t or len: " + Excerpt.of(t));
            }
            return;
        }
        long devT = Long.parseUnsignedLong(dev.substring(2), 16);
        long sec = sector == null || !sector.startsWith("0x") ? -1 : Long.parseUnsignedLong(sector.substring(2), 16);
        long bytes = Numbers.parseLong(len, 0, len.length(), 0);
        String flags = field(t, "flags=");
        String wr = field(t, "wr=");
        // blkparse's RWBS: F (preflush), then the op (N: no data), then F (FUA), S (sync)
        StringBuilder rwbs = new StringBuilder();
        if (flags != null && flags.contains("FLUSH")) {
            rwbs.append('F');
        }
        rwbs.append(bytes == 0 ? "N" : "read".equals(wr) ? "R" : "write".equals(wr) ? "W" : "N");
        if (flags != null && flags.contains("FUA")) {
            rwbs.append('F');
        }
        if (flags != null && flags.contains("SYNC")) {
            rwbs.append('S');
        }
        String cpu = field(t, "cpu=");
        ctx.emit(new BlockEvent(ctx.input(), r.line, r.raw.toString(), (int) (devT >>> 20), (int) (devT & 0xfffff),
                cpu == null ? -1 : (int) Numbers.parseLong(cpu, 0, cpu.length(), -1), Math.round(r.time * 1e9), r.pid,
                action, rwbs.toString(), sec == -1L || sec == 0xffffffffffffffffL ? -1 : sec, (int) (bytes / 512),
                bytes, "", 0, -1, -1, -1));
        ctx.record();
    }

    /** The value after {@code key} up to the next space, or null. */
    private static String field(String t, String key) {
        int at = t.indexOf(key);
        if (at < 0 || at > 0 && t.charAt(at - 1) != ' ') {
            return null;
        }
        return t.substring(at + key.length(), indexOrEnd(t, ' ', at + key.length()));
    }

    private void syscall(Rec r, String t, String name, int from) {
        int close = t.indexOf(']', from);
        int kind = close < 0 ? -1 : close + 2;
        if (kind < 0 || kind > t.length()) {
            ctx.skip(r.line, "kitrace syscall record without entry or ret: " + Excerpt.of(t));
            return;
        }
        if (t.startsWith("entry", kind)) {
            entries.put(r.pid, r);
            return;
        }
        if (!t.startsWith("ret=", kind)) {
            return;
        }
        long ret = Numbers.parseLong(t, kind + 4, t.length(), Long.MIN_VALUE);
        int beg = t.indexOf("syscallbeg=", kind);
        Double dur = null;
        if (beg > 0) {
            int s = beg + 11;
            while (s < t.length() && t.charAt(s) == ' ') {
                s++;
            }
            double d = Numbers.parseDecimal(t, s, indexOrEnd(t, ' ', s));
            dur = Double.isNaN(d) ? null : d;
        }
        Rec entry = entries.remove(r.pid);
        if (entry != null && !entry.joined.toString().contains(" " + name + " [")) {
            entry = null;
        }
        String args = entry != null ? entry.joined.toString() : t;
        List<IoRequest> io = requests(name, args);
        Integer nr = name.equals("io_submit") ? intField(args, " nr=") : null;
        double start = entry != null ? entry.time : dur != null ? r.time - dur : r.time;
        String text = entry != null ? entry.raw + "\n" + r.raw : r.raw.toString();
        Long retValue = ret == Long.MIN_VALUE ? null : ret;
        ctx.emit(new SyscallCall("linuxki", ctx.input(), entry != null ? entry.line : r.line, r.lastLine, text,
                r.tgid, r.pid, null, name, start, dur, retValue, retValue == null ? null : Errno.of(retValue), nr, io,
                List.of()));
        ctx.record();
    }

    /** {@code IOCB[0]: iocbp=0x.. fd=277 op=1 bytes=140288 offset=0x57f4ce00}, and pread64/pwrite64 arguments. */
    private static List<IoRequest> requests(String name, String t) {
        List<IoRequest> out = new ArrayList<>();
        if (name.equals("io_submit")) {
            int i = t.indexOf("IOCB[");
            while (i >= 0) {
                int next = t.indexOf("IOCB[", i + 5);
                int end = next < 0 ? t.length() : next;
                long fd = field(t, " fd=", i, end);
                long op = field(t, " op=", i, end);
                long bytes = field(t, " bytes=", i, end);
                long offset = field(t, " offset=", i, end);
                if (fd != Long.MIN_VALUE && op != Long.MIN_VALUE) {
                    out.add(new IoRequest((int) fd, null, IoOp.ofIocbOpcode(op), bytes == Long.MIN_VALUE ? -1 : bytes,
                            offset == Long.MIN_VALUE ? -1 : offset, null));
                }
                i = next;
            }
        } else if (name.equals("pread64") || name.equals("pwrite64")) {
            long fd = field(t, " fd=", 0, t.length());
            long count = field(t, " count=", 0, t.length());
            long offset = field(t, " offset=", 0, t.length());
            if (offset == Long.MIN_VALUE) {
                offset = field(t, " pos=", 0, t.length());
            }
            if (fd != Long.MIN_VALUE && count != Long.MIN_VALUE) {
                out.add(new IoRequest((int) fd, null, name.equals("pread64") ? IoOp.READ : IoOp.WRITE, count,
                        offset == Long.MIN_VALUE ? -1 : offset, null));
            }
        }
        return out;
    }

    private static long field(String t, String key, int from, int to) {
        int k = t.indexOf(key, from);
        if (k < 0 || k >= to) {
            return Long.MIN_VALUE;
        }
        return Numbers.parseLong(t, k + key.length(), to, Long.MIN_VALUE);
    }

    private static Integer intField(String t, String key) {
        long v = field(t, key, 0, t.length());
        return v == Long.MIN_VALUE ? null : (int) v;
    }

    /** {@code sched_switch prio=120 state=SSLEEP next_pid=3410 ... STACKTRACE: f+0x1d g+0xad ...}. */
    private void switchOut(Rec r, String t) {
        int st = t.indexOf(" state=");
        String state = st < 0 ? "" : t.substring(st + 7, indexOrEnd(t, ' ', st + 7));
        int next = t.indexOf(" next_pid=");
        if (next > 0) {
            long np = Numbers.parseLong(t, next + 10, t.length(), -1);
            if (np > 0) {
                sleeps.switchedIn((int) np, r.time);
            }
        }
        if (!(state.contains("SLEEP") || state.contains("UNINT") || state.contains("INTR")) || r.pid <= 0) {
            return;
        }
        List<String> frames = new ArrayList<>();
        int s = t.indexOf("STACKTRACE:");
        if (s >= 0) {
            int i = s + 11;
            int n = t.length();
            while (i < n) {
                while (i < n && t.charAt(i) == ' ') {
                    i++;
                }
                int e = indexOrEnd(t, ' ', i);
                if (e > i) {
                    int plus = t.indexOf('+', i);
                    frames.add(t.substring(i, plus > i && plus < e ? plus : e));
                }
                i = e;
            }
        }
        if (frames.isEmpty()) {
            frames.add("[unknown]");
        }
        sleeps.sleeps(r.tgid, r.pid, null, r.time, frames, r.line, r.raw.toString());
    }

    void finish() {
        flush();
        sleeps.finish(ctx);
        entries.report(ctx, "syscall entries without their ret",
                "a ret that follows is read without the entry's arguments, as a ret whose entry was not recorded");
    }

    /** After the leader ({@code ... pid=N [tgid=N] }): where the event name starts. */
    private static int eventStart(String t) {
        int p = t.indexOf(" pid=");
        if (p < 0) {
            return -1;
        }
        int i = indexOrEnd(t, ' ', p + 1);
        while (i < t.length() && t.charAt(i) == ' ') {
            i++;
        }
        if (t.startsWith("tgid=", i)) {
            i = indexOrEnd(t, ' ', i);
            while (i < t.length() && t.charAt(i) == ' ') {
                i++;
            }
        }
        return i < t.length() ? i : -1;
    }

    private static int indexOrEnd(String s, char c, int from) {
        int k = s.indexOf(c, from);
        return k < 0 ? s.length() : k;
    }
}
