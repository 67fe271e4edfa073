package dev.ioverdict.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/** The histogram of every block phase and syscall latency, against exact percentiles of random values. */
class LogHistogramTest {
    @Property(tries = 30)
    void logHistogramPercentilesWithinATenthOfAPercent(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long seed) {
        Random r = new Random(seed);
        LogHistogram h = new LogHistogram();
        long[] values = new long[5000];
        for (int i = 0; i < values.length; i++) {
            values[i] = 1 + (long) Math.exp(r.nextDouble() * 25);
            h.record(values[i]);
        }
        java.util.Arrays.sort(values);
        for (double p : new double[] {1, 50, 95, 99, 100}) {
            long exact = values[(int) Math.ceil(p / 100 * values.length) - 1];
            long got = h.percentile(p);
            assertTrue(got >= exact && got <= exact + exact / 1000 + 1, p + ": " + exact + " vs " + got);
        }
        assertEquals(values[values.length - 1], h.max());
    }

    @Test
    void logHistogramCountsPastWhatABinHolds() {
        LogHistogram h = new LogHistogram();
        LogHistogram other = new LogHistogram();
        int many = 3 * LogHistogram.BIN_LIMIT + 7;
        for (int i = 0; i < many; i++) {
            h.record(5_000);
            other.record(5_000);
        }
        h.record(9_000);
        h.add(other);
        h.add(other);
        List<long[]> bins = new ArrayList<>();
        h.forEachBin((lowest, count) -> bins.add(new long[] {lowest, count}));
        assertEquals(2, bins.size());
        assertEquals(3L * many, bins.get(0)[1]);
        assertEquals(1, bins.get(1)[1]);
        assertEquals(3L * many + 1, h.total());
        assertEquals(5_003, h.percentile(75)); // the highest value of the bin of 5000 (4 ns wide there)
        assertEquals(9_000, h.percentile(100));
        assertEquals(9_000, h.max());
    }

    @Test
    void logHistogramBinsTileTheNumbers() {
        long previousHigh = -1;
        for (int i = 0; i < 40_000; i++) {
            assertEquals(previousHigh + 1, LogHistogram.lowest(i));
            assertEquals(i, LogHistogram.index(LogHistogram.lowest(i)));
            assertEquals(i, LogHistogram.index(LogHistogram.highest(i)));
            previousHigh = LogHistogram.highest(i);
        }
    }
}
