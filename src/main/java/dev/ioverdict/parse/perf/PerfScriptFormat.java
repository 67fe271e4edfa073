package dev.ioverdict.parse.perf;

import dev.ioverdict.parse.SyscallTiming;
import dev.ioverdict.model.InputClock;
import dev.ioverdict.model.perf.PerfEvent;
import dev.ioverdict.parse.Clue;
import dev.ioverdict.parse.ForwardClocks;
import dev.ioverdict.parse.LineReader;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recogniser;
import dev.ioverdict.parse.Signature;
import dev.ioverdict.parse.TextFormat;
import dev.ioverdict.parse.text.Bytes;
import dev.ioverdict.parse.text.Excerpt;
import dev.ioverdict.parse.text.Interner;
import dev.ioverdict.parse.text.Numbers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code perf script} text: frames each sample (header line plus indented call-chain lines) and
 * hands it to the handler of its event family. Events no handler takes are counted, not kept.
 */
public final class PerfScriptFormat extends TextFormat {
    public PerfScriptFormat() {
        super("perf-script", InputClock.PERF, "`perf script` of block, syscall and sched tracepoints; CPU-sample profiles are read as "
                + "samples with \"no I/O events\"",
                Recogniser.of(l -> l.stripLeading().startsWith("#") || isFrame(l),
                        Signature.certain("{0} 'comm tid [cpu] time: subsystem:event:' sample lines",
                                Clue.lines(PerfScriptFormat::isSample).share(60), Clue.lines(PerfScriptFormat::isTracepoint)),
                        Signature.likely("{0} 'comm tid [cpu] time: event:' sample lines",
                                Clue.lines(PerfScriptFormat::isSample).share(60))));
    }

    @Override
    public SyscallTiming syscallTiming() {
        return SyscallTiming.TRACEPOINTS;
    }

    private static boolean isSample(String line) {
        return Header.parse(line) != null;
    }

    private static boolean isTracepoint(String line) {
        Header h = Header.parse(line);
        return h != null && h.event.indexOf(':') > 0;
    }

