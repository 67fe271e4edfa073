package dev.ioverdict.analysis.block;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** btt's arithmetic, reproduced to the last printed digit. */
final class Btt {
    static final long NS_PER_S = 1_000_000_000L;

    private Btt() {
    }

    /** btt's BIT_TIME: whole seconds and nanoseconds converted apart, then added. */
    static double bitTime(long ns) {
        return (double) (ns / NS_PER_S) + (double) (ns % NS_PER_S) / 1.0e9;
    }

    /**
     * Nanoseconds as seconds: the double nearest to the exact value, so it prints as the
     * nanoseconds it is (BIT_TIME may be one ulp off, which only shows past the 9th decimal).
     */
    static double seconds(long ns) {
        return ns / 1e9;
    }

    /** btt's tdelta: a zero or negative delta counts as 1 ns. */
    static long delta(long from, long to) {
        return from < to ? to - from : 1;
    }

    /** btt's majors for md (9) and device-mapper (253, 254), whose figures it keeps apart. */
    static boolean remapper(int major) {
        return major == 9 || major == 253 || major == 254;
    }

    /**
     * {@code value} as printf("%.Nf") prints it (the double's exact binary value, ties to even),
     * read back: the report then holds the very figure btt shows.
     */
    static double round(double value, int decimals) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return value;
        }
        return new BigDecimal(value).setScale(decimals, RoundingMode.HALF_EVEN).doubleValue();
    }
}
