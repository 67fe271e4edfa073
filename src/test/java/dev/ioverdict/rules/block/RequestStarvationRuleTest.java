package dev.ioverdict.rules.block;

import static dev.ioverdict.rules.block.BlockRuleFiles.btt;
import static dev.ioverdict.rules.block.BlockRuleFiles.bundleFile;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Severity;
import dev.ioverdict.testing.RuleHarness;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RequestStarvationRuleTest {
    private final RequestStarvationRule rule = new RequestStarvationRule();

    @Test
    void recordedQueueWithFourRequestsAndSixtyFourInFlight() {
        List<Finding> fs = RuleHarness.files(rule, btt("perf-request-starvation"),
                bundleFile("perf-request-starvation", "queue-settings.txt"));
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
    void aProcessAsleepForATagOnEveryCallIsStarvedHoweverShortEachWait() {
        // nr_requests 4 under iodepth 32: io_submit sleeps in blk_mq_get_tag on every call, 0.4 ms a request,
        // under btt's 1 ms, yet nearly all of fio's wait; the finding shows the line it crossed
        Finding f = RuleHarness.bundle(rule, "grid/tagwait-nr4-qd32-4ms", Map.of()).get(0);
        assertTrue(f.title().startsWith("fio pid 31230 waits for a free request on loop0"), f.title());
        assertTrue((Double) f.metrics().get("tagWaitSharePct") > 90, f.metrics().toString());
        assertEquals(10.0, (Double) f.metrics().get("limitTagWaitShare"), 1e-9);
        assertTrue(!f.metrics().containsKey("limitShare"), "btt's share was not what it crossed: " + f.metrics());
        assertEquals("4", f.metrics().get("nrRequests"));
        assertTrue(RuleHarness.bundle(rule, "xfs-aligned-4k", Map.of()).isEmpty(),
                "11 % asleep for a tag with 128 free: not a queue too small");
    }

    @Test
    void aJournalCommitsWaitForItsPreflushIsNotAWaitForARequest() {
        // fsync after every write: XFS's log write (FWFSM) gets its request (G) and is inserted (I) only once
        // the preflush (FF) before it completed, 2.3 ms later: a third of Q2C in G2I with nr_requests 128 and
        // under one request in flight; the block trace alone, without the syscalls that name fsync
        for (String cell : List.of("fsync-journal-3ms-ssd", "fsync-journal-8ms-hdd", "osync-journal-4ms-ssd")) {
            java.nio.file.Path bundle = dev.ioverdict.testing.TestData.root().resolve("testdata/grid/" + cell + "/bundle");
            assertTrue(RuleHarness.files(rule, bundle.resolve("perf-block.txt"), bundle.resolve("queue-settings.txt"),
                    bundle.resolve("lsblk.txt")).isEmpty(), cell);
        }
    }

    @Test
    void noFindingWithoutRequestWaits() {
        assertTrue(RuleHarness.files(rule, btt("perf-healthy")).isEmpty());
        assertTrue(RuleHarness.files(rule, btt("perf-scheduler-latency")).isEmpty());
        assertTrue(RuleHarness.files(rule, btt("perf-device-latency")).isEmpty());
        assertTrue(RuleHarness.bundle(rule, "seed-002-btt-scheduler", Map.of()).isEmpty());
        assertTrue(RuleHarness.files(rule, BlockRuleFiles.dominantPerDevice()).isEmpty());
    }

    @Test
    void shareThresholdFromConfig() {
        assertTrue(RuleHarness.files(rule, Map.of("request-starvation.share_pct", "70"),
                btt("perf-request-starvation")).isEmpty());
    }
}
