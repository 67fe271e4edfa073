package dev.ioverdict.compare;

import java.util.Locale;

/** Figures as the comparison prints them: seconds scaled to s, ms or µs with three significant digits. */
final class Values {
    private Values() {
    }

    static String show(Double v, String unit) {
        if (v == null) {
            return "-";
        }
        if ("s".equals(unit)) {
            double a = Math.abs(v);
            if (a >= 1) {
                return sig(v) + " s";
            }
            if (a >= 1e-3) {
                return sig(v * 1e3) + " ms";
            }
            return sig(v * 1e6) + " µs";
        }
        String u = switch (unit == null ? "" : unit) {
            case "", "ratio" -> "";
            case "%", Metric.POINTS -> " %";
            case "/s" -> "/s";
            default -> " " + unit;
        };
        return sig(v) + u;
    }

    /** A change in percentage points, signed: "+96.0 pp". */
    static String points(double v) {
        return String.format(Locale.ROOT, "%+.1f pp", v);
    }

    private static String sig(double v) {
        double a = Math.abs(v);
        if (a == 0) {
            return "0";
        }
        if (a >= 100) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (a >= 10) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        if (a >= 1) {
            return String.format(Locale.ROOT, "%.2f", v);
        }
        return String.format(Locale.ROOT, "%.3g", v);
    }
}
