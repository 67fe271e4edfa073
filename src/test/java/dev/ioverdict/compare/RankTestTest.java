package dev.ioverdict.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.apache.commons.statistics.inference.ContinuityCorrection;
import org.apache.commons.statistics.inference.MannWhitneyUTest;
import org.apache.commons.statistics.inference.PValueMethod;
import org.junit.jupiter.api.Test;

/** The counted-values Mann-Whitney against Commons Statistics' on the raw samples, with and without ties. */
class RankTestTest {
    /** The same test as ours: normal approximation, tie correction, no continuity correction. */
    private static final MannWhitneyUTest LIBRARY = MannWhitneyUTest.withDefaults()
            .with(PValueMethod.ASYMPTOTIC).with(ContinuityCorrection.DISABLED);

    @Test
    void agreesWithTheLibraryOnRawSamples() {
        SplittableRandom r = new SplittableRandom(7);
        for (double shift : new double[] {0, 0.05, 0.2, 1}) {
            double[] x = new double[400];
            double[] y = new double[500];
            for (int i = 0; i < x.length; i++) {
                x[i] = Math.exp(r.nextGaussian());
            }
            for (int i = 0; i < y.length; i++) {
                y[i] = Math.exp(r.nextGaussian() + shift);
            }
            assertSameAsLibrary(x, y, "shift " + shift);
        }
    }

    /**
     * Latencies binned to 0.1 ms tie by the hundred; Commons Math 3.6.1's test had no tie correction
     * and could not serve as the oracle here, Commons Statistics' has it.
     */
    @Test
    void agreesWithTheLibraryOnManyTies() {
        SplittableRandom r = new SplittableRandom(11);
        for (double shift : new double[] {0, 0.1, 0.5}) {
            double[] x = new double[3000];
            double[] y = new double[2000];
            for (int i = 0; i < x.length; i++) {
                x[i] = Math.round(Math.exp(r.nextGaussian()) * 10) / 10.0;
            }
            for (int i = 0; i < y.length; i++) {
                y[i] = Math.round(Math.exp(r.nextGaussian() + shift) * 10) / 10.0;
            }
            assertSameAsLibrary(x, y, "tied, shift " + shift);
        }
    }

    private static void assertSameAsLibrary(double[] x, double[] y, String what) {
        RankTest.Result ours = RankTest.mannWhitney(Distribution.ofSamples(x, x.length, "t"),
                Distribution.ofSamples(y, y.length, "t"));
        MannWhitneyUTest.Result theirs = LIBRARY.test(x, y);
        assertEquals(theirs.getStatistic(), ours.u(), 1e-6, what);
        assertEquals(theirs.getPValue(), ours.p(), Math.max(1e-300, theirs.getPValue() * 1e-9), what);
    }

    @Test
    void identicalDistributionsAreNotSignificantAndTiesAreHandled() {
        double[] x = {1, 1, 1, 2, 2, 3};
        var d = Distribution.ofSamples(x, x.length, "t");
        assertEquals(1.0, RankTest.mannWhitney(d, d).p(), 1e-12);
        assertEquals(1.0, d.quantile(50));
        assertEquals(3.0, d.quantile(100));
        var allTied = Distribution.ofSamples(new double[] {5, 5, 5}, 3, "t");
        assertEquals(1.0, RankTest.mannWhitney(allTied, allTied).p());
        assertTrue(RankTest.mannWhitney(d, Distribution.ofSamples(new double[] {9, 9, 9, 8, 8, 7, 7, 9}, 8, "t")).p() < 0.01);
    }
}
