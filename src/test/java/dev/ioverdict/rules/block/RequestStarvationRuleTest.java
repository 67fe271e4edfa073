package dev.ioverdict.rules.block;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.config.QueueSetting;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RequestStarvationRuleTest {
    private final RequestStarvationRule rule = new RequestStarvationRule();

    @Test
    void recordedQueueWithFourRequestsAndSixtyFourInFlight() throws Exception {
        var nr = new QueueSetting("loop0", "nr_requests", "4", "queue-settings.txt", 1,
                "/sys/block/loop0/queue/nr_requests: 4");
        List<Finding> fs = BlockCase.btt("perf-request-starvation", "oracle/btt.txt").with(nr).run(rule);
        assertEquals(1, fs.size());
        Finding f = fs.get(0);
        assertEquals(Severity.WARNING, f.severity());
        assertEquals("loop0", f.metrics().get("device"));
        assertEquals(66.6939, (Double) f.metrics().get("q2gG2iSharePct"), 1e-9);
        assertEquals("4", f.metrics().get("nrRequests"));
        assertTrue(f.evidence().stream().anyMatch(e -> e.location().equals("queue-settings.txt:1")));
        assertTrue(f.evidence().stream().anyMatch(e -> e.text().startsWith("Q2G ")), f.evidence().toString());
        assertTrue(f.recommendation().contains("echo 256 > /sys/block/loop0/queue/nr_requests (now 4)"), f.recommendation());
    }

    @Test
    void noFindingWithoutRequestWaits() throws Exception {
        assertTrue(BlockCase.btt("perf-healthy", "oracle/btt.txt").run(rule).isEmpty());
        assertTrue(BlockCase.btt("perf-scheduler-latency", "oracle/btt.txt").run(rule).isEmpty());
        assertTrue(BlockCase.btt("perf-device-latency", "oracle/btt.txt").run(rule).isEmpty());
        assertTrue(BlockCase.btt("seed-002-btt-scheduler", "bundle/btt.txt").run(rule).isEmpty());
        assertTrue(BlockCase.resource("blkgen-d2c-dominant-btt_A.txt").run(rule).isEmpty());
    }

    @Test
    void shareThresholdFromConfig() throws Exception {
        var c = BlockCase.btt("perf-request-starvation", "oracle/btt.txt");
        assertTrue(c.run(rule, Map.of("request-starvation.share_pct", "70")).isEmpty());
    }
}
