package dev.ioverdict.compare;

import dev.ioverdict.compare.Metric.Better;
import dev.ioverdict.model.iostat.ColumnMeaning;

/** An iostat column's meaning ({@link ColumnMeaning}) in compare's terms. */
final class IostatColumns {
    private IostatColumns() {
    }

    static Better better(String column) {
        return switch (ColumnMeaning.better(column)) {
            case LOWER -> Better.LOWER;
            case HIGHER -> Better.HIGHER;
            case NEITHER -> Better.NEITHER;
        };
    }

    /** Latency columns: headline figures (what a request waits). */
    static boolean latency(String column) {
        return ColumnMeaning.latency(column);
    }

    static String unit(String column) {
        return ColumnMeaning.unit(column);
    }
}
