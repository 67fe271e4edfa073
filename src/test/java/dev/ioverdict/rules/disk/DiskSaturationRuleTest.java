package dev.ioverdict.rules.disk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.Confidence;
import dev.ioverdict.rules.Rule;
import dev.ioverdict.rules.RuleCatalogue;
import dev.ioverdict.testing.RuleHarness;
import dev.ioverdict.testing.TestData;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DiskSaturationRuleTest {
    static List<Finding> findings(String bundle, String rule, Map<String, String> config) {
        return RuleHarness.bundle(RuleCatalogue.byId(rule).orElseThrow(), bundle, config);
    }

    @Test
    void saturatedLoopDeviceIsABottleneckAgainstItsOwnLightLoadTime() {
        List<Finding> fs = findings("iostat-linux-saturated", "disk-saturation", Map.of());
        assertEquals(1, fs.size());
        Finding f = fs.get(0);
        assertEquals(Severity.CRITICAL, f.severity());
        assertEquals(Confidence.HIGH, f.confidence());
        assertEquals("loop0", f.metrics().get("device"));
        assertEquals(0.07037, (double) f.metrics().get("worstResponse"), 1e-12);
        assertEquals("70.4 ms", f.measurement("worstResponse").orElseThrow().display());
        assertEquals(0.0044, (double) f.metrics().get("baseline"), 1e-12);
        assertEquals(16L, f.metrics().get("reports"));
        assertEquals(16L, f.metrics().get("longestRun"));
        assertEquals("2026-11-21T08:34:08", f.metrics().get("firstTime"));
        assertEquals("2026-11-21T08:34:23", f.metrics().get("lastTime"));
        assertEquals("iostat-x-t.txt:117", f.evidence().get(0).location(), "the column header comes first");
        assertTrue(f.evidence().stream().anyMatch(e -> e.location().equals("iostat-x-t.txt:129")
                && e.text().contains("70.37")));
    }

    @Test
    void busyParallelDeviceIsNotSaturated() {
        assertTrue(findings("iostat-linux-busy-parallel-iso", "disk-saturation", Map.of()).isEmpty());
    }

    @Test
    void thresholdsComeFromConfig() {
        List<Finding> watch = findings("iostat-linux-saturated", "disk-saturation",
                Map.of("disk-saturation.await_ms", "80", "disk-saturation.deep_queue", "1000"));
        assertEquals(Severity.WARNING, watch.get(0).severity(), "69 ms is only watch level under an 80 ms limit");
        assertTrue(findings("iostat-linux-saturated", "disk-saturation",
                Map.of("disk-saturation.queue_factor", "20")).isEmpty(), "69 ms is less than 20 x 4.4 ms");
        List<Finding> spikes = findings("iostat-sysstat-old-rhel6", "disk-saturation",
                Map.of("disk-saturation.min_consecutive", "1"));
        assertEquals(Severity.CRITICAL, spikes.get(0).severity(), "one report is enough when told so");
    }

    @Test
    void aDeepQueueIsSaturationWhateverTheRuleOfThumb() {
        // 60 requests outstanding, one completed every ~1.1 ms while busy: each would be quick served alone,
        // so the 68 ms response is the queue, over an 80 ms rule of thumb as under 50 ms
        Finding f = findings("iostat-linux-saturated", "disk-saturation", Map.of("disk-saturation.await_ms", "80")).get(0);
        assertEquals(Severity.CRITICAL, f.severity());
        assertTrue(f.summary().contains("With 60.1 requests outstanding it completed one every"), f.summary());
        assertEquals(0.040, (double) f.metrics().get("limitResponse"), 1e-9,
                "the limit drawn is twice what its class serves in (a loop device of unknown class: 20 ms)");
    }

    @Test
    void smallRequestsAreNotToldToGrowThroughTheQueueLimits() {
        // 4 KiB random writes fill the device: max_sectors_kb and read-ahead would change nothing
        Finding f = findings("iostat-linux-saturated", "disk-saturation", Map.of()).get(0);
        assertTrue(f.recommendation().startsWith("Lower the number of requests the application keeps outstanding on loop0"),
                f.recommendation());
        assertTrue(f.recommendation().contains("its requests average 4 KiB"), f.recommendation());
        assertTrue(!f.recommendation().contains("max_sectors_kb"), "no queue settings in this bundle: " + f.recommendation());
    }

    @Test
    void largeRequestsTheQueueDidNotCutAreNotToldToGrowEither() {
        // a 256 KiB sequential writer beside 8 KiB reads under bfq: 234 KiB on average against max_sectors_kb 1280;
        // the queue cut nothing, and "echo 1024" would have lowered the limit in force
        Finding f = findings("perf-scheduler-latency", "disk-saturation", Map.of()).get(0);
        assertTrue(f.recommendation().startsWith("Lower the number of requests the application keeps outstanding on loop0"),
                f.recommendation());
        assertTrue(f.recommendation().contains("its requests average 234 KiB, far under the largest the queue builds "
                + "(max_sectors_kb 1280): the queue did not cut them"), f.recommendation());
    }

    @Test
    void requestsAtTheQueueLimitAreToldToGrowAboveIt() {
        assertTrue(DiskSaturationRule.notCutByTheQueue(64, null), "64 KiB is the application's own size");
        assertTrue(DiskSaturationRule.notCutByTheQueue(234, 1280));
        assertTrue(!DiskSaturationRule.notCutByTheQueue(1100, 1280), "a stream cut at the limit averages near it");
        assertTrue(!DiskSaturationRule.notCutByTheQueue(512, null), "no limit known: large requests may be cut");
        assertEquals(1024, DiskSaturationRule.raisedMaxSectorsKb(null));
        assertEquals(1024, DiskSaturationRule.raisedMaxSectorsKb(512));
        assertEquals(2560, DiskSaturationRule.raisedMaxSectorsKb(1280), "never a value under the one in force");
    }

    @Test
    void shortBurstsAreInfoOnly() {
        Finding f = findings("iostat-sysstat-old-rhel6", "disk-saturation", Map.of()).get(0);
        assertEquals(Severity.INFO, f.severity());
        assertEquals("sda", f.metrics().get("device"));
        assertEquals(4L, f.metrics().get("reports"));
        assertEquals(0.2019, (double) f.metrics().get("worstResponse"), 1e-12);
    }

    @Test
    void seed003SolarisBottleneckAndTheSinceBootReportIgnored() {
        Finding sd0 = findings("iostat-solaris-seed003", "disk-saturation", Map.of()).stream()
                .filter(f -> f.evidence().get(1).location().equals("iostat-x-mkfile-maxcontig6.txt:3"))
                .findFirst().orElseThrow();
        assertEquals(Severity.CRITICAL, sd0.severity());
        assertEquals(1.2464, (double) sd0.metrics().get("worstResponse"), 1e-12);
        assertEquals("1.25 s", sd0.measurement("worstResponse").orElseThrow().display());
        assertEquals(Confidence.MEDIUM, sd0.confidence(), "a single report");
        Finding d10 = findings("iostat-solaris-illumos-controllers", "disk-saturation", Map.of()).get(0);
        assertEquals(Severity.WARNING, d10.severity(), "356 ms since boot does not count, 30.1 ms now does");
        assertEquals(0.0301, (double) d10.metrics().get("worstResponse"), 1e-12);
    }

    /** The grid cells whose iostat shows a device full of requests it serves as fast as its class allows. */
    @Test
    void iostatAloneOfASaturatedGridCellIsSaturation() {
        for (String cell : List.of("saturated-4ms-s1", "saturated-8ms-s1-hdd", "saturated-4ms-s4-qd64",
                "saturated-8ms-s2-qd32-hdd", "saturated-2ms-s1-j16-psync")) {
            List<Finding> fs = RuleHarness.files(RuleCatalogue.byId("disk-saturation").orElseThrow(),
                    TestData.gridFilesWithout(cell, "strace", "perf-", "fio.out"));
            assertEquals(1, fs.size(), cell + ": " + fs);
            assertEquals(Severity.CRITICAL, fs.get(0).severity(), cell);
        }
    }

    /**
     * qd32 on a four-slot 6 ms disk, every report saturated: no light-load report gives each request's own service,
     * so it is counted at the 20 ms a disk may take when healthy and the queue's share (51 % where the block trace
     * says ~85 %) is said to be a lower bound; a capture with a light-load report says nothing of the kind.
     */
    @Test
    void withoutALightLoadReportTheQueuesShareIsALowerBound() {
        Finding f = RuleHarness.files(RuleCatalogue.byId("disk-saturation").orElseThrow(),
                TestData.gridFilesWithout("saturated-6ms-s4-qd32-hdd", "fio.out")).get(0);
        assertTrue(f.summary().contains("No report shows it at light load, so each request's own service is counted at "
                + "the 20.0 ms a rotating disk may take at most when healthy: the queue's share of the wait is at least "
                + "the one given."), f.summary());
        Finding light = findings("iostat-linux-saturated", "disk-saturation", Map.of()).get(0);
        assertTrue(!light.summary().contains("at least the one given"), light.summary());
    }

    /**
     * 16 KiB buffered writes with an fsync every 32 on a two-slot 12 ms disk (batch 18): fio keeps one call outstanding;
     * each fsync writes its 32 dirty writes back at once. A lower I/O depth is no lever, and the advice says what is;
     * the same queue from a workload that keeps its requests outstanding keeps the advice to lower them.
     */
    @Test
    void aQueueACommitsWritebackBuildsIsNotTheApplicationsDepth() {
        Rule rule = RuleCatalogue.byId("disk-saturation").orElseThrow();
        for (String view : List.of("strace", "perf-syscalls")) {
            // with strace, or perf's syscalls, beside the block trace and iostat: the same advice
            Finding f = RuleHarness.files(rule, TestData.gridFilesWithout("fsync32-buffered-12ms-s2-hdd", "fio.out",
                    view)).get(0);
            // (strace alone names no command: "pid 23833")
            assertTrue(f.recommendation().startsWith("Write less per commit, or in larger, sequential writes, which loop0 "
                    + "serves faster: its queue is the writeback each of "), view + ": " + f.recommendation());
            assertTrue(f.recommendation().contains("pid 23833's fsync-type calls sends at once (1"), f.recommendation());
            assertTrue(f.recommendation().contains(" calls, 215 ms each on average)"), f.recommendation());
        }
        Finding depth = RuleHarness.files(rule, TestData.gridFilesWithout("saturated-6ms-s4-qd32-hdd", "fio.out"))
                .get(0);
        assertTrue(depth.recommendation().startsWith("Lower the number of requests the application keeps outstanding"),
                depth.recommendation());
    }

    @Test
    void aDeviceCompletingFewerRequestsThanItsClassServesIsNotSaturatedWhateverItsQueue() {
        // recorded: 100 ms a request on 8 slots at iodepth 32: 382 ms await at aqu-sz 29, one completion every
        // 12.7 ms of busy time, slower than flash serves one (5 ms): device-latency says it, not this rule
        List<Finding> fs = RuleHarness.files(RuleCatalogue.byId("disk-saturation").orElseThrow(),
                TestData.gridFilesWithout("slow-100ms-s8-qd32", "strace", "perf-", "fio.out"));
        assertEquals(List.of(), fs);
    }

    @Test
    void aSaturationWhoseReportsHoldWritesAloneHoldsNoneOfTheDevicesReadTime() {
        // a copy's writeback after the reader beside it stopped: three reports of 33-42 ms w_await, with no read
        List<Finding> fs = RuleHarness.files(RuleCatalogue.byId("disk-saturation").orElseThrow(),
                TestData.gridFilesWithout("writeback-neighbour-reads-2ms-s4-ssd", "strace", "perf-", "fio.out"));
        Finding f = fs.get(0);
        assertEquals(3L, f.metrics().get("reports"));
        assertEquals(0.0, (double) f.metrics().get("ofReadTimePct"), 1e-12);
        assertTrue((double) f.metrics().get("ofWriteTimePct") > 30, f.metrics().toString());
    }

    @Test
    void aDeepQueueBehindRequestsSlowAloneAndMostlySideBySideHoldsOnlyTheTurn() {
        // sixteen requests on twelve slots of a 40 ms disk: 39.6 ms dispatched into it empty (device-latency's), the
        // average one 52.1 ms: from the block trace alone, and from iostat with the trace beside it, this rule holds
        // the turn only ("-" drops no file)
        for (String without : new String[] {"iostat", "-"}) {
            Finding f = RuleHarness.files(RuleCatalogue.byId("disk-saturation").orElseThrow(),
                    TestData.gridFilesWithout("slow-40ms-s12-qd16-hdd", "strace", "perf-syscalls", "fio.out", without)).get(0);
            double share = f.measurement("ofDeviceTimePct").orElseThrow().value();
            assertTrue(share > 20 && share < 27, without + ": " + share);
        }
    }
}
