package dev.ioverdict.parse.iostat;

import dev.ioverdict.parse.text.Tokens;

/**
 * A {@code sar -d} device row read in one pass over the line: its words found and each value read
 * as it is found (most lines of a sar file are rows: 200 disks a second), where the words were
 * first cut into spans and every value then read again from its span. A value that is not a plain
 * decimal ({@code -h}'s {@code 1.2M}, {@code 10.0%}) is read by {@link SysstatNumbers#human} from
 * its word, so every value reads as it did. Reused line after line; {@link #at} tells where the
 * clock words and the device name are in the last row read.
 */
final class SarRow {
    /** Of the last row read: clock word, AM/PM word ({@code -1} when none), device name, each {@code [start, end)}. */
    final int[] at = new int[6];

    /**
     * The values of {@code line} as a row under a header of {@code scales.length} columns (device
     * last when {@code devLast}), a fresh array; null, with nothing read, when it is not one: no
     * clock first, another count of words, the device named {@code COM} (a comment record of
     * sadc -C), or a value that does not read. Every other line sar writes has a word where a
     * number should be ({@code DEV}, {@code tps}, another section's names, {@code LINUX RESTART}).
     */
    double[] read(String line, double[] scales, boolean devLast) {
        int n = line.length();
        int count = scales.length;
        int i = skipBlanks(line, 0, n);
        int a = i;
        i = wordEnd(line, i, n);
        if (i - a != 8 || !clock(line, a)) {
            return null;
        }
        at[0] = a;
        at[1] = i;
        int k = 1;
        int b = skipBlanks(line, i, n);
        int be = wordEnd(line, b, n);
        if (be - b == 2 && (line.charAt(b) == 'A' || line.charAt(b) == 'P') && line.charAt(b + 1) == 'M') {
            k = 2;
            at[2] = b;
            at[3] = be;
            i = be;
        } else {
            at[2] = -1;
            at[3] = -1;
        }
        int words = k + 1 + count;
        int dev = devLast ? words - 1 : k;
        double[] values = new double[count];
        int t = k;
        while (true) {
            i = skipBlanks(line, i, n);
            if (i >= n) {
                break;
            }
            if (t == words) {
                return null; // more words than the header has columns
            }
            int start = i;
            if (t == dev) {
                i = wordEnd(line, i, n);
                if (t == k && i - start == 3 && line.startsWith("COM", start)) {
                    return null;
                }
                at[4] = start;
                at[5] = i;
                t++;
                continue;
            }
            int metric = devLast ? t - k : t - k - 1;
            int end = SysstatNumbers.plain(line, i, n, values, metric);
            if (end >= 0) {
                i = end;
            } else {
                // -h's 1.2M or 10.0%: the whole word by its units
                i = wordEnd(line, start, n);
                double v = SysstatNumbers.human(line, start, i, scales[metric]);
                if (Double.isNaN(v)) {
                    return null;
                }
                values[metric] = v;
            }
            t++;
        }
        return t == words ? values : null;
    }

    /** {@code hh:mm:ss} at {@code from} (eight characters known to be there), as {@link SarFormat} tells a clock. */
    private static boolean clock(String s, int from) {
        return s.charAt(from + 2) == ':' && s.charAt(from + 5) == ':' && Character.isDigit(s.charAt(from))
                && Character.isDigit(s.charAt(from + 7));
    }

    private static int skipBlanks(String s, int i, int n) {
        while (i < n && Tokens.isBlank(s.charAt(i))) {
            i++;
        }
        return i;
    }

    private static int wordEnd(String s, int i, int n) {
        while (i < n && !Tokens.isBlank(s.charAt(i))) {
            i++;
        }
        return i;
    }
}
