package dev.ioverdict.report;

import dev.ioverdict.model.Figures;
import java.util.Locale;

/**
 * Number formatting for templates ({@code ${fmt.sec(x)}}): the templates' door to
 * {@link Figures}, the one formatter every view and every rule text shares. Null and non-numbers
 * print as an en dash.
 */
public final class Fmt {
    private static final String NONE = Figures.NONE;

    /** Seconds with an adaptive unit and three significant digits: 812 µs, 1.23 ms, 995 ms. */
    public String sec(Object seconds) {
        return Figures.duration(number(seconds));
    }

    /** A fixed number of decimals, grouped by thousands (iostat's columns as printed). */
    public String num(Object value, int decimals) {
        Double v = number(value);
        return v == null ? NONE : String.format(Locale.ROOT, "%,." + decimals + "f", v);
    }

    /** A time stamp in the trace's own clock: all its digits, never grouped. */
    public String stamp(Object value, int decimals) {
        Double v = number(value);
        return v == null ? NONE : String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /**
     * A time of the capture as the case facts print it: ISO 8601 for seconds since the epoch (as
     * the source printed them), else the seconds of the source's own clock.
     */
    public String time(Object seconds) {
        Double v = number(seconds);
        return v == null ? NONE : Clocks.wall(v) ? Clocks.iso(v) : String.format(Locale.ROOT, "%.6f", v);
    }

    public String count(Object value) {
        return Figures.count(number(value));
    }

    public String pct(Object value) {
        return Figures.percent(number(value));
    }

    public String bytes(Object value) {
        return Figures.bytes(number(value));
    }

    /** Any value as text; numbers to three significant digits, whole ones grouped. */
    public String any(Object value) {
        if (value == null) {
            return NONE;
        }
        Double v = number(value);
        return v != null ? Figures.number(v) : value.toString();
    }

    private static Double number(Object o) {
        if (o instanceof Number n) {
            double d = n.doubleValue();
            return Double.isFinite(d) ? d : null;
        }
        return null;
    }
}
