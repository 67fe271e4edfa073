package dev.ioverdict.parse.perf;

import dev.ioverdict.parse.SyscallTiming;
import dev.ioverdict.model.InputClock;
import dev.ioverdict.model.syscall.SyscallCall;
import dev.ioverdict.parse.Clue;
import dev.ioverdict.parse.LineReader;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recogniser;
import dev.ioverdict.parse.Signature;
import dev.ioverdict.parse.TextFormat;
import dev.ioverdict.parse.text.ConsoleNoise;
import dev.ioverdict.parse.text.Excerpt;
import dev.ioverdict.parse.text.Numbers;
import java.io.IOException;

/**
 * {@code perf trace}, perf's strace-like tool (tools/perf/builtin-trace.c): one line per event,
 * {@code TIME ( DUR ms): COMM/TID name(args) = RET}, times in milliseconds since the trace began.
 * System calls become {@link SyscallCall}s as strace's do (name, duration, thread, return value,
 * errno); page faults ({@code minfault}, {@code majfault}) and tracepoints
 * ({@code TIME COMM/TID sched:sched_switch:...}) are counted; the callchain lines under an event
 * ({@code --call-graph}, {@code --max-stack}) belong to it.
 */
public final class PerfTraceFormat extends TextFormat {
    private static final String CALLS = "{0} perf trace event(s) 'TIME ( DUR ms): COMM/TID call(...)'";

    public PerfTraceFormat() {
        super("perf-trace", InputClock.PERF_TRACE, "`perf trace` (perf's strace-like tool): system calls with durations, threads, return values "
                + "and errno, read like strace's; page faults and tracepoints counted",
                Recogniser.of(
                        Signature.certain(CALLS, Clue.lines(PerfTraceFormat::isCall).atLeast(2)),
                        Signature.certain(CALLS, Clue.lines(PerfTraceFormat::isCall), Clue.lines(PerfTraceFormat::isCommand)),
                        Signature.certain("{0} perf trace tracepoint line(s) 'TIME COMM/TID sys:event:' under a perf trace command",
                                Clue.lines(PerfTraceFormat::isTracepoint).atLeast(2), Clue.lines(PerfTraceFormat::isCommand)),
                        Signature.likely("a perf trace event 'TIME ( DUR ms): COMM/TID call(...)'",
                                Clue.lines(PerfTraceFormat::isCall)),
                        Signature.possible("{0} perf trace tracepoint lines",
                                Clue.lines(PerfTraceFormat::isTracepoint).atLeast(3))));
    }

    @Override
    public SyscallTiming syscallTiming() {
        return SyscallTiming.TRACEPOINTS_ROUNDED;
    }

    private static boolean isCall(String line) {
        Event e = Event.of(line);
        return e != null && e.durationEnd() > 0;
    }

    private static boolean isTracepoint(String line) {
        Event e = Event.of(line);
        return e != null && e.durationEnd() <= 0 && e.tracepoint();
    }

    private static boolean isCommand(String line) {
        return Event.of(line) == null && (line.contains("perf trace ") || line.contains("# trace "));
    }

    static final String SOURCE = "perf-trace";

    @Override
    protected void read(LineReader in, ParseContext ctx) throws IOException {
        long faults = 0;
        long tracepoints = 0;
        long calls = 0;
        String line;
        boolean inEvent = false;
        while ((line = in.next()) != null) {
            long no = in.number();
            if (line.isBlank() || ConsoleNoise.isCommentary(line)) {
                inEvent = false;
                continue;
            }
            Event e = Event.of(line);
            if (e == null) {
                if (inEvent && isCallchainFrame(line)) {
                    continue;
                }
                if (!line.strip().startsWith("[") && !line.contains("trace ")) {
                    ctx.skip(no, "not a perf trace event: " + Excerpt.of(line));
                }
                inEvent = false;
                continue;
            }
            inEvent = true;
            ctx.time(e.time());
            if (e.tracepoint()) {
                tracepoints++;
                ctx.record();
            } else if (e.durationEnd() > 0 && isFault(line, e.rest())) {
                faults++;
                ctx.record();
            } else if (e.durationEnd() > 0 && call(line, no, e, ctx)) {
                calls++;
            } else {
                ctx.skip(no, "not a perf trace event: " + Excerpt.of(line));
            }
        }
        if (calls == 0 && faults + tracepoints > 0) {
            ctx.note("holds no I/O: no system calls, " + faults + " page fault(s) and " + tracepoints
                    + " tracepoint event(s) only");
        }
    }

