package dev.ioverdict.parse.perf;

import dev.ioverdict.parse.text.Interner;
import dev.ioverdict.parse.text.Numbers;

/**
 * The header reader for lines outside ASCII as it was until round six of issue 23, on the line's
 * chars: kept as the oracle that the one reader, which now reads such a line through its byte
 * shadow, must match ({@code PerfScriptFormatTest}).
 */
final class StringHeaderOracle {
    private StringHeaderOracle() {
    }

    /**
     * perf script prints a sample's fields in one fixed order whatever {@code -F} asks for:
     * {@code [comm] [pid[/tid]] [[cpu]] [time:] [period] event: [payload]}, every one optional
     * but the event. The time ({@code digits.digits:}) anchors the line where it is printed,
     * because comm may hold spaces; without it, the event is the first {@code name:} token after
     * a pid. Process and event names are taken from {@code names} when given.
     */
    static PerfScriptFormat.Header parse(String line, Interner names) {
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
            if (k == j - 1 || (k >= 0 && line.charAt(k) != ' ')) {
                continue;
            }
            colon = i;
            tsStart = k + 1;
            break;
        }
        PerfScriptFormat.Header h = new PerfScriptFormat.Header();
        h.text = line;
        int evStart;
        if (colon >= 0) {
            h.timeNs = parseTimeNs(line, tsStart, colon);
            if (!prefix(h, line, tsStart, false, names)) {
                return null;
            }
            // after the timestamp: [period] event: payload
            evStart = skipSpaces(line, colon + 1);
            int tokEnd = line.indexOf(' ', evStart);
            if (tokEnd > evStart && Numbers.isDigits(line, evStart, tokEnd)) {
                h.period = Numbers.parseLong(line, evStart, tokEnd, -1);
                evStart = skipSpaces(line, tokEnd);
            }
        } else {
            evStart = eventWithoutTime(line);
            if (evStart <= 0 || !prefix(h, line, evStart, true, names)) {
                return null;
            }
        }
        int evEnd = line.indexOf(": ", evStart);
        if (evEnd < 0) {
            evEnd = line.endsWith(":") ? n - 1 : -1;
        }
        int space = line.indexOf(' ', evStart);
        if (evEnd <= evStart || (space >= 0 && space < evEnd)) {
            return null; // an event name holds no space: checked before it is interned
        }
        h.event = names != null ? names.of(line, evStart, evEnd) : line.substring(evStart, evEnd);
        h.payload = evEnd + 2 <= n ? line.substring(Math.min(n, evEnd + 2)) : "";
        return h;
    }

    /**
     * Reads {@code comm pid[/tid] [[cpu]]} (and, on a line without time, the period after them)
     * from {@code line[0, end)}. With a time the prefix may be empty ({@code -F time,event});
     * without one it must hold a pid, or nothing tells the line from prose.
     */
    private static boolean prefix(PerfScriptFormat.Header h, String line, int end, boolean noTime, Interner names) {
        end = trimEnd(line, end);
        if (noTime) {
            int tok = tokenStart(line, end);
            int before = trimEnd(line, tok);
            int prev = tokenStart(line, before);
            // a period is printed after the cpu or a pid/tid; "comm 12 34 ev:" keeps 34 a pid
            if (tok < end && Numbers.isDigits(line, tok, end) && before > 0
                    && (isCpu(line, prev, before) || isPidTid(line, prev, before) && hasSlash(line, prev, before)
                    || prev == firstToken(line) && Numbers.isDigits(line, prev, before))) {
                h.period = Numbers.parseLong(line, tok, end, -1);
                end = before;
            }
        }
        if (end == 0) {
            h.pid = -1;
            h.tid = -1;
            h.comm = "";
            return !noTime;
        }
        int tok = tokenStart(line, end);
        if (isCpu(line, tok, end)) {
            h.cpu = parseIntOr(line, tok + 1, end - 1, -1);
            end = trimEnd(line, tok);
            if (end == 0) {
                h.pid = -1;
                h.tid = -1;
                h.comm = "";
                return !noTime;
            }
            tok = tokenStart(line, end);
        }
        int slash = line.indexOf('/', tok);
        if (slash > 0 && slash < end) {
            h.pid = parseIntOr(line, tok, slash, Integer.MIN_VALUE);
            h.tid = parseIntOr(line, slash + 1, end, Integer.MIN_VALUE);
        } else {
            h.pid = parseIntOr(line, tok, end, Integer.MIN_VALUE);
            h.tid = h.pid;
        }
        if (h.pid == Integer.MIN_VALUE || h.tid == Integer.MIN_VALUE) {
            return false;
        }
        int commEnd = trimEnd(line, tok);
        int commStart = 0;
        while (commStart < commEnd && Character.isWhitespace(line.charAt(commStart))) {
            commStart++;
        }
        h.comm = names != null ? names.of(line, commStart, commEnd) : line.substring(commStart, commEnd);
        return true;
    }

    /**
     * Where the event starts on a line without a time: the first token that ends in {@code :}
     * (then a space or the line's end) and starts with a letter, as event names do
     * ({@code cpu-clock:}, {@code cycles:u:}, {@code block:block_rq_issue:}); 0 or -1 when none
     * follows another token.
     */
    private static int eventWithoutTime(String line) {
        int n = line.length();
        int i = skipSpaces(line, 0);
        while (i < n) {
            int end = i;
            while (end < n && line.charAt(end) != ' ' && line.charAt(end) != '\t') {
                end++;
            }
            if (end - i > 1 && line.charAt(end - 1) == ':' && isEventName(line, i, end - 1)) {
                return i;
            }
            i = skipSpaces(line, end);
        }
        return -1;
    }

    private static boolean isEventName(String s, int from, int to) {
        char c0 = s.charAt(from);
        if (!(c0 >= 'a' && c0 <= 'z' || c0 >= 'A' && c0 <= 'Z' || c0 == '_')) {
            return false;
        }
        for (int i = from + 1; i < to; i++) {
            char c = s.charAt(i);
            boolean ok = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
                    || c == '_' || c == ':' || c == '-' || c == '.' || c == '/' || c == '=' || c == ',';
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    private static boolean hasSlash(String s, int from, int to) {
        int slash = s.indexOf('/', from);
        return slash >= 0 && slash < to;
    }

    private static int firstToken(String s) {
        return skipSpaces(s, 0);
    }

    private static boolean isCpu(String s, int from, int to) {
        return to - from >= 3 && s.charAt(from) == '[' && s.charAt(to - 1) == ']'
                && Numbers.isDigits(s, from + 1, to - 1);
    }

    /** {@code 1234}, {@code -1} or {@code 1234/1240}. */
    private static boolean isPidTid(String s, int from, int to) {
        int slash = s.indexOf('/', from);
        if (slash < 0 || slash >= to) {
            return parseIntOr(s, from, to, Integer.MIN_VALUE) != Integer.MIN_VALUE;
        }
        return parseIntOr(s, from, slash, Integer.MIN_VALUE) != Integer.MIN_VALUE
                && parseIntOr(s, slash + 1, to, Integer.MIN_VALUE) != Integer.MIN_VALUE;
    }

    private static int skipSpaces(String s, int i) {
        int n = s.length();
        while (i < n && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
            i++;
        }
        return i;
    }

    private static int trimEnd(String s, int end) {
        while (end > 0 && Character.isWhitespace(s.charAt(end - 1))) {
            end--;
        }
        return end;
    }

    /** The start of the token that ends at {@code end} (exclusive). */
    private static int tokenStart(String s, int end) {
        int i = end;
        while (i > 0 && !Character.isWhitespace(s.charAt(i - 1))) {
            i--;
        }
        return i;
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
