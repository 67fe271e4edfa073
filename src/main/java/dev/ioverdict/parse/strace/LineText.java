package dev.ioverdict.parse.strace;

import dev.ioverdict.parse.text.Bytes;
import dev.ioverdict.parse.text.Numbers;
import java.nio.charset.StandardCharsets;

/**
 * The characters of an strace line, or of a call joined from several lines, one byte each, so the
 * scanner, the leader and the decoder read a {@code byte[]} without {@code String.charAt}'s checks
 * and a String is made only of what is kept (a path, a comm, the call's text).
 *
 * <p>An ASCII line is its own bytes ({@link #bytes}, no copy). Any other line (other characters, a
 * line cut at the limit) is given as its String ({@link #chars}): each ASCII character is copied as
 * its byte and every other one as {@link #OTHER}, so indexes are those of the String, and the
 * String is kept as {@link #exact}. Every decision the reading makes on a character outside ASCII
 * (a number's digits, an errno's capitals, white space) asks {@link #exact}; every piece taken is
 * cut from it. Both readings of a line therefore give the same facts.
 */
final class LineText {
    /** What stands in {@link #b} for a character outside ASCII: a byte no structure test matches. */
    static final byte OTHER = (byte) 0x80;

    byte[] b;
    int n;
    /** The exact characters when some are not ASCII or the line came as a String, else null: then {@link #b} is the text. */
    String exact;
    private String whole;
    private byte[] own = new byte[256];

    /** The ASCII text {@code b[0, n)}, not copied: valid while the caller does not change it. */
    LineText bytes(byte[] b, int n) {
        this.b = b;
        this.n = n;
        exact = null;
        whole = null;
        return this;
    }

    /** The text {@code s}, its characters copied one byte each. */
    LineText chars(String s) {
        int length = s.length();
        if (own.length < length) {
            own = new byte[Math.max(length, own.length * 2)];
        }
        for (int i = 0; i < length; i++) {
            char c = s.charAt(i);
            own[i] = c < 128 ? (byte) c : OTHER;
        }
        b = own;
        n = length;
        exact = s;
        whole = s;
        return this;
    }

    /** {@code b[0, n)} with {@code exact} (or null), as {@link Joined#view} gives them. */
    LineText view(byte[] b, int n, String exact) {
        this.b = b;
        this.n = n;
        this.exact = exact;
        whole = exact;
        return this;
    }

    int length() {
        return n;
    }

    /** The character at {@code i}: for what is rare (a message, a name compared with another). */
    char charAt(int i) {
        return exact != null ? exact.charAt(i) : (char) (b[i] & 0xff);
    }

    /** The text {@code [from, to)} as a String. */
    String string(int from, int to) {
        return exact != null ? exact.substring(from, to) : new String(b, from, to - from, StandardCharsets.ISO_8859_1);
    }

    /** The whole text as a String, made once. */
    @Override
    public String toString() {
        if (whole == null) {
            whole = exact != null ? exact : new String(b, 0, n, StandardCharsets.ISO_8859_1);
        }
        return whole;
    }

    int indexOf(char c, int from) {
        int i = find(b, Math.max(from, 0), n, (byte) c);
        return i < n ? i : -1;
    }

    /**
     * The index of the first {@code c} (ASCII) in {@code t[from, to)}, or {@code to}: eight bytes a step
     * (as {@code String.indexOf} does for a String's bytes), so a long quoted buffer is passed quickly.
     */
    static int find(byte[] t, int from, int to, byte c) {
        int i = Bytes.indexOf(t, from, to, c);
        return i < 0 ? to : i;
    }

    /** The last {@code c} at or before {@code from}, or -1. */
    int lastIndexOf(char c, int from) {
        byte[] t = b;
        for (int i = Math.min(from, n - 1); i >= 0; i--) {
            if (t[i] == c) {
                return i;
            }
        }
        return -1;
    }

    /** Whether the ASCII {@code s} stands at {@code at}. */
    boolean startsWith(String s, int at) {
        int k = s.length();
        if (at < 0 || at > n - k) {
            return false;
        }
        byte[] t = b;
        for (int j = 0; j < k; j++) {
            if (t[at + j] != s.charAt(j)) {
                return false;
            }
        }
        return true;
    }

    boolean endsWith(String s) {
        return startsWith(s, n - s.length());
    }

    /** The first index at or after {@code from} where the ASCII {@code s} stands, or -1. */
    int indexOf(String s, int from) {
        byte first = (byte) s.charAt(0);
        int last = n - s.length();
        for (int i = find(b, Math.max(from, 0), n, first); i <= last; i = find(b, i + 1, n, first)) {
            if (startsWith(s, i)) {
                return i;
            }
        }
        return -1;
    }

