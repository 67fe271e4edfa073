package dev.ioverdict.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class FiguresTest {
    @Test
    void durationsInAnAdaptiveUnitWithThreeSignificantDigits() {
        assertEquals("350 ns", Figures.duration(350e-9));
        assertEquals("19.5 \u00b5s", Figures.duration(19.5e-6));
        assertEquals("1 ms", Figures.duration(0.9997e-3).replace(".00", ""));
        assertEquals("1.00 ms", Figures.duration(0.9997e-3));
        assertEquals("1.20 ms", Figures.duration(0.0011967));
        assertEquals("73.8 ms", Figures.duration(0.073816168));
        assertEquals("995 ms", Figures.duration(0.995326));
        assertEquals("1.31 s", Figures.duration(1.313263135));
        assertEquals("20.0 ms", Figures.duration(0.020));
        assertEquals("12.5 min", Figures.duration(750.0));
        assertEquals("0 s", Figures.duration(0.0));
        assertEquals(Figures.NONE, Figures.duration(null));
        assertEquals(Figures.NONE, Figures.duration(Double.NaN));
    }

    @Test
    void countsAreGroupedIdentifiersAreNot() {
        assertEquals("10,025", Figures.count(10025.0));
        assertEquals("10,025", Figures.count(10025L));
        assertEquals("19468", Figures.format(Unit.ID, 19468.0));
        assertEquals("8.03", Figures.count(8.0349));
    }

    @Test
    void percentSizesRatesAndFactors() {
        assertEquals("97.8%", Figures.percent(97.8223));
        assertEquals("0.0276%", Figures.percent(0.0276));
        assertEquals("100%", Figures.percent(99.9991));
        assertEquals("4 KiB", Figures.bytes(4096.0));
        assertEquals("137 KiB", Figures.bytes(140288.0));
        assertEquals("512 B", Figures.bytes(512.0));
        assertEquals("1,234/s", Figures.rate(1234.4));
        assertEquals("12.5/s", Figures.rate(12.49));
        assertEquals("20\u00d7", Figures.factor(20.0));
    }

    /** The progress line's and the batch's styles live here too: the cli formats no figure itself. */
    @Test
    void elapsedTimesAndProgressSizes() {
        assertEquals("5 s", Figures.elapsed(4.6));
        assertEquals("1 min 20 s", Figures.elapsed(80));
        assertEquals("5 h 52 min", Figures.elapsed(5 * 3600 + 52 * 60 + 10));
        assertEquals("50.0 MiB", Figures.progressBytes(50L << 20));
        assertEquals("1.50 GiB", Figures.progressBytes(3L << 29));
        assertEquals("12 MiB", Figures.bytes((double) (12L << 20)));
    }
}
