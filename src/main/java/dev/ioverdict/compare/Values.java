package dev.ioverdict.compare;

import dev.ioverdict.model.Figures;
import java.util.Locale;

/** Figures as the comparison prints them ({@link Figures#inUnit}); a figure one side lacks is "-". */
final class Values {
    private Values() {
    }

    static String show(Double v, String unit) {
        return v == null ? "-" : Figures.inUnit(v, unit);
    }

    /** A change in percentage points, signed: "+96.0 pp". */
    static String points(double v) {
        return String.format(Locale.ROOT, "%+.1f pp", v);
    }
}
