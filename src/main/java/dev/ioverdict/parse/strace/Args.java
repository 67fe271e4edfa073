package dev.ioverdict.parse.strace;

import java.util.Arrays;

/**
 * Top-level pieces of a comma-separated strace value list ({@code fd, "buf"..., 512, 0} or the
 * fields of one {@code {...}} struct), found by scanning once: commas inside strings, comments or
 * nested brackets do not split. Reused; bounds are indexes into the text given to {@link #split}.
 */
final class Args {
    private LineText text;
    private int[] starts = new int[16];
    private int[] ends = new int[16];
    private int count;

    private void reset(LineText text) {
        this.text = text;
        count = 0;
    }

    int count() {
        return count;
    }

    int start(int i) {
        return starts[i];
    }

    /** Where piece {@code i} ends (exclusive). */
    int end(int i) {
        return ends[i];
    }

    /** Splits {@code text[from, to)} (the inside of a bracket pair). */
    Args split(LineText text, int from, int to) {
        reset(text);
        byte[] t = text.b;
        int depth = 0;
        int start = from;
        for (int i = from; i < to; i++) {
            int c = t[i];
            if (!CallScanner.STRUCTURE[c & 0xff]) {
                continue;
            }
            switch (c) {
                case '"' -> {
                    int q = CallScanner.closingQuote(t, i + 1, to);
                    i = q < 0 ? to : q; // a string that does not close runs to the end
                }
                case '/' -> {
                    if (i + 1 < to && t[i + 1] == '*') {
                        int end = text.indexOf("*/", i + 2);
                        i = end < 0 || end >= to ? to : end + 1;
                    }
                }
                case '(', '[', '{' -> depth++;
                case ')', ']', '}' -> depth--;
                case ',' -> {
                    if (depth == 0) {
                        add(start, i);
                        start = i + 1;
                    }
                }
                default -> {
                }
            }
        }
        if (to > start || count > 0) {
            add(start, to);
        }
        return this;
    }

    /**
     * The pieces of {@code text[from, to)} split at {@code commas} (the top-level commas a
     * {@link CallScanner} found while following the call): the same pieces {@link #split} gives,
     * without scanning the text again.
     */
    Args between(LineText text, int from, int to, int[] commas, int commaCount) {
        reset(text);
        int start = from;
        for (int k = 0; k < commaCount; k++) {
            int c = commas[k];
            if (c < from || c >= to) {
                continue;
            }
            add(start, c);
            start = c + 1;
        }
        if (to > start || count > 0) {
            add(start, to);
        }
        return this;
    }

    /** Starts an empty list of pieces of {@code text}, to be given with {@link #add}. */
    Args over(LineText text) {
        reset(text);
        return this;
    }

    /** Adds the piece {@code text[s, e)}, spaces at both ends trimmed. */
    void add(int s, int e) {
        byte[] t = text.b;
        while (s < e && t[s] == ' ') {
            s++;
        }
        while (e > s && t[e - 1] == ' ') {
            e--;
        }
        if (count == starts.length) {
            starts = Arrays.copyOf(starts, count * 2);
            ends = Arrays.copyOf(ends, count * 2);
        }
        starts[count] = s;
        ends[count] = e;
        count++;
    }

    /** The index of the first piece beginning with {@code key} (e.g. {@code "aio_nbytes="}), or -1. */
    int find(String key) {
        for (int i = 0; i < count; i++) {
            if (text.startsWith(key, starts[i])) {
                return i;
            }
        }
        return -1;
    }

    /** The number a piece (or what follows {@code skip} chars of it) begins with: decimal, -decimal or 0x hex. */
    long number(int i, int skip, long fallback) {
        return text.parseLong(starts[i] + skip, ends[i], fallback);
    }
}
