package dev.ioverdict.rules.disk;

import static dev.ioverdict.rules.disk.DiskSaturationRuleTest.findings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Severity;
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
}
