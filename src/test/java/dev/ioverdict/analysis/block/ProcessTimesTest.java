package dev.ioverdict.analysis.block;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ioverdict.analysis.LogHistogram;
import dev.ioverdict.model.block.BlockProcessTimes;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProcessTimesTest {
    @Test
    void flushesArePairedInOrderAndTheirQueueIsBounded() {
        ProcessTimes t = new ProcessTimes();
        t.flushIssued(1_000_000);
        t.flushIssued(2_000_000);
        t.flushCompleted(4_000_000);
        t.flushCompleted(7_000_000);
        t.flushCompleted(9_000_000); // no flush in flight: nothing to pair
        for (int i = 0; i < 3 * ProcessTimes.MAX_FLUSHES_IN_FLIGHT; i++) {
            t.flushIssued(10_000_000L + i);
        }
        assertEquals(ProcessTimes.MAX_FLUSHES_IN_FLIGHT, t.flushesInFlight());
        List<BlockProcessTimes.Flushes> flushes = new ArrayList<>();
        t.results("7,0", new LogHistogram(), new DispatchDepths(), new ArrayList<>(), flushes, new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        assertEquals(2, flushes.get(0).n());
        assertEquals(0.008, flushes.get(0).d2c(), 1e-12); // 3 ms + 5 ms
        assertEquals(0.005, flushes.get(0).maxD2c(), 1e-12);
    }
}
