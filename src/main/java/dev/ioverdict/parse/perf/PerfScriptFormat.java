package dev.ioverdict.parse.perf;

import dev.ioverdict.model.InputClock;
import dev.ioverdict.model.perf.PerfEvent;
import dev.ioverdict.parse.Clue;
import dev.ioverdict.parse.ForwardClocks;
import dev.ioverdict.parse.LineReader;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recogniser;
import dev.ioverdict.parse.Regressions;
import dev.ioverdict.parse.Signature;
import dev.ioverdict.parse.TextFormat;
import dev.ioverdict.parse.text.Excerpt;
import dev.ioverdict.parse.text.Interner;
import dev.ioverdict.parse.text.Numbers;
import java.io.IOException;
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
        Map<String, Long> unhandled = new HashMap<>();
        Interner names = new Interner(12);
        Regressions backwards = new Regressions("time runs backwards on one CPU",
                "the samples are kept with the time they carry (perf script writes samples in time order: two "
                        + "recordings glued together, or an edited file)");
        ForwardClocks clocks = new ForwardClocks(backwards, "CPU");
        Header pending = null;
        long pendingLine = 0;
        List<String> stack = null;
        List<String> frames = new ArrayList<>(); // one buffer for every sample's chain: dispatch copies it
        PerfEventHandler pendingHandler = null;
        // a sample of an event no handler reads (cpu-clock, cycles): its call chain is not an orphan
        boolean unhandledSample = false;
        while (in.advance()) {
            // frame lines (half of a recording with -g) are read from the bytes, without a String
            boolean inBytes = in.inBytes();
            byte[] bytes = in.bytes();
            int length = in.length();
            String line = inBytes ? null : in.text();
            if (inBytes ? length == 0 : line.isEmpty()) {
                continue;
            }
            if (inBytes ? isFrame(bytes, length) : isFrame(line)) {
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
            if (inBytes ? blankOrComment(bytes, length) : blankOrComment(line)) {
                continue;
            }
            line = in.text();
            if (pending != null) {
                dispatch(pending, pendingLine, stack, pendingHandler, ctx);
                pending = null;
            }
            Header h = Header.parse(line, names);
            unhandledSample = false;
            if (h == null) {
                ctx.skip(in.number(), "not a perf script sample line: " + Excerpt.of(line));
                continue;
            }
            clocks.see(h.cpu, h.timeNs / 1e9, in.number());
            PerfEventHandler handler = byEvent.get(h.event);
            if (handler == null) {
                handler = handlerOf(h.event, handlers);
                byEvent.put(h.event, handler);
            }
            if (sched != null && handler != sched) {
                sched.seen(h.tid, h.timeNs);
            }
            if (handler == NONE) {
                unhandled.merge(h.event, 1L, Long::sum);
                ctx.time(h.timeNs / 1e9);
                ctx.record(); // a sample read, with no I/O in it
                unhandledSample = true;
                continue;
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
        backwards.report(ctx);
        for (PerfEventHandler h : handlers) {
            h.finish(ctx);
        }
        boolean noIo = ctx.recordCount() == unhandled.values().stream().mapToLong(Long::longValue).sum();
        if (noIo && !unhandled.isEmpty()) {
            ctx.warn(0, "no I/O events: only samples of " + String.join(", ", unhandled.keySet().stream().sorted()
                    .toList()) + " (a CPU profile; record block, syscall or sched tracepoints for I/O)");
        }
        unhandled.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e ->
                ctx.warn(0, e.getValue() + " '" + e.getKey() + "' event(s) not analysed (no handler for that event)"));
    }

    private static final PerfEventHandler NONE = new PerfEventHandler() {
        @Override
        public boolean accepts(String event) {
            return false;
        }

        @Override
        public void handle(PerfEvent event, ParseContext ctx) {
        }
    };

    private static PerfEventHandler handlerOf(String event, List<PerfEventHandler> handlers) {
        for (PerfEventHandler x : handlers) {
            if (x.accepts(event)) {
                return x;
            }
        }
        return NONE;
    }

    private static void dispatch(Header h, long line, List<String> stack, PerfEventHandler handler, ParseContext ctx) {
        ctx.record();
        ctx.time(h.timeNs / 1e9);
        handler.handle(new PerfEvent(ctx.input(), line, h.comm, h.pid, h.tid, h.cpu, h.timeNs, h.event, h.payload,
                stack == null ? List.of() : List.copyOf(stack), h.text), ctx);
    }

    /** A line of spaces only, or a {@code #} comment after optional spaces (perf script's header). */
    private static boolean blankOrComment(String line) {
        int n = line.length();
        for (int i = 0; i < n; i++) {
            char c = line.charAt(i);
            if (!Character.isWhitespace(c)) {
                return c == '#';
            }
        }
        return true;
    }

    /** {@link #blankOrComment(String)} of an ASCII line's bytes {@code b[0, n)}. */
    private static boolean blankOrComment(byte[] b, int n) {
        for (int i = 0; i < n; i++) {
            if (!isWhitespace(b[i])) {
                return b[i] == '#';
            }
        }
        return true;
    }

    /** A call-chain line: indented, a hex address, a symbol, {@code (dso)} at the end. */
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
        return i > start && i < n && b[i] == ' ' && b[n - 1] == ')';
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
        long timeNs;
        String event;
        String payload;
        String text;

        /**
         * Anchors on the timestamp ({@code digits.digits:}) because comm may hold spaces; what stands
         * before it is {@code comm pid[/tid] [[cpu]]}, what follows is {@code [period] event: payload}.
         */
        static Header parse(String line) {
            return parse(line, null);
        }

        /** {@link #parse(String)}, process and event names taken from {@code names} when given. */
        static Header parse(String line, Interner names) {
            int n = line.length();
            int colon = -1;
            int tsStart = -1;
            for (int i = line.indexOf(':'); i >= 0; i = line.indexOf(':', i + 1)) {
                int j = i - 1;
                int fracDigits = 0;
                while (j >= 0 && Numbers.isDigit(line.charAt(j))) {
                    j--;
                    fracDigits++;
                }
                if (fracDigits == 0 || j < 1 || line.charAt(j) != '.') {
                    continue;
                }
                int k = j - 1;
                while (k >= 0 && Numbers.isDigit(line.charAt(k))) {
                    k--;
                }
                if (k == j - 1 || k < 0 || line.charAt(k) != ' ') {
                    continue;
                }
                colon = i;
                tsStart = k + 1;
                break;
            }
            if (colon < 0) {
                return null;
            }
            Header h = new Header();
            h.text = line;
            h.timeNs = parseTimeNs(line, tsStart, colon);
            // before the timestamp: comm pid[/tid] [cpu]
            int end = tsStart - 1;
            while (end > 0 && line.charAt(end - 1) == ' ') {
                end--;
            }
            if (end > 0 && line.charAt(end - 1) == ']') {
                int open = line.lastIndexOf('[', end - 1);
                if (open < 0) {
                    return null;
                }
                h.cpu = parseIntOr(line, open + 1, end - 1, -1);
                end = open;
                while (end > 0 && line.charAt(end - 1) == ' ') {
                    end--;
                }
            }
            int idStart = line.lastIndexOf(' ', end - 1) + 1;
            int slash = line.indexOf('/', idStart);
            if (slash > 0 && slash < end) {
                h.pid = parseIntOr(line, idStart, slash, Integer.MIN_VALUE);
                h.tid = parseIntOr(line, slash + 1, end, Integer.MIN_VALUE);
            } else {
                h.pid = parseIntOr(line, idStart, end, Integer.MIN_VALUE);
                h.tid = h.pid;
            }
            if (h.pid == Integer.MIN_VALUE || h.tid == Integer.MIN_VALUE) {
                return null;
            }
            int commEnd = Math.max(0, idStart);
            while (commEnd > 0 && Character.isWhitespace(line.charAt(commEnd - 1))) {
                commEnd--;
            }
            int commStart = 0;
            while (commStart < commEnd && Character.isWhitespace(line.charAt(commStart))) {
                commStart++;
            }
            h.comm = names != null ? names.of(line, commStart, commEnd) : line.substring(commStart, commEnd);
            // after the timestamp: [period] event: payload
            int i = colon + 1;
            while (i < n && line.charAt(i) == ' ') {
                i++;
            }
            int tokEnd = line.indexOf(' ', i);
            if (tokEnd > i && Numbers.isDigits(line, i, tokEnd)) {
                i = tokEnd;
                while (i < n && line.charAt(i) == ' ') {
                    i++;
                }
            }
            int evEnd = line.indexOf(": ", i);
            if (evEnd < 0) {
                evEnd = line.endsWith(":") ? n - 1 : -1;
            }
            int space = line.indexOf(' ', i);
            if (evEnd <= i || (space >= 0 && space < evEnd)) {
                return null; // an event name holds no space: checked before it is interned
            }
            h.event = names != null ? names.of(line, i, evEnd) : line.substring(i, evEnd);
            h.payload = evEnd + 2 <= n ? line.substring(Math.min(n, evEnd + 2)) : "";
            return h;
        }

        private static long parseTimeNs(String s, int from, int to) {
            long secs = 0;
            int i = from;
            while (i < to && s.charAt(i) != '.') {
                secs = secs * 10 + (s.charAt(i++) - '0');
            }
            i++;
            long frac = 0;
            int digits = 0;
            while (i < to && digits < 9) {
                frac = frac * 10 + (s.charAt(i++) - '0');
                digits++;
            }
            while (digits++ < 9) {
                frac *= 10;
            }
            return secs * 1_000_000_000L + frac;
        }

        private static int parseIntOr(String s, int from, int to, int fallback) {
            if (to <= from) {
                return fallback;
            }
            // perf prints "-1" for a task it has no pid for (":-1    -1 [000] ... sched:sched_switch")
            if (s.charAt(from) == '-' && to > from + 1) {
                int v = parseIntOr(s, from + 1, to, fallback);
                return v == fallback ? fallback : -v;
            }
            int v = 0;
            for (int i = from; i < to; i++) {
                char c = s.charAt(i);
                if (c < '0' || c > '9') {
                    return fallback;
                }
                v = v * 10 + (c - '0');
            }
            return v;
        }
    }
}