    @Override
    protected void read(LineReader in, ParseContext ctx) throws IOException {
        List<PerfEventHandler> handlers = PerfEventHandlers.fresh();
        // every sample of a task says it was running then: it ends a sleep the sched handler holds open
        SchedSwitchHandler sched = handlers.stream().filter(SchedSwitchHandler.class::isInstance)
                .map(SchedSwitchHandler.class::cast).findFirst().orElse(null);
        Map<String, PerfEventHandler> byEvent = new HashMap<>();
        Map<String, EventCount> counts = new HashMap<>();
        Interner names = new Interner(12);
        ForwardClocks clocks = new ForwardClocks("CPU", "time runs backwards on one CPU",
                "the samples are kept with the time they carry (perf script writes samples in time order: two "
                        + "recordings glued together, or an edited file)");
        Header pending = null;
        long pendingLine = 0;
        List<String> stack = null;
        List<String> frames = new ArrayList<>(); // one buffer for every sample's chain: dispatch copies it
        PerfEventHandler pendingHandler = null;
        // a sample of an event no handler reads (cpu-clock, cycles): its call chain is not an orphan
        boolean unhandledSample = false;
        long untimedIo = 0;
        long fieldlessIo = 0;
        while (in.advance()) {
            // frame lines (half of a recording with -g) and headers are read from the bytes: a
            // String is made only of a header whose sample is kept
            boolean inBytes = in.inBytes();
            byte[] bytes = in.bytes();
            int length = in.length();
            if (inBytes && length > 0 && bytes[0] == '\t') {
                // the common call-chain line, found and read in one pass (tabFrame)
                int at = tabFrameSymbol(bytes, length);
                if (at != NOT_A_FRAME) {
                    if (pending != null && stack != null) {
                        if (at >= 0) {
                            stack.add(names.of(bytes, at, symbolEnd(bytes, length, at)));
                        } else if (at == UNKNOWN_SYMBOL) {
                            stack.add("[unknown]");
                        }
                    } else if (pending == null && !unhandledSample) {
                        ctx.skip(in.number(), "call-chain line without a sample header");
                    }
                    continue;
                }
            }
            String line = inBytes ? null : in.text();
            if (inBytes ? length == 0 : line.isEmpty()) {
                continue;
            }
            int kind = inBytes ? lineKind(bytes, length) : 0;
            boolean frame = inBytes ? kind == TAB_FRAME || kind == SPACE_FRAME : isFrame(line);
            Header header = null;
            if (frame && !(inBytes ? kind == TAB_FRAME : tabLed(line))) {
                // perf indents a chain with a tab; a space-padded header ("      dd  1856 ... (dso)") is not one
                header = header(inBytes, bytes, length, line, names);
                frame = header == null;
            }
            if (frame) {
                if (pending != null && stack != null) {
                    String sym = inBytes ? frameSymbol(bytes, length, names) : frameSymbol(line, names);
                    if (sym != null) {
                        stack.add(sym);
                    }
                } else if (pending == null && !unhandledSample) {
                    ctx.skip(in.number(), "call-chain line without a sample header");
                }
                continue;
            }
            if (inBytes ? kind == BLANK_OR_COMMENT : blankOrComment(line)) {
                continue;
            }
            if (pending != null) {
                dispatch(pending, pendingLine, stack, pendingHandler, ctx);
                pending = null;
            }
            Header h = header != null ? header : header(inBytes, bytes, length, line, names);
            unhandledSample = false;
            if (h == null) {
                ctx.skip(in.number(), "not a perf script sample line: " + Excerpt.of(in.text()));
                continue;
            }
            counts.computeIfAbsent(h.event, e -> new EventCount()).add(h.period);
            if (h.hasTime()) {
                clocks.see(h.cpu, h.timeNs / 1e9, in.number());
            }
            PerfEventHandler handler = byEvent.get(h.event);
            if (handler == null) {
                handler = handlerOf(h.event, handlers);
                byEvent.put(h.event, handler);
            }
            if (handler != NONE && !h.hasTime()) {
                untimedIo++; // an I/O event without its time cannot be put on a time line
                handler = NONE;
            } else if (handler != NONE && h.payloadEmpty(length)) {
                fieldlessIo++; // printed with -F without 'trace': the event's fields are not there to read
                handler = NONE;
            }
            if (sched != null && handler != sched && h.hasTime()) {
                sched.seen(h.tid, h.timeNs);
            }
            if (handler == NONE) {
                if (h.hasTime()) {
                    ctx.time(h.timeNs / 1e9);
                }
                ctx.record(); // a sample read, with no I/O in it
                unhandledSample = true;
                continue;
            }
            if (inBytes) {
                h.materialise(bytes, length);
            }
            pending = h;
            pendingLine = in.number();
            pendingHandler = handler;
            stack = null;
            if (handler.wantsStacks()) {
                frames.clear();
                stack = frames;
            }
        }
        if (pending != null) {
            dispatch(pending, pendingLine, stack, pendingHandler, ctx);
        }
        clocks.report(ctx);
        for (PerfEventHandler h : handlers) {
            h.finish(ctx);
        }
        notes(counts, byEvent, untimedIo, fieldlessIo, ctx);
    }

    /** How many samples of one event, and the sum of their periods where perf printed one. */
    static final class EventCount {
        long samples;
        long periodTotal;
        boolean periods;

        void add(long period) {
            samples++;
            if (period >= 0) {
                periodTotal += period;
                periods = true;
            }
        }

        @Override
        public String toString() {
            return samples + (periods ? " (period " + periodTotal + ")" : "");
        }
    }

    /**
     * What the file holds, for the inventory: the samples of each event (the figures
     * stackcollapse-perf.pl counts), the events no I/O analysis reads, and a file with no I/O at
     * all (a CPU profile). Notes, not warnings: a valid profile is not a damaged input.
     */
    private static void notes(Map<String, EventCount> counts, Map<String, PerfEventHandler> byEvent, long untimedIo,
                              long fieldlessIo, ParseContext ctx) {
        if (counts.isEmpty()) {
            return;
        }
        List<String> events = counts.keySet().stream().sorted().toList();
        StringBuilder samples = new StringBuilder("samples per event:");
        for (String e : events) {
            samples.append(samples.length() > 18 ? ", " : " ").append(counts.get(e)).append(' ').append(e);
        }
        ctx.note(samples.toString());
        List<String> noIo = events.stream().filter(e -> byEvent.get(e) == NONE).toList();
        if (noIo.size() == events.size()) {
            ctx.note("holds no I/O: " + String.join(", ", noIo) + " samples only (a CPU or event profile; "
                    + "record block, syscall or sched tracepoints for I/O)");
        } else if (!noIo.isEmpty()) {
            ctx.note("not analysed, no I/O in them: the " + String.join(", ", noIo) + " samples");
        }
        if (untimedIo > 0) {
            ctx.note(untimedIo + " I/O event(s) printed without their time (perf script -F without 'time'): "
                    + "they cannot be placed in time and are not analysed");
        }
        if (fieldlessIo > 0) {
            ctx.note(fieldlessIo + " I/O event(s) printed without their fields (perf script -F without 'trace'): "
                    + "not analysed");
        }
    }

