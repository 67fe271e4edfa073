package dev.ioverdict.analysis.syscall;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The syscall percentiles as HdrHistogram (3 digits) gave them before the block phases' histogram
 * took over: the highest value of the bin holding the sample of rank ceil(p/100 n), kept inside
 * [min, max]; checked against HdrHistogram 2.2.2 on 300 random sets when it was replaced.
 */
class LatencyTest {
    @Test
    void percentilesAreTheHighestValueOfTheBinInsideMinAndMax() {
        Latency l = new Latency(true);
        for (double s : new double[] {0.000_001, 0.000_002, 0.004_097, 0.004_097, 0.010, 0.5}) {
            l.add(s, false);
        }
        l.add(null, true);
        assertEquals(7, l.count);
        assertEquals(1, l.errors);
        // rank 3 of 6: 4,097,000 ns lies in the bin 4,096,000..4,098,047 (2^21..2^22 in 1024 bins of 2,048 ns)
        assertEquals(0.004_098_047, l.percentile(50), 1e-15);
        assertEquals(0.5, l.percentile(99), "the bin's top lies past the largest call: the largest call");
        assertEquals(6, l.buckets().stream().mapToLong(SyscallHistograms.Bucket::count).sum());
    }
}
