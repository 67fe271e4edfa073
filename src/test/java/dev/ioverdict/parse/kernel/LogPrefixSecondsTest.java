package dev.ioverdict.parse.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/** The kernel's {@code [seconds.micros]} stamp is read to the very double {@link Double#parseDouble} gives. */
class LogPrefixSecondsTest {
    @Property(tries = 5000)
    void everyDecimalReadsAsParseDoubleReadsIt(@ForAll @LongRange(min = 0, max = 999_999_999_999_999_999L) long digits,
                                               @ForAll @IntRange(min = 0, max = 18) int places) {
        String whole = Long.toString(digits);
        String s = places == 0 || places >= whole.length() ? whole
                : whole.substring(0, whole.length() - places) + "." + whole.substring(whole.length() - places);
        assertEquals(Double.parseDouble(s), LogPrefix.seconds(s), s);
    }

    @Test
    void stampsAsTheKernelPrintsThem() {
        assertEquals(1108.791169, LogPrefix.seconds("1108.791169"));
        assertEquals(0.587112, LogPrefix.seconds("0.587112"));
        assertEquals(33713.705839, LogPrefix.seconds("33713.705839"));
        assertEquals(12.0, LogPrefix.seconds("12"));
        assertTrue(Double.isNaN(LogPrefix.seconds("12.")));
        assertTrue(Double.isNaN(LogPrefix.seconds(".5")));
        assertTrue(Double.isNaN(LogPrefix.seconds("1.2.3")));
        assertTrue(Double.isNaN(LogPrefix.seconds("1e5")));
    }
}
