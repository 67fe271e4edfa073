package dev.ioverdict.parse.strace;

import dev.ioverdict.parse.text.Numbers;

/**
 * The leader strace prints before each record (strace.c {@code printleader}): an optional pid
 * ({@code "%-5u "} with -f and -o, {@code "[pid %5u] "} on a shared stderr, {@code 1234<comm> }
 * with --decode-pids=comm), then an optional time stamp: -t {@code HH:MM:SS}, -tt
 * {@code HH:MM:SS.uuuuuu}, -ttt {@code epoch.uuuuuu}, -r {@code %6ld.%06ld} (the latter printed
 * as {@code (+ 0.000123)} after a -t stamp). One mutable instance per file, reused for every line.
 */
final class StracePrefix {
    /** The time stamp kinds; RELATIVE stamps count from the previous record. */
    enum Clock { NONE, WALL, EPOCH, RELATIVE }

    int pid = -1;
    String comm;
    Clock clock = Clock.NONE;
    /** Seconds: of the day (WALL), since the epoch (EPOCH), since the previous record (RELATIVE). */
    double time = Double.NaN;
    /** Index where the record itself begins. */
    int content;

    /** Parses the leader of {@code line}; always succeeds (an absent part is simply absent). */
    StracePrefix parse(String line) {
        return parse(new LineText().chars(line));
    }

    /** Parses the leader of {@code text}; always succeeds (an absent part is simply absent). */
    StracePrefix parse(LineText text) {
        pid = -1;
        comm = null;
        clock = Clock.NONE;
        time = Double.NaN;
        byte[] line = text.b;
        int n = text.n;
        int i = 0;
        if (text.startsWith("[pid ", 0)) {
            int j = 5;
            while (j < n && line[j] == ' ') {
                j++;
            }
            int start = j;
            while (j < n && isDigit(line[j])) {
                j++;
            }
            if (j > start && j < n && line[j] == ']') {
                pid = parseInt(line, start, j);
                i = skipSpaces(line, n, j + 1);
            }
        } else {
            int j = 0;
            while (j < n && isDigit(line[j])) {
                j++;
            }
            if (j > 0 && j < n && line[j] == '<') {
                int close = text.indexOf('>', j);
                if (close > j && close + 1 < n && line[close + 1] == ' ') {
                    pid = parseInt(line, 0, j);
                    comm = text.string(j + 1, close);
                    i = skipSpaces(line, n, close + 1);
                }
            } else if (j > 0 && j < n && line[j] == ' ') {
                pid = parseInt(line, 0, j);
                i = skipSpaces(line, n, j);
            }
        }
        i = parseTime(text, i);
        content = i;
        return this;
    }

    private static boolean isDigit(byte c) {
        return c >= '0' && c <= '9';
    }

    private int parseTime(LineText text, int from) {
        byte[] line = text.b;
        int n = text.n;
        int i = skipSpaces(line, n, from);
        int start = i;
        long whole = 0;
        int colons = 0;
        long hms = 0;
        while (i < n) {
            byte c = line[i];
            if (isDigit(c)) {
                whole = whole * 10 + (c - '0');
                i++;
            } else if (c == ':' && i > start && colons < 2) {
                hms = hms * 60 + whole;
                whole = 0;
                colons++;
                i++;
            } else {
                break;
            }
        }
        if (i == start || (colons != 0 && colons != 2)) {
            return from;
        }
        double frac = 0;
        if (i < n && line[i] == '.') {
            i++;
            int fs = i;
            while (i < n && isDigit(line[i])) {
                frac += (line[i] - '0') * Numbers.decimalPlace(i - fs);
                i++;
            }
            if (i == fs) {
                return from;
            }
        } else if (colons == 0) {
            return from; // a bare number is no time stamp
        }
        if (i >= n || line[i] != ' ') {
            return from;
        }
        if (colons == 2) {
            clock = Clock.WALL;
            time = hms * 60 + whole + frac;
        } else {
            // -ttt gives seconds since 1970, -r the seconds since the previous record
            clock = whole >= 100_000_000L ? Clock.EPOCH : Clock.RELATIVE;
            time = whole + frac;
        }
        i = skipSpaces(line, n, i);
        if (text.startsWith("(+", i)) {
            int close = text.indexOf(')', i);
            if (close > 0) {
                i = skipSpaces(line, n, close + 1);
            }
        }
        return i;
    }

    private static int skipSpaces(byte[] s, int n, int i) {
        while (i < n && s[i] == ' ') {
            i++;
        }
        return i;
    }

    private static int parseInt(byte[] s, int from, int to) {
        long v = 0;
        for (int i = from; i < to && v < Integer.MAX_VALUE; i++) {
            v = v * 10 + (s[i] - '0');
        }
        return (int) Math.min(v, Integer.MAX_VALUE);
    }
}