    /** {@code name(args) = ret [ERRNO (text)]}, or a call perf could not finish ({@code ) ...}). */
    private static boolean call(String line, long no, Event e, ParseContext ctx) {
        int open = line.indexOf('(', e.rest());
        if (open <= e.rest()) {
            return false;
        }
        String name = line.substring(e.rest(), open);
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!(Character.isLetterOrDigit(c) || c == '_')) {
                return false;
            }
        }
        int eq = line.lastIndexOf(") = ");
        Long ret = null;
        String error = null;
        if (eq > open) {
            int v = eq + 4;
            int vEnd = line.indexOf(' ', v);
            if (vEnd < 0) {
                vEnd = line.length();
            }
            String value = line.substring(v, vEnd);
            long r = Numbers.parseLong(value, 0, value.length(), Long.MIN_VALUE); // "?" when perf missed the exit
            ret = r == Long.MIN_VALUE ? null : r;
            if (ret != null && ret < 0 && vEnd < line.length()) {
                int errEnd = line.indexOf(' ', vEnd + 1);
                error = line.substring(vEnd + 1, errEnd < 0 ? line.length() : errEnd);
            }
        }
        double start = e.time() / 1000;
        Double duration = Double.isNaN(e.duration()) ? null : e.duration() / 1000;
        ctx.emit(new SyscallCall(SOURCE, ctx.input(), no, no, line.strip(), e.tid(), e.tid(), e.comm(), name, start, duration,
                ret, error, null, null, null));
        ctx.record();
        return true;
    }

    private static boolean isFault(String line, int from) {
        return line.startsWith("minfault", from) || line.startsWith("majfault", from);
    }

    /** A callchain frame printed under an event: deep indentation, {@code symbol (dso)}. */
    private static boolean isCallchainFrame(String line) {
        return line.startsWith("          ") && line.strip().endsWith(")");
    }

    /**
     * The fixed start of a perf trace line: the time in ms, an optional {@code ( DUR ms):}, and
     * {@code COMM/TID} ({@code :0/0} for the idle task); {@code rest} is where the event begins.
     */
    private record Event(double time, double duration, int durationEnd, String comm, int tid, int rest,
                         boolean tracepoint) {
        static Event of(String line) {
            int n = line.length();
            int i = 0;
            while (i < n && line.charAt(i) == ' ') {
                i++;
            }
            int ts = i;
            i = Numbers.secondsEnd(line, ts);
            if (i < 0) {
                return null;
            }
            double time = Numbers.parseDecimal(line, ts, i);
            if (Double.isNaN(time)) {
                return null;
            }
            i++;
            double duration = Double.NaN;
            int durationEnd = 0;
            if (i < n && line.charAt(i) == '(') {
                int close = line.indexOf("ms): ", i);
                if (close < 0) {
                    return null;
                }
                int d = i + 1;
                while (d < close && line.charAt(d) == ' ') {
                    d++;
                }
                int dEnd = close;
                while (dEnd > d && line.charAt(dEnd - 1) == ' ') {
                    dEnd--;
                }
                duration = Numbers.parseDecimal(line, d, dEnd); // "?" when perf missed the entry
                durationEnd = close + 5;
                i = durationEnd;
            }
            int sp = line.indexOf(' ', i);
            if (sp < 0) {
                return null;
            }
            int slash = line.lastIndexOf('/', sp);
            if (slash < i) {
                return null;
            }
            long tid = Numbers.parseLong(line, slash + 1, sp, -1);
            if (tid < 0) {
                return null;
            }
            int rest = sp + 1;
            while (rest < n && line.charAt(rest) == ' ') {
                rest++;
            }
            boolean tracepoint = false;
            if (durationEnd == 0) {
                int colon = line.indexOf(':', rest);
                int space = line.indexOf(' ', rest);
                tracepoint = colon > rest && (space < 0 || colon < space);
                if (!tracepoint) {
                    return null;
                }
            }
            return new Event(time, duration, durationEnd, line.substring(i, slash), (int) tid, rest, tracepoint);
        }
    }
}