    static final PerfEventHandler NONE = new PerfEventHandler() {
        @Override
        public boolean accepts(String event) {
            return false;
        }

        @Override
        public void handle(PerfEvent event, ParseContext ctx) {
        }
    };

    static PerfEventHandler handlerOf(String event, List<PerfEventHandler> handlers) {
        for (PerfEventHandler x : handlers) {
            if (x.accepts(event)) {
                return x;
            }
        }
        return NONE;
    }

    /** The line's sample header, read from its bytes when the reader has them, else from its text; null if none. */
    private static Header header(boolean inBytes, byte[] bytes, int length, String line, Interner names) {
        return inBytes ? Header.parse(bytes, length, names) : Header.parse(line, names);
    }

    private static void dispatch(Header h, long line, List<String> stack, PerfEventHandler handler, ParseContext ctx) {
        ctx.record();
        ctx.time(h.timeNs / 1e9);
        handler.handle(new PerfEvent(ctx.input(), line, h.comm, h.pid, h.tid, h.cpu, h.timeNs, h.event, h.payload,
                stack == null ? List.of() : List.copyOf(stack), h.text), ctx);
    }

    /** A line of spaces only, or a {@code #} comment after optional spaces (perf script's header). */
    static boolean blankOrComment(String line) {
        int n = line.length();
        for (int i = 0; i < n; i++) {
            char c = line.charAt(i);
            if (!Character.isWhitespace(c)) {
                return c == '#';
            }
        }
        return true;
    }

