package dev.ioverdict.analysis.timemodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.block.BlockInput;
import dev.ioverdict.model.block.RequestTimes;
import dev.ioverdict.model.timemodel.Part;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The per-I/O match on requests whose times are known to the nanosecond, so that each instant's
 * owner can be checked by hand. (The real captures are matched in TimeModelCapturesTest.)
 */
class PerIoMatchTest {
    private static final long MS = 1_000_000L;

    /** One request per row: pid, flags, Q, got, D, C in ms. */
    private static RequestTimes log(String source, long[]... rows) {
        int n = rows.length;
        int[] pid = new int[n];
        int[] comm = new int[n];
        short[] device = new short[n];
        byte[] flags = new byte[n];
        long[] q = new long[n];
        long[] g = new long[n];
        long[] d = new long[n];
        long[] c = new long[n];
        long last = 0;
        for (int i = 0; i < n; i++) {
            pid[i] = (int) rows[i][0];
            flags[i] = (byte) rows[i][1];
            comm[i] = rows[i][0] == 99 ? 1 : 0;
            q[i] = rows[i][2] * MS;
            g[i] = rows[i][3] * MS;
            d[i] = rows[i][4] * MS;
            c[i] = rows[i][5] * MS;
            last = Math.max(last, c[i]);
        }
        return new RequestTimes(source, List.of("perf-block.txt"), List.of("7,0"), List.of("fio", "kworker/0:1H"), n,
                pid, comm, device, flags, q, g, d, c, true, 0, last + 30 * MS);
    }

    private static TimeModelAnalysis.Group group(WaitClass kind, double[]... calls) {
        TimeModelAnalysis.Group g = new TimeModelAnalysis.Group("fio");
        g.pids.add(10);
        ApplicationWaits.Process view = new ApplicationWaits.Process("perf-script", "perf-syscalls.txt", 10, "fio");
        for (double[] call : calls) {
            view.time(call[0] / 1000, call[1] / 1000, kind);
        }
        g.chosenFor.put(kind, List.of(view));
        return g;
    }

    private static double ms(PerIoMatch.Result r, Part part, String direction) {
        return 1000 * r.seconds().entrySet().stream()
                .filter(e -> e.getKey().part() == part && java.util.Objects.equals(e.getKey().direction(), direction))
                .mapToDouble(Map.Entry::getValue).sum();
    }

    @Test
    void eachInstantOfASynchronousReadGoesToThePhaseItsRequestWasIn() {
        RequestTimes log = log(BlockInput.PERF_SCRIPT, new long[] {10, RequestTimes.READ, 1, 2, 3, 9});
        PerIoMatch.Result r = new PerIoMatch(log).match(group(WaitClass.READ, new double[] {0, 10}), false);
        assertEquals(1, r.calls());
        assertEquals(10, 1000 * r.matched(WaitClass.READ), 1e-9);
        assertEquals(1, ms(r, Part.TAG_WAIT, "read"), 1e-9);
        assertEquals(1, ms(r, Part.SCHEDULER, "read"), 1e-9);
        assertEquals(6, ms(r, Part.DEVICE, "read"), 1e-9);
        // before its Q and after its C: the call's own path (the page-cache copy, CPU), not the block layer
        assertEquals(2, ms(r, Part.SUBMISSION, "read"), 1e-9);
    }

    @Test
    void aWaitForCompletionsIsSharedByItsRequestsInFlight() {
        // two requests in flight from 5 to 8 ms: each has half of those instants; then the write alone
        RequestTimes log = log(BlockInput.PERF_SCRIPT,
                new long[] {10, RequestTimes.WRITE, 0, 0, 1, 20},
                new long[] {10, RequestTimes.READ, 2, 2, 4, 8});
        PerIoMatch.Result r = new PerIoMatch(log).match(group(WaitClass.COMPLETE, new double[] {5, 20}), false);
        assertEquals(1.5, ms(r, Part.DEVICE, "read"), 1e-9);
        assertEquals(13.5, ms(r, Part.DEVICE, "write"), 1e-9);
    }

