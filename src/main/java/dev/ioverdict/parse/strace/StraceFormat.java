package dev.ioverdict.parse.strace;

import dev.ioverdict.parse.SyscallTiming;
import dev.ioverdict.model.InputClock;
import dev.ioverdict.model.syscall.SyscallCall;
import dev.ioverdict.model.syscall.SyscallSummary;
import dev.ioverdict.parse.ForwardClocks;
import dev.ioverdict.parse.LineReader;
import dev.ioverdict.parse.TextFormat;
import dev.ioverdict.parse.OpenItems;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recognition;
import dev.ioverdict.parse.Sample;
import dev.ioverdict.parse.text.ConsoleNoise;
import dev.ioverdict.parse.text.Excerpt;
import java.util.List;

/**
 * strace text: with or without pid leaders (-f, -ff files named {@code name.PID}), with -t/-tt/-ttt/-r
 * time stamps and -T durations, {@code <unfinished ...>}/{@code <... name resumed>} pairs joined
 * per pid, signals and exits passed over, calls a terminal copy wrapped over several lines joined
 * until their {@code = ret} closes them, and {@code strace -c} summary tables. Emits one
 * {@link SyscallCall} per completed call and one {@link SyscallSummary} per -c row.
 */
public final class StraceFormat extends TextFormat {
    /** A wrapped call still open after this many lines is taken as never closing. */
    static final int MAX_CONTINUATION_LINES = 200;

    public StraceFormat() {
        this(true);
    }

    /** {@code fromBytes} false reads every line from its String, as a line outside ASCII is: for tests that compare the two. */
    StraceFormat(boolean fromBytes) {
        super("strace", InputClock.STRACE, "`strace -f -ttT` (also `-ff`, `-t`, `-ttt`, `-r`, and `-c` summaries); processes named by the execve and clones it shows, files by their opens (O_DIRECT, O_SYNC, O_DSYNC), dup2 and fcntl, io_uring_enter's submitted entries counted",
                StraceFormat::recognition);
        this.fromBytes = fromBytes;
    }

    private final boolean fromBytes;

    /**
     * Every line read from its bytes when they are its characters (ASCII, not cut: nearly every line
     * of a trace), so no String is made of a line until a call it holds is kept; any other line from
     * its String. {@link LineText} makes both readings give the same facts.
     */
    @Override
    protected void read(LineReader in, ParseContext ctx) throws java.io.IOException {
        Reader reader = new Reader(ctx, pidFromFileName(ctx.input()));
        LineText text = new LineText();
        while (in.advance()) {
            if (fromBytes && in.inBytes()) {
                text.bytes(in.bytes(), in.length());
            } else {
                text.chars(in.text());
            }
            if (!text.isBlank()) {
                reader.line(text, in.number());
            }
        }
        reader.end();
    }

    @Override
    public SyscallTiming syscallTiming() {
        return SyscallTiming.PTRACE;
    }

    private static Recognition recognition(Sample sample) {
        StracePrefix p = new StracePrefix();
        int starts = 0;
        int complete = 0;
        int led = 0;
        int closings = 0;
        int nonBlank = 0;
        for (String line : sample.lines()) {
            if (line.isBlank()) {
                continue;
            }
            if (StraceSummaryTable.isHeader(line)) {
                return Recognition.certain("strace -c summary table header '% time seconds usecs/call calls errors syscall'");
            }
            nonBlank++;
            if (line.contains(") = ")) {
                closings++;
            }
            p.parse(line);
            RecordKind k = recordKind(line, p.content);
            if (k == RecordKind.NONE) {
                continue;
            }
            starts++;
            if (p.pid >= 0 || p.clock != StracePrefix.Clock.NONE) {
                led++;
            }
            if (k != RecordKind.CALL || line.contains(") = ") || line.endsWith("<unfinished ...>")) {
                complete++;
            }
        }
        if (complete >= 3 && starts * 2 >= nonBlank) {
            return Recognition.certain(starts + " strace records ('name(args) = ret', exits, signals)");
        }
        if (led >= 1 && (complete >= 1 || closings >= 1)) {
            return Recognition.likely(starts + " strace records with pid/time leaders, some wrapped over several lines");
        }
        return complete >= 2 ? Recognition.possible(complete + " 'name(args) = ret' lines") : Recognition.NO;
    }

    /** What a line holds: nothing strace writes, a call start {@code name(}, a resumption, an exit, a signal. */
    enum RecordKind { NONE, CALL, RESUMED, EXIT, SIGNAL }

