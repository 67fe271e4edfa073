package dev.ioverdict.rules.disk;

import static dev.ioverdict.rules.disk.DiskSaturationRuleTest.findings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Severity;
import dev.ioverdict.rules.RuleCatalogue;
import dev.ioverdict.testing.RuleHarness;
import dev.ioverdict.testing.TestData;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class QueueWaitRuleTest {
    @Test
    void solarisPercentWaitOfSeed003() {
        List<Finding> fs = findings("iostat-solaris-seed003", "queue-wait", Map.of());
        assertEquals(1, fs.size());
        Finding f = fs.get(0);
        assertEquals(Severity.WARNING, f.severity());
        assertEquals("sd0", f.metrics().get("device"));
        assertEquals(33.0, f.metrics().get("maxWaitPct"));
        assertEquals(0.0532, (double) f.metrics().get("avgWait"), 0.00005, "svc_t x wait / (wait + actv) = 1246.4 x 7.5 / 175.7");
        assertEquals("iostat-x-mkfile-maxcontig6.txt:3", f.evidence().get(1).location());
        assertTrue(findings("iostat-solaris-seed003", "queue-wait", Map.of("queue-wait.wait_pct", "40")).isEmpty());
    }

    @Test
    void linuxQueueBehindASerialDevice() {
        Finding f = findings("iostat-linux-queue-no-timestamps", "queue-wait", Map.of()).get(0);
        assertEquals("loop0", f.metrics().get("device"));
        assertEquals(8.03, (double) f.metrics().get("maxQueue"), 1e-9);
        assertEquals("report 3", f.metrics().get("firstTime"));
        assertEquals(7L, f.metrics().get("reports"));
    }

    @Test
    void aQueueAsDeepAsTheDevicesParallelismIsNoWait() {
        assertTrue(findings("iostat-linux-busy-parallel-iso", "queue-wait", Map.of()).isEmpty());
        assertTrue(findings("iostat-linux-saturated", "queue-wait", Map.of("queue-wait.aqu_sz", "100")).isEmpty());
    }

    @Test
    void aBlockTraceOfTheDeviceSaysWhatARequestTakesUnqueuedWhereIostatCannot() {
        // eight threads on a disk serving four at once: iostat alone would take one request in service and call
        // 12.3 ms of each 14.4 ms waiting; the trace's reads into the near-empty device took 7.6 ms
        java.nio.file.Path bundle = TestData.bundle("grid/psync-readers-8ms-j8-s4-hdd").resolve("bundle");
        List<Finding> alone = RuleHarness.files(RuleCatalogue.byId("queue-wait").orElseThrow(),
                bundle.resolve("iostat-x.txt"), bundle.resolve("lsblk.txt"));
        assertEquals(0.0123, (double) alone.get(0).metrics().get("avgWait"), 0.0002);
        Finding f = RuleHarness.files(RuleCatalogue.byId("queue-wait").orElseThrow(), bundle.resolve("iostat-x.txt"),
                bundle.resolve("lsblk.txt"), bundle.resolve("perf-block.txt")).get(0);
        assertEquals(0.0068, (double) f.metrics().get("avgWait"), 0.0002);
        assertEquals(44, (double) f.metrics().get("ofDeviceTimePct"), 2);
        assertTrue(f.summary().contains("took 7.59 ms, the rest waited inside it for a free slot"), f.summary());
        assertTrue(f.recommendation().startsWith("Lower the number of requests the application keeps outstanding on "
                + "loop0"), f.recommendation());
    }
}