    /** {@link Numbers#parseLong} of {@code [from, to)}. */
    long parseLong(int from, int to, long fallback) {
        if (exact != null) {
            return Numbers.parseLong(exact, from, to, fallback);
        }
        byte[] s = b;
        int i = from;
        boolean negative = false;
        if (i < to && s[i] == '-') {
            negative = true;
            i++;
        }
        if (i + 1 < to && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X')) {
            i += 2;
            int start = i;
            long v = 0;
            while (i < to) {
                int d = Character.digit(s[i], 16); // ASCII here: Character.digit agrees with the String reading
                if (d < 0) {
                    break;
                }
                v = (v << 4) | d;
                i++;
            }
            if (i == start) {
                return fallback;
            }
            return negative ? -v : v;
        }
        int start = i;
        long v = 0;
        while (i < to) {
            int c = s[i];
            if (c < '0' || c > '9') {
                break;
            }
            v = v * 10 + (c - '0');
            i++;
        }
        if (i == start) {
            return fallback;
        }
        return negative ? -v : v;
    }

    /** {@link Numbers#parseDecimal} of {@code [from, to)}. */
    double parseDecimal(int from, int to) {
        if (exact != null) {
            return Numbers.parseDecimal(exact, from, to);
        }
        byte[] s = b;
        int i = from;
        boolean negative = false;
        if (i < to && s[i] == '-') {
            negative = true;
            i++;
        }
        long whole = 0;
        int digits = 0;
        while (i < to && s[i] >= '0' && s[i] <= '9') {
            whole = whole * 10 + (s[i] - '0');
            i++;
            digits++;
        }
        double frac = 0;
        if (i < to && (s[i] == '.' || s[i] == ',')) {
            i++;
            int place = 0;
            while (i < to && s[i] >= '0' && s[i] <= '9') {
                frac += (s[i] - '0') * Numbers.decimalPlace(place++);
                i++;
                digits++;
            }
        }
        if (digits == 0 || i != to) {
            return Double.NaN;
        }
        double v = whole + frac;
        return negative ? -v : v;
    }

    boolean isUpperCase(int i) {
        return exact != null ? Character.isUpperCase(exact.charAt(i)) : b[i] >= 'A' && b[i] <= 'Z';
    }

    boolean isDigit(int i) {
        return exact != null ? Character.isDigit(exact.charAt(i)) : b[i] >= '0' && b[i] <= '9';
    }

    boolean isWhitespace(int i) {
        return Character.isWhitespace(charAt(i));
    }

    /** Whether every character is white space, as {@link String#isBlank()}. */
    boolean isBlank() {
        if (n > 0 && b[0] > ' ') {
            return false; // a pid or a name: nearly every line, told by its first byte
        }
        for (int i = 0; i < n; i++) {
            if (!isWhitespace(i)) {
                return false;
            }
        }
        return true;
    }

    /**
     * A call's text gathered from several lines (an unfinished call and its resumption, a wrapped
     * call): its bytes, and its exact characters only once a piece that is given as a String joins.
     */
    static final class Joined {
        private byte[] b = new byte[256];
        private int n;
        private StringBuilder exact;

        void clear() {
            n = 0;
            exact = null;
        }

        int length() {
            return n;
        }

        char charAt(int i) {
            return exact != null ? exact.charAt(i) : (char) (b[i] & 0xff);
        }

        private void room(int more) {
            if (n + more > b.length) {
                b = java.util.Arrays.copyOf(b, Math.max(n + more, b.length * 2));
            }
        }

        /** Appends the ASCII character {@code c}. */
        Joined append(char c) {
            room(1);
            b[n++] = (byte) c;
            if (exact != null) {
                exact.append(c);
            }
            return this;
        }

        /** Appends {@code t[from, to)}. */
        Joined append(LineText t, int from, int to) {
            if (exact == null && t.exact != null) {
                exact = new StringBuilder(n + (to - from) + 16).append(new String(b, 0, n, StandardCharsets.ISO_8859_1));
            }
            room(to - from);
            System.arraycopy(t.b, from, b, n, to - from);
            n += to - from;
            if (exact != null) {
                if (t.exact != null) {
                    exact.append(t.exact, from, to);
                } else {
                    exact.append(new String(t.b, from, to - from, StandardCharsets.ISO_8859_1));
                }
            }
            return this;
        }

        /** {@code into} set to this text (sharing its bytes until the next append). */
        LineText view(LineText into) {
            return into.view(b, n, exact == null ? null : exact.toString());
        }

        @Override
        public String toString() {
            return exact != null ? exact.toString() : new String(b, 0, n, StandardCharsets.ISO_8859_1);
        }
    }
}
