package dev.ioverdict.parse.strace;

/**
 * Follows the nesting of one strace call as its text arrives, possibly in pieces (a call a
 * terminal copy wrapped over several lines): parentheses, brackets and braces outside quoted
 * strings and C comments. The call is closed once its own argument list has ended and a
 * {@code = ret} follows. State carries over between pieces, so a string wrapped mid-escape
 * continues correctly.
 */
final class CallScanner {
    private int depth;
    private boolean inString;
    private boolean escape;
    private boolean inComment;
    private boolean opened;
    /** Index in the accumulated text where the argument list closed, or -1. */
    private int closeAt = -1;
    private int scanned;
    /** Where the top-level commas of the call's own argument list stand: its arguments' bounds, found in this one scan. */
    private int[] commas = new int[16];
    private int commaCount;

    /**
     * The bytes of the characters that can open or close something (quotes, comments, brackets) or
     * split arguments, indexed by the byte's unsigned value: every other byte (names, numbers, flags,
     * a character outside ASCII) is passed with one table look-up.
     */
    static final boolean[] STRUCTURE = new boolean[256];

    static {
        for (char c : "\"/()[]{},".toCharArray()) {
            STRUCTURE[c] = true;
        }
    }

    /**
     * The depth of the elements of a list argument: {@code name(} is 1, the list's {@code [} 2, each
     * {@code {} element 3. Their brackets and the commas between their fields are marked in this
     * scan, so the iocbs of io_submit and the events of io_getevents are read without walking their
     * text (and their quoted buffers) again.
     */
    static final int ELEMENT_DEPTH = 3;
    private int[] marks = new int[32];
    private int markCount;

    private void addMark(int i) {
        if (markCount == marks.length) {
            marks = java.util.Arrays.copyOf(marks, markCount * 2);
        }
        marks[markCount++] = i;
    }

    /** How many element marks (brackets opening or closing depth {@link #ELEMENT_DEPTH}, commas at it) this scan made. */
    int markCount() {
        return markCount;
    }

    /** The index in the text of element mark {@code k}, in text order. */
    int mark(int k) {
        return marks[k];
    }

    void reset() {
        reset(0);
    }

    /** Starts over on a text whose call begins at {@code from} (a line, past its leaders). */
    void reset(int from) {
        depth = 0;
        inString = false;
        escape = false;
        inComment = false;
        opened = false;
        closeAt = -1;
        scanned = from;
        commaCount = 0;
        markCount = 0;
    }

    boolean inString() {
        return inString;
    }

    /** Scans what was appended to {@code text} since the last call. */
    void scan(LineText text) {
        byte[] t = text.b;
        int n = text.n;
        for (int i = scanned; i < n; i++) {
            int c = t[i];
            if (inComment) {
                if (c == '/' && i > 0 && t[i - 1] == '*') {
                    inComment = false;
                }
                continue;
            }
            if (inString && !escape) {
                // strace's buffers are long escaped strings: jump to their closing quote
                int q = closingQuote(t, i, n);
                if (q < 0) {
                    escape = trailingBackslashes(t, i, n) % 2 == 1;
                    i = n - 1;
                } else {
                    inString = false;
                    i = q;
                }
                continue;
            }
            if (inString) {
                if (escape) {
                    escape = false;
                } else if (c == '\\') {
                    escape = true;
                } else if (c == '"') {
                    inString = false;
                }
                continue;
            }
            if (closeAt >= 0) {
                break; // no string or comment opens after the list closed: nothing is left to follow
            }
            while (!STRUCTURE[c & 0xff]) {
                // names, numbers and flags: passed in this tight loop
                if (++i == n) {
                    scanned = n;
                    return;
                }
                c = t[i];
            }
            switch (c) {
                case '"' -> {
                    // strace's buffers are long escaped strings: jump to their closing quote
                    int q = closingQuote(t, i + 1, n);
                    if (q < 0) {
                        inString = true;
                        escape = trailingBackslashes(t, i + 1, n) % 2 == 1;
                        i = n - 1;
                    } else {
                        i = q;
                    }
                }
                case '/' -> {
                    if (i + 1 < n && t[i + 1] == '*') {
                        inComment = true;
                        i++;
                    }
                }
                case '(', '[', '{' -> {
                    depth++;
                    opened = true;
                    if (depth == ELEMENT_DEPTH) {
                        addMark(i);
                    }
                }
                case ')', ']', '}' -> {
                    if (depth == ELEMENT_DEPTH) {
                        addMark(i);
                    }
                    depth--;
                    if (opened && depth == 0 && c == ')') {
                        closeAt = i;
                    }
                }
                case ',' -> {
                    if (depth == 1) {
                        if (commaCount == commas.length) {
                            commas = java.util.Arrays.copyOf(commas, commaCount * 2);
                        }
                        commas[commaCount++] = i;
                    } else if (depth == ELEMENT_DEPTH) {
                        addMark(i);
                    }
                }
                default -> {
                }
            }
        }
        scanned = n;
    }

    /** The quote that ends a string whose text starts at {@code from} (not after a backslash), or -1. */
    static int closingQuote(byte[] t, int from, int to) {
        for (int q = LineText.find(t, from, to, (byte) '"'); q < to; q = LineText.find(t, q + 1, to, (byte) '"')) {
            if (trailingBackslashes(t, from, q) % 2 == 0) {
                return q;
            }
        }
        return -1;
    }

    /** How many backslashes stand right before {@code end}, not looking before {@code from}. */
    private static int trailingBackslashes(byte[] t, int from, int end) {
        int k = end;
        while (k > from && t[k - 1] == '\\') {
            k--;
        }
        return end - k;
    }

    /** The call's arguments, bounded by the commas this scan found: the list {@code (} opened at {@code open} and closed. */
    Args arguments(Args into, LineText text, int open) {
        return into.between(text, open + 1, closeAt, commas, commaCount);
    }

    /** Index of the parenthesis that closes the argument list, or -1 while it is open. */
    int closeAt() {
        return closeAt;
    }

    /** Whether the argument list ended and {@code = } and a return value follow it. */
    boolean closed(LineText text) {
        if (closeAt < 0) {
            return false;
        }
        byte[] t = text.b;
        int n = text.n;
        int i = closeAt + 1;
        while (i < n && t[i] == ' ') {
            i++;
        }
        if (i >= n || t[i] != '=') {
            return false;
        }
        i++;
        while (i < n && t[i] == ' ') {
            i++;
        }
        return i < n;
    }
}
