package dev.ioverdict.parse.text;

import java.util.Arrays;

/**
 * Pieces of one text as {@code [start, end)} index pairs into it, reused from text to text: what a
 * tokenizer found, kept without a String per piece until one is asked for ({@link Tokens}, the
 * words of a column line; strace's argument lists).
 */
public abstract class Spans {
    private String text;
    private int[] starts = new int[16];
    private int[] ends = new int[16];
    private int count;

    /** Starts over on {@code text}, with no pieces. */
    protected final void reset(String text) {
        this.text = text;
        count = 0;
    }

    /** Adds the piece {@code text[start, end)}. */
    protected final void span(int start, int end) {
        if (count == starts.length) {
            starts = Arrays.copyOf(starts, count * 2);
            ends = Arrays.copyOf(ends, count * 2);
        }
        starts[count] = start;
        ends[count] = end;
        count++;
    }

    /** The text the pieces are in. */
    protected final String text() {
        return text;
    }

    public final int count() {
        return count;
    }

    public final int start(int i) {
        return starts[i];
    }

    /** Where piece {@code i} ends (exclusive). */
    public final int end(int i) {
        return ends[i];
    }

    public final String get(int i) {
        return text.substring(starts[i], ends[i]);
    }

    /** Whether piece {@code i} is there and is {@code word}. */
    public final boolean is(int i, String word) {
        return i < count && ends[i] - starts[i] == word.length() && text.startsWith(word, starts[i]);
    }
}