    /** What the record at {@code at} is. */
    static RecordKind recordKind(String line, int at) {
        return recordKind(new LineText().chars(line), at);
    }

    /** What the record at {@code at} is. */
    static RecordKind recordKind(LineText text, int at) {
        byte[] line = text.b;
        int n = text.n;
        if (text.startsWith("<... ", at)) {
            return text.indexOf(" resumed>", at) > 0 ? RecordKind.RESUMED : RecordKind.NONE;
        }
        if (text.startsWith("+++ ", at)) {
            return RecordKind.EXIT;
        }
        if (text.startsWith("--- ", at)) {
            return RecordKind.SIGNAL;
        }
        int i = at;
        while (i < n) {
            byte c = line[i];
            if ((c >= 'a' && c <= 'z') || c == '_' || (i > at && c >= '0' && c <= '9')) {
                i++;
            } else {
                break;
            }
        }
        return i > at && i < n && line[i] == '(' ? RecordKind.CALL : RecordKind.NONE;
    }

    /** {@code strace -ff -o trace} writes {@code trace.PID}: the pid is the name's numeric suffix. */
    static int pidFromFileName(String path) {
        int dot = path.lastIndexOf('.');
        int slash = path.lastIndexOf('/');
        if (dot < 0 || dot < slash || dot == path.length() - 1) {
            return -1;
        }
        long v = 0;
        for (int i = dot + 1; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c < '0' || c > '9' || v > Integer.MAX_VALUE) {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return (int) v;
    }

    /** The parse of one file: a small state machine over its lines. */
    private static final class Reader {
        private final ParseContext ctx;
        private final int filePid;
        private final StracePrefix prefix = new StracePrefix();
        private final FdTable fds = new FdTable();
        private final CallDecoder decoder = new CallDecoder(fds);
        /** Calls {@code <unfinished ...>} per pid, awaiting their {@code <... resumed>}: bounded, a million pids may each leave one. */
        private final OpenItems<Pending> unfinished = new OpenItems<>(p -> p.firstLine);
        private final CallScanner oneLine = new CallScanner();
        private Pending wrapped;
        /** Pendings done with, reused: nearly every io_submit is an unfinished/resumed pair, millions in a big trace. */
        private final java.util.ArrayDeque<Pending> spare = new java.util.ArrayDeque<>();
        private boolean styleKnown;
        private boolean stylePid;
        private StracePrefix.Clock styleClock = StracePrefix.Clock.NONE;
        private double relativeNow;
        private double lastWall = Double.NaN;
        private double dayOffset;
        private boolean inSummary;
        /** Calls strace detached from before they returned ({@code <detached ...>}, at the end of a strace -p). */
        private long detached;
        private final ForwardClocks clocks = new ForwardClocks("process", "time runs backwards within one process",
                "the calls are kept with the time they carry (strace stamps each process's lines in order: two "
                        + "traces glued together, or the clock was set back)");

        Reader(ParseContext ctx, int filePid) {
            this.ctx = ctx;
            this.filePid = filePid;
        }

        /** A call whose text is still being collected: wrapped lines, or an unfinished call. */
        private static final class Pending {
            final LineText.Joined text = new LineText.Joined();
            final LineText.Joined raw = new LineText.Joined();
            final CallScanner scanner = new CallScanner();
            long firstLine;
            long lastLine;
            int pieces;
            int pid;
            String comm;
            /** Seconds, NaN when the line carried no time stamp. */
            double time;
            boolean argsComplete = true;
        }

        /** The view of a pending call's joined text that {@link #collect} scans and decodes. */
        private final LineText joined = new LineText();

        void end() {
            if (wrapped != null) {
                neverCloses(wrapped);
            }
            clocks.report(ctx);
            if (detached > 0) {
                ctx.note(String.format(java.util.Locale.ROOT, "%,d call(s) in progress when strace detached ('<detached "
                        + "...>') left out: their end is not in the trace, as for a call still unfinished at the end", detached));
            }
            unfinished.report(ctx, "unfinished calls",
                    "a resumption that follows is read as a call whose arguments are not known (as in a trace "
                            + "attached mid-call), a call never resumed is left out (as at the end of the file)");
        }

        /** A line that is not blank. */
        void line(LineText line, long no) {
            if (inSummary) {
                if (summaryRow(line.toString(), no)) {
                    return;
                }
                inSummary = false;
            }
            if (mayBeHeader(line) && StraceSummaryTable.isHeader(line.toString())) {
                inSummary = true;
                return;
            }
            prefix.parse(line);
            RecordKind kind = recordKind(line, prefix.content);
            if (wrapped != null) {
                if (kind == RecordKind.NONE || !newRecord(kind)) {
                    continuation(line, no);
                    return;
                }
                neverCloses(wrapped);
                wrapped = null;
            }
            if (kind == RecordKind.NONE) {
                String text = line.toString();
                if (!text.startsWith("strace: ") && !ConsoleNoise.isCommentary(text)) {
                    ctx.skip(no, "not an strace record: " + Excerpt.of(text));
                }
                return;
            }
            if (!styleKnown) {
                styleKnown = true;
                stylePid = prefix.pid >= 0;
                styleClock = prefix.clock;
            }
            int pid = prefix.pid >= 0 ? prefix.pid : Math.max(filePid, 0);
            double time = clock();
            if (!Double.isNaN(time) && prefix.clock != StracePrefix.Clock.RELATIVE) {
                clocks.see(pid, time, no);
            }
            switch (kind) {
                case EXIT -> unfinished.remove(pid);
                case SIGNAL -> {
                }
                case RESUMED -> resumed(line, no, pid, time);
                case CALL, NONE -> started(line, no, pid, time);
            }
        }

        /** Whether the first character that is not white space is '%': only such a line can be a -c table's header. */
        private static boolean mayBeHeader(LineText line) {
            int i = 0;
            while (i < line.n && line.isWhitespace(i)) {
                i++;
            }
            return i < line.n && line.b[i] == '%';
        }

        /** Whether a line that could continue a wrapped call rather starts a record of this file's style. */
        private boolean newRecord(RecordKind kind) {
            if (stylePid || styleClock != StracePrefix.Clock.NONE) {
                return (prefix.pid >= 0) == stylePid && prefix.clock == styleClock;
            }
            return kind != RecordKind.CALL || !wrapped.scanner.inString();
        }

        /** The line's time in seconds, NaN when it has none: boxed only once a call is kept. */
        private double clock() {
            return clock(prefix.clock, prefix.time);
        }

        private double clock(StracePrefix.Clock kind, double stamp) {
            switch (kind) {
                case WALL -> {
                    if (!Double.isNaN(lastWall) && stamp < lastWall - 43_200) {
                        dayOffset += 86_400; // the trace ran past midnight
                    }
                    lastWall = stamp;
                    return stamp + dayOffset;
                }
                case EPOCH -> {
                    return stamp;
                }
                case RELATIVE -> {
                    relativeNow += stamp;
                    return relativeNow;
                }
                default -> {
                    return Double.NaN;
                }
            }
        }

        private void started(LineText line, long no, int pid, double time) {
            int from = prefix.content;
            if (line.endsWith("<detached ...>")) {
                // strace -p let go of the process in the middle of this call: its end is not in the trace
                detached++;
                return;
            }
            if (line.endsWith("<unfinished ...>")) {
                Pending u = pending(no, pid, time);
                u.text.append(line, from, line.length() - "<unfinished ...>".length());
                u.raw.append(line, 0, line.length());
                unfinished.put(pid, u);
                return;
            }
            // nearly every call is one whole line: decoded from the line itself, without copying its text
            oneLine.reset(from);
            oneLine.scan(line);
            if (oneLine.closed(line)) {
                complete(no, no, pid, prefix.comm, time, line, from, oneLine, null, true);
                return;
            }
            Pending p = pending(no, pid, time);
            p.text.append(line, from, line.length());
            p.raw.append(line, 0, line.length());
            collect(p);
        }

        private void resumed(LineText line, long no, int pid, double time) {
            int c = prefix.content;
            int mark = line.indexOf(" resumed>", c);
            if (mark <= c + 5) {
                ctx.skip(no, "resumption without a syscall name: " + Excerpt.of(line.toString()));
                return;
            }
            int nameLength = mark - (c + 5);
            Pending u = unfinished.remove(pid);
            Pending p;
            if (u != null && startsWithCall(u.text, line, c + 5, nameLength)) {
                p = u;
                p.raw.append('\n').append(line, 0, line.length());
                p.lastLine = no;
            } else {
                // attached in the middle of this call: its return and duration are known, its arguments not
                p = pending(no, pid, time);
                p.raw.append(line, 0, line.length());
                p.text.append(line, c + 5, mark).append('(');
                p.argsComplete = false;
            }
            p.text.append(line, mark + " resumed>".length(), line.length());
            p.scanner.reset();
            collect(p);
        }

        /** Whether {@code text} begins with the call name {@code line[from, from + length)} and its {@code (}. */
        private static boolean startsWithCall(LineText.Joined text, LineText line, int from, int length) {
            if (text.length() <= length || text.charAt(length) != '(') {
                return false;
            }
            for (int k = 0; k < length; k++) {
                if (text.charAt(k) != line.charAt(from + k)) {
                    return false;
                }
            }
            return true;
        }

        private Pending pending(long no, int pid, double time) {
            Pending p = spare.poll();
            if (p == null) {
                p = new Pending();
            } else {
                p.text.clear();
                p.raw.clear();
                p.scanner.reset();
                p.pieces = 0;
                p.argsComplete = true;
            }
            p.firstLine = no;
            p.lastLine = no;
            p.pid = pid;
            p.comm = prefix.comm;
            p.time = time;
            return p;
        }

        private void collect(Pending p) {
            LineText text = p.text.view(joined);
            p.scanner.scan(text);
            if (p.scanner.closed(text)) {
                complete(p, text);
            } else {
                wrapped = p;
            }
        }

        private void continuation(LineText line, long no) {
            Pending p = wrapped;
            if (p.scanner.inString()) {
                p.text.append(line, 0, line.length());
            } else {
                int from = 0;
                while (from < line.length() && line.isWhitespace(from)) {
                    from++; // as String.stripLeading
                }
                p.text.append(' ').append(line, from, line.length());
            }
            p.raw.append('\n').append(line, 0, line.length());
            p.lastLine = no;
            p.pieces++;
            LineText text = p.text.view(joined);
            p.scanner.scan(text);
            if (p.scanner.closed(text)) {
                wrapped = null;
                complete(p, text);
            } else if (p.pieces >= MAX_CONTINUATION_LINES) {
                wrapped = null;
                neverCloses(p);
            }
        }

        private void neverCloses(Pending p) {
            ctx.skip(p.firstLine, "call never closes: no '= ret' after " + (p.lastLine - p.firstLine + 1)
                    + " line(s) (lines " + p.firstLine + "-" + p.lastLine + "): " + Excerpt.of(p.raw.toString()));
            wrapped = null;
            recycle(p);
        }

        private void recycle(Pending p) {
            if (spare.size() < 16) {
                spare.push(p);
            }
        }

        private void complete(Pending p, LineText text) {
            complete(p.firstLine, p.lastLine, p.pid, p.comm, p.time, text, 0, p.scanner,
                    p.raw.toString(), p.argsComplete);
            recycle(p);
        }

        /** Emits the call {@code text[from..)}; {@code raw} null when it is the whole line {@code text}. */
        private void complete(long firstLine, long lastLine, int pid, String comm, double time, LineText text,
                              int from, CallScanner scanned, String raw, boolean argsComplete) {
            if (!decoder.decode(text, from, scanned, pid, argsComplete)) {
                ctx.skip(firstLine, "not an strace call: " + Excerpt.of(text.string(from, text.length())));
                return;
            }
            if (raw == null) {
                raw = text.toString();
            }
            if (decoder.problem != null) {
                ctx.warn(firstLine, decoder.problem);
            }
            double at = time;
            if (!argsComplete && decoder.duration != null) {
                at -= decoder.duration;
            }
            Double start = Double.isNaN(at) ? null : at;
            ctx.emit(new SyscallCall("strace", ctx.input(), firstLine, lastLine, raw, pid, pid,
                    comm != null ? comm : decoder.commands.of(pid), decoder.name, start, decoder.duration, decoder.ret, decoder.error, decoder.nr,
                    kept(decoder.io), kept(decoder.eventRes)));
            ctx.record();
            if (start != null) {
                ctx.time(at);
            }
        }

        /** The decoder's list as the call keeps it: a call's list holds one element nearly always, which List.of keeps without copying an array. */
        private static <T> List<T> kept(List<T> decoded) {
            return switch (decoded.size()) {
                case 0 -> List.of();
                case 1 -> List.of(decoded.get(0));
                default -> decoded;
            };
        }

        private boolean summaryRow(String line, long no) {
            if (StraceSummaryTable.isRule(line)) {
                return true;
            }
            SyscallSummary row = StraceSummaryTable.row(line, no, ctx.input());
            if (row == null) {
                return false;
            }
            if (!row.name().equals("total")) {
                ctx.emit(row);
                ctx.record();
            }
            return true;
        }
    }
}
