package dev.ioverdict.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A change that makes reads faster and writes slower by about as much: whatever the device's Q2C
 * over all I/Os does, the reads and writes as subjects of their own show both changes, and the
 * writes' is a regression.
 */
class DirectionsTest {

    @Test
    void readsBetterWritesWorseIsMixedNotAveragedAway() throws Exception {
        Side before = side("before", 1.0e-3, 1.0e-3, 1);
        Side after = side("after", 0.6e-3, 1.4e-3, 2);
        Comparison c = Compare.of(before, after);
        Metric all = metric(c, "sda (8,0)", "Q2C median");
        Metric reads = metric(c, "sda (8,0) reads", "Q2C median");
        Metric writes = metric(c, "sda (8,0) writes", "Q2C median");
        assertEquals("better", reads.change(), reads.toString());
        assertEquals("worse", writes.change(), writes.toString());
        assertTrue(reads.headline() && writes.headline());
        assertEquals("mixed", c.outcome(), c.verdict() + " / all I/O: " + all);
        assertTrue(c.regressions().stream().anyMatch(r -> r.contains("writes")), c.regressions().toString());
    }

    private static Metric metric(Comparison c, String subject, String name) {
        return c.metrics().stream().filter(m -> m.subject().equals(subject) && m.metric().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError(subject + " " + name + " in " + c.metrics()));
    }

    /** 2000 reads and 2000 writes, each lognormal around its median; the device's Q2C is both together. */
    private static Side side(String label, double readMedian, double writeMedian, long seed) throws Exception {
        Random r = new Random(seed);
        double[] reads = lognormal(r, readMedian, 2000);
        double[] writes = lognormal(r, writeMedian, 2000);
        double[] both = new double[4000];
        System.arraycopy(reads, 0, both, 0, 2000);
        System.arraycopy(writes, 0, both, 2000, 2000);
        Distribution all = Distribution.ofSamples(both, both.length, "every I/O");
        Map<String, Distribution> phases = new LinkedHashMap<>();
        phases.put("8,0|Q2C", all);
        phases.put("8,0|Q2C|reads", Distribution.ofSamples(reads, 2000, "every I/O"));
        phases.put("8,0|Q2C|writes", Distribution.ofSamples(writes, 2000, "every I/O"));
        dev.ioverdict.report.model.Report report = Side.read("""
                {"block": {"devices": [{"device": "8,0", "source": "blkparse",
                  "phases": {"Q2C": {"n": 4000, "avg": %s, "p50": %s, "p95": %s}}, "overheadPct": {}}]},
                 "config": {"devices": [{"device": "sda", "majMin": "8:0", "settings": {}}]}, "findings": []}
                """.formatted(all.mean(), all.quantile(50), all.quantile(95)));
        return new Side(label, label, label, "bundle", report, phases, Map.of(), List.of());
    }

    private static double[] lognormal(Random r, double median, int n) {
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = median * Math.exp(0.3 * r.nextGaussian());
        }
        return out;
    }
}
