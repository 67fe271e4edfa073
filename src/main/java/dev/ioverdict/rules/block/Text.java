package dev.ioverdict.rules.block;

import dev.ioverdict.model.block.Phase;
import java.util.Locale;

/** How the block rules write figures into findings: seconds with a readable unit, Locale.ROOT. */
final class Text {
    private Text() {
    }

    static String sec(Double s) {
        if (s == null || !Double.isFinite(s)) {
            return "n/a";
        }
        double a = Math.abs(s);
        if (a < 1e-3) {
            return String.format(Locale.ROOT, "%.1f \u00b5s", s * 1e6);
        }
        if (a < 1) {
            return String.format(Locale.ROOT, "%.2f ms", s * 1e3);
        }
        return String.format(Locale.ROOT, "%.3f s", s);
    }

    static String pct(double v) {
        return String.format(Locale.ROOT, "%.1f %%", v);
    }

    static String num(double v) {
        return v == Math.rint(v) ? String.format(Locale.ROOT, "%,d", (long) v) : String.format(Locale.ROOT, "%.3g", v);
    }

    /** Seconds rounded to the microsecond, for metrics. */
    static double round(double seconds) {
        return Math.round(seconds * 1e6) / 1e6;
    }
}