    /** Whether the line's indentation holds a tab, as perf's call-chain lines do. */
    static boolean tabLed(String line) {
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\t') {
                return true;
            }
            if (c != ' ') {
                return false;
            }
        }
        return false;
    }

    /** {@link #tabLed(String)} of an ASCII line's bytes {@code b[0, n)}. */
    static boolean tabLed(byte[] b, int n) {
        for (int i = 0; i < n; i++) {
            if (b[i] == '\t') {
                return true;
            }
            if (b[i] != ' ') {
                return false;
            }
        }
        return false;
    }

    /**
     * A call-chain line: indented, a hex address, then a symbol with {@code (dso)} at the end; a
     * tab-indented address alone or with a bare symbol is one too ({@code perf script -F ip} or
     * {@code -F ip,sym} without dso).
     */
    static boolean isFrame(String line) {
        char c0 = line.charAt(0);
        if (c0 != '\t' && c0 != ' ') {
            return false;
        }
        int i = 0;
        int n = line.length();
        while (i < n && Character.isWhitespace(line.charAt(i))) {
            i++;
        }
        int start = i;
        while (i < n && Character.digit(line.charAt(i), 16) >= 0) {
            i++;
        }
        if (i > start && tabLed(line) && (i == n || line.charAt(i) == ' ')) {
            return true;
        }
        return i > start && i < n && line.charAt(i) == ' ' && line.charAt(n - 1) == ')';
    }

    /** {@link #isFrame(String)} of an ASCII line's bytes {@code b[0, n)}. */
    static boolean isFrame(byte[] b, int n) {
        byte c0 = b[0];
        if (c0 != '\t' && c0 != ' ') {
            return false;
        }
        int i = 0;
        while (i < n && isWhitespace(b[i])) {
            i++;
        }
        int start = i;
        while (i < n && isHexDigit(b[i])) {
            i++;
        }
        if (i > start && tabLed(b, n) && (i == n || b[i] == ' ')) {
            return true;
        }
        return i > start && i < n && b[i] == ' ' && b[n - 1] == ')';
    }

    static final int TAB_FRAME = 1;
    static final int SPACE_FRAME = 2;
    static final int BLANK_OR_COMMENT = 3;
    static final int OTHER = 4;

    /**
     * {@link #isFrame(byte[], int)}, {@link #tabLed(byte[], int)} and {@link #blankOrComment(String)}
     * of a line's bytes {@code b[0, n)} ({@code n > 0}) in one pass over its indentation: a
     * frame led by a tab or by spaces, a blank or comment line, or another (a header, or not).
     */
    static int lineKind(byte[] b, int n) {
        int ws = 0;
        int firstNotSpace = -1;
        while (ws < n && isWhitespace(b[ws])) {
            if (firstNotSpace < 0 && b[ws] != ' ') {
                firstNotSpace = ws;
            }
            ws++;
        }
        // tabLed: the first byte that is not a space is a tab
        boolean tab = firstNotSpace >= 0 && b[firstNotSpace] == '\t';
        if (b[0] == '\t' || b[0] == ' ') {
            int i = ws;
            while (i < n && isHexDigit(b[i])) {
                i++;
            }
            if (i > ws && (tab && (i == n || b[i] == ' ') || i < n && b[i] == ' ' && b[n - 1] == ')')) {
                return tab ? TAB_FRAME : SPACE_FRAME;
            }
        }
        return ws == n || b[ws] == '#' ? BLANK_OR_COMMENT : OTHER;
    }

    static final int NOT_A_FRAME = -1;
    static final int NO_SYMBOL = -2;
    static final int UNKNOWN_SYMBOL = -3;

    /**
     * {@link #isFrame(byte[], int)} and {@link #frameSymbol(byte[], int, Interner)} in one pass over
     * a line that starts with a tab (so it is tab-led): where its symbol starts, or {@link
     * #NOT_A_FRAME}, {@link #NO_SYMBOL} (an address alone), {@link #UNKNOWN_SYMBOL} ({@code [unknown]}).
     * Past the address the two readings agree: the hex digits end at a space or the line's end,
     * which is where frameSymbol's address (non-whitespace) ends too.
     */
    static int tabFrameSymbol(byte[] b, int n) {
        int i = 1;
        while (i < n && isWhitespace(b[i])) {
            i++;
        }
        int start = i;
        while (i < n && isHexDigit(b[i])) {
            i++;
        }
        if (i == start || (i < n && b[i] != ' ')) {
            return NOT_A_FRAME;
        }
        while (i < n && b[i] == ' ') {
            i++;
        }
        if (i >= n) {
            return NO_SYMBOL;
        }
        return b[i] == ' ' || b[i] == '+' || b[i] == '(' ? UNKNOWN_SYMBOL : i;
    }

    /** Where the symbol that starts at {@code from} ends: at a space, a {@code +} or the line's end. */
    static int symbolEnd(byte[] b, int n, int from) {
        return Bytes.endAt(b, from, n, (byte) ' ', (byte) '+');
    }

    /** {@link #frameSymbol(String, Interner)} of an ASCII line's bytes {@code b[0, n)}. */
    static String frameSymbol(byte[] b, int n, Interner names) {
        int i = 0;
        while (i < n && isWhitespace(b[i])) {
            i++;
        }
        while (i < n && !isWhitespace(b[i])) {
            i++; // address
        }
        while (i < n && b[i] == ' ') {
            i++;
        }
        if (i >= n) {
            return null;
        }
        int end = i;
        while (end < n && b[end] != ' ' && b[end] != '+') {
            end++;
        }
        if (end == i || b[i] == '(') {
            return "[unknown]";
        }
        return names.of(b, i, end);
    }

    /** {@link Character#isWhitespace} of an ASCII character. */
    private static boolean isWhitespace(byte c) {
        return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f);
    }

    private static boolean isHexDigit(byte c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    /** {@code \tffffffff8e2a1b3c __schedule+0x2fc ([kernel.kallsyms])} gives {@code __schedule}. */
    static String frameSymbol(String line) {
        return frameSymbol(line, null);
    }

    /** {@link #frameSymbol(String)}, the symbol taken from {@code names} when given. */
    static String frameSymbol(String line, Interner names) {
        int i = 0;
        int n = line.length();
        while (i < n && Character.isWhitespace(line.charAt(i))) {
            i++;
        }
        while (i < n && !Character.isWhitespace(line.charAt(i))) {
            i++; // address
        }
        while (i < n && line.charAt(i) == ' ') {
            i++;
        }
        if (i >= n) {
            return null;
        }
        int end = i;
        while (end < n && line.charAt(end) != ' ' && line.charAt(end) != '+') {
            end++;
        }
        // "[unknown]" / "([unknown])" frames carry no symbol
        if (end == i || line.charAt(i) == '(') {
            return "[unknown]";
        }
        return names != null ? names.of(line, i, end) : line.substring(i, end);
    }

    /** The parsed header line of one sample. */
    static final class Header {
        String comm;
        int pid;
        int tid;
        int cpu = -1;
        /** -1: the line has no time ({@code perf script -F} without time, or perf before 2.6.35's time field). */
        long timeNs = -1;
        /** -1: the line has no period column. */
        long period = -1;
        String event;
        String payload;
        String text;

        boolean hasTime() {
            return timeNs >= 0;
        }

        static Header parse(String line) {
            return parse(line, null);
        }

        /**
         * perf script prints a sample's fields in one fixed order whatever {@code -F} asks for:
         * {@code [comm] [pid[/tid]] [[cpu]] [time:] [period] event: [payload]}, every one optional
         * but the event. The time ({@code digits.digits:}) anchors the line where it is printed,
         * because comm may hold spaces; without it, the event is the first {@code name:} token after
         * a pid. Process and event names are taken from {@code names} when given.
         *
         * <p>One reader serves every line: a line outside ASCII is read on its {@link #shadow}, one
         * byte per char, so that every index found is the String's and its names are cut from the
         * String.
         */
        static Header parse(String line, Interner names) {
            Header h = parse(shadow(line), line.length(), names, line);
            if (h != null) {
                h.text = line;
                h.payload = h.payloadFrom >= line.length() ? "" : line.substring(h.payloadFrom);
            }
            return h;
        }

        /**
         * One byte per char of {@code line}, for the byte reader to decide on as on the chars:
         * ASCII as itself; other whitespace as a vertical tab (whitespace, and neither the space nor
         * the tab the reader looks for, as such a char is neither); any other char as 0x80, which is
         * no digit, letter, sign or whitespace, as such a char is none of those to the reader.
         */
        static byte[] shadow(String line) {
            byte[] b = new byte[line.length()];
            for (int i = 0; i < b.length; i++) {
                char c = line.charAt(i);
                b[i] = c < 0x80 ? (byte) c : Character.isWhitespace(c) ? (byte) 0x0B : (byte) 0x80;
            }
            return b;
        }


        /**
         * Where the payload starts in the line ({@link #parse(byte[], int, Interner)} leaves {@link
         * #text} and {@link #payload} unmade until {@link #materialise} is called for a line that is kept).
         */
        int payloadFrom;

        /** Whether the event has no payload: {@code -F} without 'trace', or an event that prints none. */
        boolean payloadEmpty(int lineLength) {
            return payload != null ? payload.isEmpty() : payloadFrom >= lineLength;
        }

        /** Makes the line's text and payload of a header read from the bytes {@code b[0, n)}. */
        void materialise(byte[] b, int n) {
            if (text == null) {
                text = new String(b, 0, n, StandardCharsets.ISO_8859_1);
                payload = payloadFrom >= n ? "" : text.substring(payloadFrom);
            }
        }

        /**
         * {@link #parse(String, Interner)} of an ASCII line's bytes {@code b[0, n)}: the same fields,
         * read without a String; {@link #text} and {@link #payload} are made by {@link #materialise}.
         */
        static Header parse(byte[] b, int n, Interner names) {
            return parse(b, n, names, null);
        }

        /** The header in {@code b[0, n)}; its names cut from {@code line} when the bytes are its {@link #shadow}. */
        private static Header parse(byte[] b, int n, Interner names, String line) {
            int colon = -1;
            int tsStart = -1;
            for (int i = indexOf(b, n, (byte) ':', 0); i >= 0; i = indexOf(b, n, (byte) ':', i + 1)) {
                int j = i - 1;
                int fracDigits = 0;
                while (j >= 0 && isDigit(b[j])) {
                    j--;
                    fracDigits++;
                }
                if (fracDigits == 0 || j < 1 || b[j] != '.') {
                    continue;
                }
                int k = j - 1;
                while (k >= 0 && isDigit(b[k])) {
                    k--;
                }
                if (k == j - 1 || (k >= 0 && b[k] != ' ')) {
                    continue;
                }
                colon = i;
                tsStart = k + 1;
                break;
            }
            Header h = new Header();
            int evStart;
            if (colon >= 0) {
                h.timeNs = parseTimeNs(b, tsStart, colon);
                if (!h.prefix(b, n, tsStart, false, names, line)) {
                    return null;
                }
                // after the timestamp: [period] event: payload
                evStart = skipSpaces(b, n, colon + 1);
                int tokEnd = indexOf(b, n, (byte) ' ', evStart);
                if (tokEnd > evStart && isDigits(b, evStart, tokEnd)) {
                    h.period = parseDecimal(b, evStart, tokEnd);
                    evStart = skipSpaces(b, n, tokEnd);
                }
            } else {
                evStart = eventWithoutTime(b, n);
                if (evStart <= 0 || !h.prefix(b, n, evStart, true, names, line)) {
                    return null;
                }
            }
            int evEnd = evStart;
            while (true) {
                evEnd = indexOf(b, n, (byte) ':', evEnd);
                if (evEnd < 0 || evEnd + 1 < n && b[evEnd + 1] == ' ') {
                    break;
                }
                evEnd++;
            }
            if (evEnd < 0) {
                evEnd = n > 0 && b[n - 1] == ':' ? n - 1 : -1;
            }
            int space = indexOf(b, n, (byte) ' ', evStart);
            if (evEnd <= evStart || (space >= 0 && space < evEnd)) {
                return null; // an event name holds no space: checked before it is interned
            }
            h.event = name(b, evStart, evEnd, names, line);
            h.payloadFrom = evEnd + 2 <= n ? evEnd + 2 : n;
            return h;
        }

        /**
         * Reads {@code comm pid[/tid] [[cpu]]} (and, on a line without time, the period after them)
         * from {@code b[0, end)}. With a time the prefix may be empty ({@code -F time,event});
         * without one it must hold a pid, or nothing tells the line from prose.
         */
        private boolean prefix(byte[] b, int n, int end, boolean noTime, Interner names, String line) {
            end = trimEnd(b, end);
            if (noTime) {
                int tok = tokenStart(b, end);
                int before = trimEnd(b, tok);
                int prev = tokenStart(b, before);
                // a period is printed after the cpu or a pid/tid; "comm 12 34 ev:" keeps 34 a pid
                if (tok < end && isDigits(b, tok, end) && before > 0
                        && (isCpu(b, prev, before) || isPidTid(b, prev, before) && hasSlash(b, prev, before)
                        || prev == skipSpaces(b, n, 0) && isDigits(b, prev, before))) {
                    period = parseDecimal(b, tok, end);
                    end = before;
                }
            }
            if (end == 0) {
                pid = -1;
                tid = -1;
                comm = "";
                return !noTime;
            }
            int tok = tokenStart(b, end);
            if (isCpu(b, tok, end)) {
                cpu = parseIntOr(b, tok + 1, end - 1, -1);
                end = trimEnd(b, tok);
                if (end == 0) {
                    pid = -1;
                    tid = -1;
                    comm = "";
                    return !noTime;
                }
                tok = tokenStart(b, end);
            }
            int slash = indexOf(b, end, (byte) '/', tok); // only one before the end counts
            if (slash > 0 && slash < end) {
                pid = parseIntOr(b, tok, slash, Integer.MIN_VALUE);
                tid = parseIntOr(b, slash + 1, end, Integer.MIN_VALUE);
            } else {
                pid = parseIntOr(b, tok, end, Integer.MIN_VALUE);
                tid = pid;
            }
            if (pid == Integer.MIN_VALUE || tid == Integer.MIN_VALUE) {
                return false;
            }
            int commEnd = trimEnd(b, tok);
            int commStart = 0;
            while (commStart < commEnd && isWhitespace(b[commStart])) {
                commStart++;
            }
            comm = name(b, commStart, commEnd, names, line);
            return true;
        }

        /** A name at {@code [from, to)}: from the line when the bytes are its shadow, interned when {@code names} is given. */
        private static String name(byte[] b, int from, int to, Interner names, String line) {
            if (line != null) {
                return names != null ? names.of(line, from, to) : line.substring(from, to);
            }
            return names != null ? names.of(b, from, to) : new String(b, from, to - from, StandardCharsets.ISO_8859_1);
        }

        private static int eventWithoutTime(byte[] b, int n) {
            int i = skipSpaces(b, n, 0);
            while (i < n) {
                int end = i;
                while (end < n && b[end] != ' ' && b[end] != '\t') {
                    end++;
                }
                if (end - i > 1 && b[end - 1] == ':' && isEventName(b, i, end - 1)) {
                    return i;
                }
                i = skipSpaces(b, n, end);
            }
            return -1;
        }

        private static boolean isEventName(byte[] s, int from, int to) {
            byte c0 = s[from];
            if (!(c0 >= 'a' && c0 <= 'z' || c0 >= 'A' && c0 <= 'Z' || c0 == '_')) {
                return false;
            }
            for (int i = from + 1; i < to; i++) {
                byte c = s[i];
                boolean ok = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
                        || c == '_' || c == ':' || c == '-' || c == '.' || c == '/' || c == '=' || c == ',';
                if (!ok) {
                    return false;
                }
            }
            return true;
        }

        private static int indexOf(byte[] b, int n, byte c, int from) {
            return Bytes.indexOf(b, from, n, c);
        }

        private static boolean isDigit(byte c) {
            return c >= '0' && c <= '9';
        }

        private static boolean isDigits(byte[] b, int from, int to) {
            if (from >= to) {
                return false;
            }
            for (int i = from; i < to; i++) {
                if (!isDigit(b[i])) {
                    return false;
                }
            }
            return true;
        }

        /** The decimal {@code b[from, to)}, all digits (as {@link Numbers#parseLong} reads them). */
        private static long parseDecimal(byte[] b, int from, int to) {
            long v = 0;
            for (int i = from; i < to; i++) {
                v = v * 10 + (b[i] - '0');
            }
            return v;
        }

        private static boolean hasSlash(byte[] b, int from, int to) {
            for (int i = from; i < to; i++) {
                if (b[i] == '/') {
                    return true;
                }
            }
            return false;
        }

        private static boolean isCpu(byte[] b, int from, int to) {
            return to - from >= 3 && b[from] == '[' && b[to - 1] == ']' && isDigits(b, from + 1, to - 1);
        }

        private static boolean isPidTid(byte[] b, int from, int to) {
            int slash = -1;
            for (int i = from; i < to; i++) {
                if (b[i] == '/') {
                    slash = i;
                    break;
                }
            }
            if (slash < 0) {
                return parseIntOr(b, from, to, Integer.MIN_VALUE) != Integer.MIN_VALUE;
            }
            return parseIntOr(b, from, slash, Integer.MIN_VALUE) != Integer.MIN_VALUE
                    && parseIntOr(b, slash + 1, to, Integer.MIN_VALUE) != Integer.MIN_VALUE;
        }

        private static int skipSpaces(byte[] b, int n, int i) {
            while (i < n && (b[i] == ' ' || b[i] == '\t')) {
                i++;
            }
            return i;
        }

        private static int trimEnd(byte[] b, int end) {
            while (end > 0 && isWhitespace(b[end - 1])) {
                end--;
            }
            return end;
        }

        private static int tokenStart(byte[] b, int end) {
            int i = end;
            while (i > 0 && !isWhitespace(b[i - 1])) {
                i--;
            }
            return i;
        }

        private static long parseTimeNs(byte[] b, int from, int to) {
            long secs = 0;
            int i = from;
            while (i < to && b[i] != '.') {
                secs = secs * 10 + (b[i++] - '0');
            }
            i++;
            long frac = 0;
            int digits = 0;
            while (i < to && digits < 9) {
                frac = frac * 10 + (b[i++] - '0');
                digits++;
            }
            while (digits++ < 9) {
                frac *= 10;
            }
            return secs * 1_000_000_000L + frac;
        }

        private static int parseIntOr(byte[] b, int from, int to, int fallback) {
            if (to <= from) {
                return fallback;
            }
            // perf prints "-1" for a task it has no pid for (":-1    -1 [000] ... sched:sched_switch")
            if (b[from] == '-' && to > from + 1) {
                int v = parseIntOr(b, from + 1, to, fallback);
                return v == fallback ? fallback : -v;
            }
            int v = 0;
            for (int i = from; i < to; i++) {
                byte c = b[i];
                if (c < '0' || c > '9') {
                    return fallback;
                }
                v = v * 10 + (c - '0');
            }
            return v;
        }

    }
}
