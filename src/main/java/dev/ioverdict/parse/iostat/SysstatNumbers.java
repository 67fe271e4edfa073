package dev.ioverdict.parse.iostat;

import dev.ioverdict.parse.text.Tokens;
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
        double[] value = new double[1];
        return plain(s, from, n, value, 0) == n ? value[0] : Double.NaN;
    }

    /**
     * Reads the plain decimal that starts at {@code from} (a sign, digits, at most one decimal mark)
     * and ends at a blank or at {@code n} into {@code into[slot]}: the index after it, or -1 when any
     * other character comes first or it has no digit. One loop for {@link #number} and for the row
     * readers that read each value as they split the line ({@link IostatLayout#plainValues}, {@link SarRow}).
     */
    static int plain(String s, int from, int n, double[] into, int slot) {
        int i = from;
        boolean negative = false;
        if (i < n && (s.charAt(i) == '-' || s.charAt(i) == '+')) {
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
            } else if (Tokens.isBlank(c)) {
                break;
            } else {
                return -1;
            }
        }
        if (digits == 0) {
            return -1;
        }
        into[slot] = value(mantissa, scale, dropped, negative);
        return i;
    }

    /**
     * The number of {@code mantissa} digits, {@code scale} of them after the point (-1: no point),
     * with {@code dropped} integer digits past them.
     */
    static double value(long mantissa, int scale, int dropped, boolean negative) {
        double v = dropped > 0 ? mantissa * Math.pow(10, dropped) : mantissa;
        if (scale > 0) {
            v = v / POW10[scale];
        }
        return negative ? -v : v;
    }

    private static final double[] POW10 = {1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
        1e13, 1e14, 1e15, 1e16, 1e17, 1e18};

    /** sysstat's --human size units (common.c {@code units[]}): powers of 1024 from bytes; {@code k} is a kB. */
    private static final String SIZE_UNITS = "BkMGTP";

    /**
     * A value as sysstat's --human prints it ({@code iostat -h}, {@code sar -h}): {@code 222.1k},
     * {@code 1.5G}, {@code 0.0k} (sizes: sysstat's cprintf_unit divides by 1024 per unit, k being
     * the kB) or {@code 10.3%}; returned in the unit of its column, {@code kBScale} being how many
     * of that unit make a kB (1 for kB, 1/1024 for MB, 2 for 512-byte sectors); a plain number as
     * {@link #number}. NaN when it is none of these.
     */
    static double human(String s, int from, int to, double kBScale) {
        double plain = number(s, from, to);
        if (!Double.isNaN(plain) || to - from < 2) {
            return plain;
        }
        char unit = s.charAt(to - 1);
        double v = number(s, from, to - 1);
        if (unit == '%' || Double.isNaN(v)) {
            return v;
        }
        int power = SIZE_UNITS.indexOf(unit);
        return power < 0 ? Double.NaN : v * Math.pow(1024, power - 1) * kBScale;
    }

    static double human(String s, double kBScale) {
        return human(s, 0, s.length(), kBScale);
    }

    /**
     * How many of a column's unit make a kB, for {@link #human}: sysstat prints every size of -h in
     * kB-based units whatever the column says ({@code rMB/s}, {@code rsec/s}, {@code Blk_read/s}).
     */
    static double kBScale(String column) {
        if (column.contains("MB")) {
            return 1.0 / 1024;
        }
        if (column.contains("GB")) {
            return 1.0 / (1024 * 1024);
        }
        return column.contains("sec") || column.startsWith("Blk_") || column.equals("avgrq-sz") ? 2 : 1;
    }

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
