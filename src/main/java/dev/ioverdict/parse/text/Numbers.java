package dev.ioverdict.parse.text;

/** Hand-written number reading for the hot path: no exceptions, no allocation. */
public final class Numbers {
    private Numbers() {
    }

    /**
     * The integer at {@code s[from..)} up to the first character that cannot continue it (stops
     * before {@code to}): {@code 512}, {@code -1}, {@code 0x7f3a0b5d5000}. Values beyond 63 bits
     * (hex kernel returns such as 0xfffffffffffffff5) wrap to their two's complement, as the kernel
     * means them. {@code fallback} when no digit is there.
     */
    public static long parseLong(CharSequence s, int from, int to, long fallback) {
        int i = from;
        boolean negative = false;
        if (i < to && s.charAt(i) == '-') {
            negative = true;
            i++;
        }
        if (i + 1 < to && s.charAt(i) == '0' && (s.charAt(i + 1) == 'x' || s.charAt(i + 1) == 'X')) {
            i += 2;
            int start = i;
            long v = 0;
            while (i < to) {
                int d = Character.digit(s.charAt(i), 16);
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
            char c = s.charAt(i);
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

    /** The non-negative decimal that is exactly {@code s[from, to)}, or -1 (no digits, another character, out of {@code s}). */
    public static long unsigned(CharSequence s, int from, int to) {
        if (to <= from || to > s.length()) {
            return -1;
        }
        long v = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    /** An ASCII digit ({@link Character#isDigit} also takes the digits of other scripts). */
    public static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** Whether {@code s} is one or more ASCII digits: an unsigned decimal integer. */
    public static boolean isDigits(CharSequence s) {
        return isDigits(s, 0, s.length());
    }

    /** Whether {@code s[from, to)} is one or more ASCII digits. */
    public static boolean isDigits(CharSequence s, int from, int to) {
        if (from >= to) {
            return false;
        }
        for (int i = from; i < to; i++) {
            if (!isDigit(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /**
     * The weight of the k-th digit after the decimal point: 0.1, then each divided by ten, the same
     * doubles a loop dividing by ten per digit makes (so figures do not move in their last bit),
     * without a division per digit.
     */
    private static final double[] PLACES = new double[24];

    static {
        double scale = 0.1;
        for (int k = 0; k < PLACES.length; k++) {
            PLACES[k] = scale;
            scale /= 10;
        }
    }

    /**
     * Where a time stamp in seconds that starts at {@code from} ends: digits and dots holding at
     * least one dot, followed by a space (perf trace's and LinuxKI kitrace's leading {@code 0.000482 }).
     * The index of that space, or -1 when there is none such.
     */
    public static int secondsEnd(String line, int from) {
        int n = line.length();
        int i = from;
        boolean dot = false;
        while (i < n && (Character.isDigit(line.charAt(i)) || line.charAt(i) == '.')) {
            dot |= line.charAt(i) == '.';
            i++;
        }
        return i > from && i < n && line.charAt(i) == ' ' && dot ? i : -1;
    }

    /** The weight of digit {@code k} (0-based) after the decimal point, as {@code 0.1} divided by ten k times. */
    public static double decimalPlace(int k) {
        if (k < PLACES.length) {
            return PLACES[k];
        }
        double scale = PLACES[PLACES.length - 1];
        for (int i = PLACES.length - 1; i < k; i++) {
            scale /= 10;
        }
        return scale;
    }

    /** A decimal fraction with '.' or ',' (a comma-decimal locale) as separator; NaN when none. */
    public static double parseDecimal(CharSequence s, int from, int to) {
        int i = from;
        boolean negative = false;
        if (i < to && s.charAt(i) == '-') {
            negative = true;
            i++;
        }
        long whole = 0;
        int digits = 0;
        while (i < to && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
            whole = whole * 10 + (s.charAt(i) - '0');
            i++;
            digits++;
        }
        double frac = 0;
        if (i < to && (s.charAt(i) == '.' || s.charAt(i) == ',')) {
            i++;
            int place = 0;
            while (i < to && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
                frac += (s.charAt(i) - '0') * decimalPlace(place++);
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
}
