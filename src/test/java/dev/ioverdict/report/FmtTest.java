package dev.ioverdict.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class FmtTest {
    private final Fmt fmt = new Fmt();

    @Test
    void anyPrintsIntegersGroupedAndFractionsWithThreeSignificantDigits() {
        assertEquals("126,424", fmt.any(126424L));
        assertEquals("68.1", fmt.any(68.12));
        assertEquals("900", fmt.any(900.13));
        assertEquals("0.0044", fmt.any(0.0044));
        assertEquals("\u2013", fmt.any(null));
        assertEquals("cfq", fmt.any("cfq"));
    }

    @Test
    void secondsChooseTheirUnit() {
        assertEquals("115 \u00b5s", fmt.sec(0.000115));
        assertEquals("995 ms", fmt.sec(0.995326));
        assertEquals("1.20 s", fmt.sec(1.2));
        assertEquals("\u2013", fmt.sec(Double.NaN));
    }

    @Test
    void timeStampsAreNeverGrouped() {
        assertEquals("1266874873.591958", fmt.stamp(1266874873.591958, 6));
    }
}
