package dev.ioverdict.model.block;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class BlockProcessTimesTest {
    /**
     * The deepest level holds 32 others and more: a device holding ~120 (a restore at iodepth 128) had every request
     * there, and "fewer than 60 in it" counted them all as near-empty, so a full device looked as slow empty as full.
     */
    @Test
    void theLumpedDeepestLevelIsNotCountedBelowABoundPastIt() {
        var baseline = new BlockProcessTimes.Baseline("7,0", 110, 0.1, 0.1, List.of(
                new BlockProcessTimes.DepthLevel("read", 0, 2, 0.004),
                new BlockProcessTimes.DepthLevel("read", 5, 8, 0.08),
                new BlockProcessTimes.DepthLevel("read", BlockProcessTimes.DEEPEST_LEVEL, 100, 25.0)));
        assertEquals(10, baseline.dispatchedBelow("read", 60).n());
        assertEquals(0.0084, baseline.dispatchedBelow("read", 60).averageSeconds(), 1e-12);
        assertEquals(110, baseline.dispatched("read").n(), "every level counts when no bound is asked");
        assertEquals(2, baseline.dispatchedBelow("read", 1).n());
    }
}
