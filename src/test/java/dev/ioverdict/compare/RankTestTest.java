package dev.ioverdict.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.apache.commons.math3.stat.inference.MannWhitneyUTest;
import org.junit.jupiter.api.Test;

/** The counted-values Mann-Whitney against Commons Math's on raw samples (its p has no tie correction: no ties here). */
class RankTestTest {
    @Test
    void agreesWithCommonsMathOnRawSamples() {
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
            double ours = RankTest.mannWhitney(Distribution.ofSamples(x, x.length, "t"),
                    Distribution.ofSamples(y, y.length, "t")).p();
            double theirs = new MannWhitneyUTest().mannWhitneyUTest(x, y);
            assertEquals(theirs, ours, Math.max(1e-12, theirs * 1e-6), "shift " + shift);
        }
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
