package dev.ioverdict.parse.iostat;

import java.util.List;

/**
 * Numbers as sysstat prints them (iostat, sar, /proc/diskstats), read without exceptions or
 * allocation; the fields themselves come from {@link dev.ioverdict.parse.text.Tokens}.
 */
final class SysstatNumbers {
    private SysstatNumbers() {
    }

    /**
     * A decimal as iostat prints it: {@code 12}, {@code 0.25}, {@code -1.5}, or with a decimal comma
     * ({@code 0,25}) when sysstat ran under a locale that uses one. NaN when it is not a number.
     */
    static double number(String s) {
        return number(s, 0, s.length());
    }

    /** {@link #number(String)} of the characters {@code from} to {@code to} of a line. */
    static double number(String s, int from, int n) {
        int i = from;
        boolean negative = false;
        if (n > i && (s.charAt(i) == '-' || s.charAt(i) == '+')) {
            negative = s.charAt(i) == '-';
            i++;
        }
        long mantissa = 0;
        int digits = 0;
        int scale = -1;
        int dropped = 0; // integer digits past what a long holds exactly
        for (; i < n; i++) {
            char c = s.charAt(i);
            if (c >= '0' && c <= '9') {
                if (digits < 18) {
                    mantissa = mantissa * 10 + (c - '0');
                    digits++;
                    if (scale >= 0) {
                        scale++;
                    }
                } else if (scale < 0) {
                    dropped++;
                }
            } else if ((c == '.' || c == ',') && scale < 0) {
                scale = 0;
            } else {
                return Double.NaN;
            }
        }
        if (digits == 0) {
            return Double.NaN;
        }
        double v = dropped > 0 ? mantissa * Math.pow(10, dropped) : mantissa;
        if (scale > 0) {
            v = v / POW10[scale];
        }
        return negative ? -v : v;
    }

    private static final double[] POW10 = {1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
        1e13, 1e14, 1e15, 1e16, 1e17, 1e18};

    static boolean isNumber(String s) {
        return !Double.isNaN(number(s));
    }

    static boolean allNumbers(List<String> tokens) {
        for (String t : tokens) {
            if (!isNumber(t)) {
                return false;
            }
        }
        return !tokens.isEmpty();
    }
}
