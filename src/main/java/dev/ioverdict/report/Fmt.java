package dev.ioverdict.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/**
 * Number formatting for templates ({@code ${fmt.sec(x)}}): Locale.ROOT always, so a report reads
 * the same on every machine; null and non-numbers print as an en dash.
 */
public final class Fmt {
    private static final String NONE = "\u2013";

    /** Seconds with an adaptive unit: 812 µs, 1.23 ms, 0.995 s. */
    public String sec(Object seconds) {
        Double s = number(seconds);
        if (s == null) {
            return NONE;
        }
        double a = Math.abs(s);
        if (a == 0) {
            return "0";
        }
        if (a < 1e-3) {
            return String.format(Locale.ROOT, "%.1f \u00b5s", s * 1e6);
        }
        if (a < 1) {
            return String.format(Locale.ROOT, "%.2f ms", s * 1e3);
        }
        return String.format(Locale.ROOT, "%.3f s", s);
    }

    /** Milliseconds given in milliseconds. */
    public String ms(Object millis) {
        Double m = number(millis);
        return m == null ? NONE : String.format(Locale.ROOT, "%.2f ms", m);
    }

    public String num(Object value, int decimals) {
        Double v = number(value);
        return v == null ? NONE : String.format(Locale.ROOT, "%,." + decimals + "f", v);
    }

    public String count(Object value) {
        Double v = number(value);
        return v == null ? NONE : String.format(Locale.ROOT, "%,d", Math.round(v));
    }

    public String pct(Object value) {
        Double v = number(value);
        return v == null ? NONE : String.format(Locale.ROOT, "%.1f%%", v);
    }

    /** Any value as text; numbers without spurious decimals. */
    public String any(Object value) {
        if (value == null) {
            return NONE;
        }
        if (value instanceof Number n) {
            double d = n.doubleValue();
            if (d == Math.rint(d) && Math.abs(d) < 1e15) {
                return String.format(Locale.ROOT, "%,d", (long) d);
            }
            // four significant digits, no trailing zeros: 68.12, 0.004400 -> 0.0044, 900.13 -> 900.1
            return new BigDecimal(d).round(new MathContext(4)).stripTrailingZeros().toPlainString();
        }
        return value.toString();
    }

    private static Double number(Object o) {
        if (o instanceof Number n) {
            double d = n.doubleValue();
            return Double.isFinite(d) ? d : null;
        }
        return null;
    }
}
