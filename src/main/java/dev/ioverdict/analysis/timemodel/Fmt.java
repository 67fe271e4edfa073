package dev.ioverdict.analysis.timemodel;

import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Unit;

/** Figures in the model's method texts, as the report prints them elsewhere. */
final class Fmt {
    private Fmt() {
    }

    static String seconds(double s) {
        return Figures.format(Unit.SECONDS, s);
    }

    static String bytes(double b) {
        return Figures.bytes(b);
    }
}
