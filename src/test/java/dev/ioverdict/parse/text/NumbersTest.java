package dev.ioverdict.parse.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class NumbersTest {

    @Test
    void decimalPlacesAreTheDoublesOfRepeatedDivisionByTen() {
        double scale = 0.1;
        for (int k = 0; k < 40; k++) {
            assertEquals(Double.doubleToLongBits(scale), Double.doubleToLongBits(Numbers.decimalPlace(k)), "place " + k);
            scale /= 10;
        }
    }

    @Test
    void decimalsWithPointOrCommaSignAndJunk() {
        assertEquals(0.000123, Numbers.parseDecimal("<0.000123>", 1, 9), 1e-15);
        assertEquals(-12.5, Numbers.parseDecimal("-12,5", 0, 5), 1e-15);
        assertTrue(Double.isNaN(Numbers.parseDecimal("1.2x", 0, 4)));
        assertTrue(Double.isNaN(Numbers.parseDecimal(".", 0, 1)));
    }

    @Test
    void aLeadingTimeStampInSecondsEndsAtTheSpaceAfterIt() {
        assertEquals(10, Numbers.secondsEnd("  0.000482 cpu=1 pid=6108", 2)); // LinuxKI kitrace
        assertEquals(8, Numbers.secondsEnd("1234.567 ( 0.004 ms): fio/4242 pwrite64(...)", 0)); // perf trace
        assertEquals(-1, Numbers.secondsEnd("1234 cpu=1", 0)); // no fraction: not a time stamp
        assertEquals(-1, Numbers.secondsEnd("0.5", 0)); // nothing after it
        assertEquals(-1, Numbers.secondsEnd("0.5x ", 0));
        assertEquals(-1, Numbers.secondsEnd(" 0.5 ", 0)); // starts at a blank
    }

    @Test
    void digitsAreAsciiDigitsOnly() {
        assertTrue(Numbers.isDigits("0123"));
        assertTrue(Numbers.isDigits("8,0", 2, 3));
        assertFalse(Numbers.isDigits(""));
        assertFalse(Numbers.isDigits("12a"));
        assertFalse(Numbers.isDigits("\u0661\u0662"), "Arabic-Indic digits are no numbers in a tool's output");
    }
}
