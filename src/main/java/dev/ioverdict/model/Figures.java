package dev.ioverdict.model;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * The one way ioverdict writes a figure for people, in rule texts and in every view of the report:
 * three significant digits in an adaptive unit ("812 µs", "1.31 s", "97.8%", "137 KiB"), whole
 * counts grouped by thousands ("10,025"), identifiers never grouped, Locale.ROOT always, so a
 * report reads the same on every machine. Missing or non-finite values print as an en dash.
 */
public final class Figures {
    public static final String NONE = "\u2013";

    private static final String[] BINARY = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};

    private Figures() {
    }

    public static String format(Unit unit, Double value) {
        if (value == null || !Double.isFinite(value)) {
            return NONE;
        }
        return switch (unit) {
            case SECONDS -> duration(value);
            case BYTES -> bytes(value);
            case PERCENT -> percent(value);
            case COUNT -> count(value);
            case FACTOR -> factor(value);
            case PER_SECOND -> rate(value);
            case BYTES_PER_SECOND -> bytes(value) + "/s";
            case ID, TIME, TEXT -> id(value);
        };
    }

    /** Seconds in the unit that keeps three significant digits readable: 350 ns, 19.5 µs, 1.31 s, 2.50 min. */
    public static String duration(Double seconds) {
        return duration(seconds, true);
    }

    /** A round duration such as a bucket bound or a limit, without trailing zeros: 2 ms, 500 µs, 10 s. */
    public static String roundDuration(Double seconds) {
        return duration(seconds, false);
    }

    private static String duration(Double seconds, boolean keepZeros) {
        if (seconds == null || !Double.isFinite(seconds)) {
            return NONE;
        }
        double a = Math.abs(seconds);
        if (a == 0) {
            return "0 s";
        }
        // the unit is chosen on the rounded value, so 999.7 µs reads 1 ms, not 1000 µs
        double[] scale = {1e9, 1e6, 1e3, 1, 1.0 / 60, 1.0 / 3600};
        String[] name = {"ns", "\u00b5s", "ms", "s", "min", "h"};
        for (int i = 0; i < scale.length; i++) {
            double v = round3(seconds * scale[i]);
            double limit = i == 3 ? 600 : i == 4 ? 120 : 1000;
            if (Math.abs(v) < limit || i == scale.length - 1) {
                return (keepZeros ? significant(seconds * scale[i]) : plain(v)) + " " + name[i];
            }
        }
        throw new AssertionError();
    }

    /** Whole seconds as a clock reads them, for a time elapsed or left: 5 s, 1 min 20 s, 5 h 52 min. */
    public static String elapsed(double seconds) {
        long s = Math.round(seconds);
        if (s < 60) {
            return s + " s";
        }
        if (s < 3600) {
            return String.format(Locale.ROOT, "%d min %02d s", s / 60, s % 60);
        }
        return String.format(Locale.ROOT, "%d h %02d min", s / 3600, s / 60 % 60);
    }

    public static String percent(Double pct) {
        return pct == null || !Double.isFinite(pct) ? NONE : plain(round3(pct)) + "%";
    }

    /** Whole numbers grouped by thousands (10,025); fractions to three significant digits. */
    public static String count(Double n) {
        if (n == null || !Double.isFinite(n)) {
            return NONE;
        }
        if (n == Math.rint(n) && Math.abs(n) < 1e15) {
            return String.format(Locale.ROOT, "%,d", (long) (double) n);
        }
        return Math.abs(n) >= 1000 ? String.format(Locale.ROOT, "%,d", Math.round(n)) : plain(round3(n));
    }

    public static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** "1 I/O", "1,234 I/Os": a count with its noun in the number it takes. */
    public static String counted(long n, String one, String many) {
        return count(n) + " " + (n == 1 ? one : many);
    }

    public static String bytes(Double b) {
        if (b == null || !Double.isFinite(b)) {
            return NONE;
        }
        double v = b;
        int i = 0;
        while (Math.abs(round3(v)) >= 1024 && i < BINARY.length - 1) {
            v /= 1024;
            i++;
        }
        return plain(round3(v)) + " " + BINARY[i];
    }

    /** Bytes with one decimal (two from GiB on), so a progress line keeps its width: 50.0 MiB of 200.0 MiB. */
    public static String progressBytes(long n) {
        if (n < 1024) {
            return n + " B";
        }
        if (n < 1024 * 1024) {
            return String.format(Locale.ROOT, "%.1f KiB", n / 1024.0);
        }
        if (n < 1024L * 1024 * 1024) {
            return String.format(Locale.ROOT, "%.1f MiB", n / (1024.0 * 1024));
        }
        return String.format(Locale.ROOT, "%.2f GiB", n / (1024.0 * 1024 * 1024));
    }

    public static String rate(Double perSecond) {
        if (perSecond == null || !Double.isFinite(perSecond)) {
            return NONE;
        }
        return (Math.abs(perSecond) >= 1000 ? String.format(Locale.ROOT, "%,d", Math.round(perSecond))
                : plain(round3(perSecond))) + "/s";
    }

    public static String factor(Double x) {
        return x == null || !Double.isFinite(x) ? NONE : plain(round3(x)) + "\u00d7";
    }

    /** An identifier written as a number (pid, line): all its digits, no grouping. */
    public static String id(Double v) {
        if (v == null || !Double.isFinite(v)) {
            return NONE;
        }
        return v == Math.rint(v) && Math.abs(v) < 1e18 ? Long.toString((long) (double) v) : plain(v);
    }

    /**
     * A figure in the unit a comparison's column states ("s", "%", "pp", "/s", "ratio", or a tool's
     * own such as "kw/s"): seconds scaled to s, ms or µs, the rest with the decimals its size needs
     * (6743, 13.6, 7.50, 0.0276). compare and the periods of one bundle print figures the same way.
     */
    public static String inUnit(double v, String unit) {
        if (!Double.isFinite(v)) {
            return NONE;
        }
        if ("s".equals(unit)) {
            double a = Math.abs(v);
            return a >= 1 ? decimals(v) + " s" : a >= 1e-3 ? decimals(v * 1e3) + " ms" : decimals(v * 1e6) + " \u00b5s";
        }
        String u = switch (unit == null ? "" : unit) {
            case "", "ratio" -> "";
            case "%", "pp" -> " %";
            case "/s" -> "/s";
            default -> " " + unit;
        };
        return decimals(v) + u;
    }

    private static String decimals(double v) {
        double a = Math.abs(v);
        if (a == 0) {
            return "0";
        }
        return a >= 100 ? String.format(Locale.ROOT, "%.0f", v) : a >= 10 ? String.format(Locale.ROOT, "%.1f", v)
                : a >= 1 ? String.format(Locale.ROOT, "%.2f", v) : String.format(Locale.ROOT, "%.3g", v);
    }

    /** A number to three significant digits without a unit: for thresholds and sentences. */
    public static String number(double v) {
        if (!Double.isFinite(v)) {
            return NONE;
        }
        return Math.abs(v) >= 1000 && v == Math.rint(v) ? count(v) : plain(round3(v));
    }

    static double round3(double v) {
        if (v == 0 || !Double.isFinite(v)) {
            return v;
        }
        return new BigDecimal(v).round(new MathContext(3, RoundingMode.HALF_EVEN)).doubleValue();
    }

    /** Three significant digits, trailing zeros kept so a column of durations reads alike: 1.20, 20.0, 995. */
    private static String significant(double v) {
        BigDecimal rounded = new BigDecimal(v).round(new MathContext(3, RoundingMode.HALF_EVEN));
        int integerDigits = rounded.precision() - rounded.scale();
        return rounded.setScale(Math.max(0, 3 - integerDigits), RoundingMode.HALF_EVEN).toPlainString();
    }

    /** No exponent, no trailing zeros: 1.5, 20, 0.0276. */
    private static String plain(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }
}
