package dev.ioverdict.rules.wait;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Severity;
import dev.ioverdict.testing.RuleHarness;
import dev.ioverdict.testing.TestData;
import java.util.List;
import org.junit.jupiter.api.Test;

class CgroupIoLimitRuleTest {
    private final CgroupIoLimitRule rule = new CgroupIoLimitRule();

    /**
     * fio's reads (libaio, iodepth 4) in a blkio cgroup held to 100 reads a second on a 1 ms device: fio.out clat
     * 38.6 ms, iostat r_await 0.85 ms at 1 % busy and 100 r/s; in perf-block, kworkers queue the reads blk-throttle
     * held (RS). Before, the wait was 'not explained' and the report found no problem.
     */
    @Test
    void readsHeldByABlkioLimitAreQueuedByItsWorkerWhileTheDeviceIdles() {
        Finding f = only(RuleHarness.files(rule, TestData.gridFilesWithout("cgroup-read-iops100-1ms-ssd", "fio.out")));
        assertEquals(Severity.CRITICAL, f.severity());
        assertEquals("loop0", f.subject().id());
        assertTrue(f.title().startsWith("The reads of fio pid 9733 are held back above loop0"), f.title());
        assertTrue((double) f.metrics().get("heldSharePct") > 90, f.metrics().toString());
        // iostat's median report of the cut: about the limit
        double perSecond = (double) f.metrics().get("perSecond");
        assertTrue(perSecond >= 90 && perSecond <= 105, f.metrics().toString());
        assertTrue(f.summary().contains("answering its reads in 0.85 ms"), f.summary());
        assertTrue(f.evidence().stream().anyMatch(e -> e.input().equals("perf-block.txt")
                && e.text().contains("block:block_bio_queue: 7,0 RS") && e.text().contains("[kworker/")), f.evidence().toString());
        assertTrue(f.evidence().stream().anyMatch(e -> e.text().contains("sys_enter_io_getevents")), f.evidence().toString());
        assertTrue(f.recommendation().contains("io.max") && f.recommendation().contains("blkio.throttle.read_iops_device"),
                f.recommendation());
    }

    /** pread64 one at a time under a limit of 50 reads a second: each read over the budget sleeps in the call. */
    @Test
    void aSynchronousReaderHeldByTheLimitSleepsInItsReadCalls() {
        Finding f = only(RuleHarness.files(rule, TestData.gridFilesWithout("cgroup-pread-iops50-1ms-ssd", "fio.out")));
        assertTrue((double) f.metrics().get("heldSharePct") > 85, f.metrics().toString());
        assertTrue(f.evidence().stream().anyMatch(e -> e.text().contains("pread64")), f.evidence().toString());
    }

    /** Direct writes held to 50 a second: the workers queue them as WS, which writeback's W never is. */
    @Test
    void directWritesHeldByTheLimitAreTheWritesOfTheFinding() {
        Finding f = only(RuleHarness.files(rule, TestData.gridFilesWithout("cgroup-write-iops50-4ms-ssd", "fio.out")));
        assertTrue(f.title().startsWith("The writes of fio pid 11951"), f.title());
        assertTrue(f.summary().contains("answering its writes in"), f.summary());
    }

    /**
     * Kernel workers that are no throttle: requests a kworker first shows at their issue (kblockd dispatching, a cut
     * that starts mid-flight) beside a neighbour's load; the loop worker of a stacked device, which queues on the
     * device below the application's.
     */
    @Test
    void workersThatDispatchOrServeAStackedDeviceAreNoLimit() {
        assertEquals(List.of(), RuleHarness.files(rule, TestData.gridFilesWithout("noisy-neighbour-4ms", "fio.out")));
        assertEquals(List.of(), RuleHarness.files(rule, TestData.gridFilesWithout("stacked-loop-on-8ms", "fio.out")));
        assertEquals(List.of(), RuleHarness.files(rule, TestData.gridFilesWithout("dsync-write-4ms-ssd", "fio.out")));
    }

    private static Finding only(List<Finding> found) {
        assertEquals(1, found.size(), found.toString());
        return found.get(0);
    }
}