    @Test
    void aDeepQueueHeldByTheSchedulerIsTheSchedulersWait() {
        // four writes held 18 ms by the scheduler, then 2 ms in the device, one after another: the request
        // to complete first is always the one in the device, yet the writer's throughput is set by the 18 ms
        RequestTimes log = log(BlockInput.PERF_SCRIPT,
                new long[] {10, RequestTimes.WRITE, 0, 0, 18, 20},
                new long[] {10, RequestTimes.WRITE, 2, 2, 20, 22},
                new long[] {10, RequestTimes.WRITE, 4, 4, 22, 24},
                new long[] {10, RequestTimes.WRITE, 6, 6, 24, 26});
        PerIoMatch.Result r = new PerIoMatch(log).match(group(WaitClass.COMPLETE, new double[] {0, 26}), false);
        assertEquals(26, ms(r, Part.SCHEDULER, "write") + ms(r, Part.DEVICE, "write"), 1e-9);
        assertTrue(ms(r, Part.SCHEDULER, "write") > 3 * ms(r, Part.DEVICE, "write"),
                ms(r, Part.SCHEDULER, "write") + " ms scheduler, " + ms(r, Part.DEVICE, "write") + " ms device");
    }

    @Test
    void aProcessWaitsForItsOwnRequestsNotItsSiblingsOfTheSameCommand() {
        // a reader (pid 11) and a writer (pid 10) of one command: the writer's wait is its own slow write's,
        // not the reader's quick reads completing first
        RequestTimes log = log(BlockInput.PERF_SCRIPT,
                new long[] {10, RequestTimes.WRITE, 0, 0, 9, 10},
                new long[] {11, RequestTimes.READ, 1, 1, 1, 3},
                new long[] {11, RequestTimes.READ, 4, 4, 4, 6});
        TimeModelAnalysis.Group g = group(WaitClass.COMPLETE, new double[] {0, 10});
        g.pids.add(11);
        PerIoMatch.Result r = new PerIoMatch(log).match(g, false);
        assertEquals(0, ms(r, Part.DEVICE, "read"), 1e-9);
        assertEquals(9, ms(r, Part.SCHEDULER, "write"), 1e-9);
        assertEquals(1, ms(r, Part.DEVICE, "write"), 1e-9);
    }

    @Test
    void anFsyncWaitsForTheCacheFlushesAndJournalWritesOfTheKernel() {
        RequestTimes log = log(BlockInput.PERF_SCRIPT,
                new long[] {10, RequestTimes.WRITE, 0, 0, 0, 4},
                new long[] {99, RequestTimes.WRITE | RequestTimes.FLUSH, 4, 4, 4, 10});
        PerIoMatch.Result r = new PerIoMatch(log).match(group(WaitClass.SYNC, new double[] {0, 10}), false);
        assertEquals(4, ms(r, Part.DEVICE, "write"), 1e-9);
        assertEquals(6, ms(r, Part.FLUSH, "write"), 1e-9);
    }

    @Test
    void callsOnAnotherClockOrOutsideTheTraceAreLeftToTheEstimate() {
        RequestTimes blkparse = log(BlockInput.BLKPARSE, new long[] {10, RequestTimes.READ, 1, 2, 3, 9});
        assertFalse(new PerIoMatch(blkparse).match(group(WaitClass.READ, new double[] {0, 10}), false).any(),
                "blkparse counts from its own start: perf's calls are not on its clock");
        RequestTimes perf = log(BlockInput.PERF_SCRIPT, new long[] {10, RequestTimes.READ, 1, 2, 3, 9});
        PerIoMatch.Result r = new PerIoMatch(perf).match(group(WaitClass.READ, new double[] {0, 10},
                new double[] {50, 60}), false);
        assertEquals(1, r.calls());
        assertEquals(2, r.offered());
        assertTrue(r.any());
    }

    @Test
    void anOsyncWriteWaitsForItsDataWriteThenTheFlush() {
        RequestTimes log = log(BlockInput.PERF_SCRIPT,
                new long[] {10, RequestTimes.WRITE, 1, 1, 1, 5},
                new long[] {99, RequestTimes.WRITE | RequestTimes.FLUSH, 0, 0, 0, 9});
        PerIoMatch.Result r = new PerIoMatch(log).match(group(WaitClass.WRITE, new double[] {0, 10}), false);
        // the kernel's flush was in flight all along, but the write waited for its own data first
        assertEquals(4, ms(r, Part.DEVICE, "write"), 1e-9);
        assertEquals(5, ms(r, Part.FLUSH, "write"), 1e-9);
        assertEquals(1, ms(r, Part.SUBMISSION, "write"), 1e-9);
    }

    @Test
    void bufferedWritesAreNotMatched() {
        RequestTimes log = log(BlockInput.PERF_SCRIPT, new long[] {10, RequestTimes.WRITE, 1, 2, 3, 9});
        assertFalse(new PerIoMatch(log).match(group(WaitClass.WRITE, new double[] {0, 10}), true).any());
    }
}
