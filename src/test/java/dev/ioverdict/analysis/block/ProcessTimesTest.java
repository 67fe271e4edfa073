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

    @Test
    void anEmptyPreflushWaitsForTheFirstFlushIssuedAfterIt() {
        ProcessTimes t = new ProcessTimes();
        t.preflushQueued(100, "fio", 1_000_000);
        t.preflushQueued(200, "db", 1_500_000);
        t.flushIssued(2_000_000);
        t.preflushQueued(100, "fio", 3_000_000); // the flush in flight began before it: it waits for the next
        t.flushCompleted(6_000_000);
        t.flushIssued(6_500_000);
        t.flushCompleted(9_000_000);
        t.preflushQueued(100, "fio", 10_000_000); // no flush after it in the trace: never paired
        List<BlockProcessTimes.FlushWait> waits = new ArrayList<>();
        t.flushWaits("7,0", waits);
        assertEquals(List.of(new BlockProcessTimes.FlushWait("7,0", 100, "fio", 2, 0.011),
                new BlockProcessTimes.FlushWait("7,0", 200, "db", 1, 0.0045)), waits);
    }
}
