package dev.ioverdict.rules.block;

import static dev.ioverdict.rules.block.BlockRuleFiles.btt;
import static dev.ioverdict.rules.block.BlockRuleFiles.bundleFile;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.Confidence;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.block.BlockDeviceStats;
import dev.ioverdict.model.block.BlockSection;
import dev.ioverdict.model.block.BlockTrace;
import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.block.PhaseStat;
import dev.ioverdict.testing.RuleHarness;
import dev.ioverdict.testing.TestData;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SchedulerLatencyRuleTest {
    private final SchedulerLatencyRule rule = new SchedulerLatencyRule();

    @Test
    void seed002BttReportWithItsCfqScheduler() {
        List<Finding> fs = RuleHarness.bundle(rule, "seed-002-btt-scheduler", Map.of());
        assertEquals(1, fs.size());
        Finding f = fs.get(0);
        assertEquals(Severity.CRITICAL, f.severity());
        assertEquals("sda", f.metrics().get("device"));
        // btt's Device Overhead I2D (97.8223 %) plus M2D from the report's own row: 62 merged bios x 38.7 us of 106 x 9.95 ms
        assertEquals(97.8223 + 100 * 62 * 0.000038684 / (106 * 0.009945783), (Double) f.metrics().get("i2dSharePct"), 1e-3);
        assertEquals("cfq", f.metrics().get("scheduler"));
        assertEquals("btt.txt:19", f.evidence().get(0).location()); // the Device Overhead row
        assertTrue(f.evidence().stream().anyMatch(e -> e.location().equals("sys/block/sda/queue/scheduler:1")),
                f.evidence().toString());
        assertTrue(f.recommendation().contains("echo deadline > /sys/block/sda/queue/scheduler"), f.recommendation());
        // the seed's own I2D row does not add up to its 97.8 %: said so, with less confidence
        assertEquals(Confidence.MEDIUM, f.confidence());
        assertTrue(f.summary().contains("Caution"), f.summary());
        assertEquals(1, f.confidenceReasons().size());
    }

    @Test
    void recordedBfqCaptureAsBttComputesIt() {
        List<Finding> fs = RuleHarness.files(rule, btt("perf-scheduler-latency"));
        assertEquals(1, fs.size());
        Finding f = fs.get(0);
        assertEquals("loop0", f.metrics().get("device"));
        assertEquals(Severity.CRITICAL, f.severity());
        assertEquals(90.2679, (Double) f.metrics().get("i2dOnlySharePct"), 1e-9);
        assertEquals("91.7%", f.measurement("i2dSharePct").orElseThrow().display()); // with M2D
        assertTrue(f.title().contains("I2D + M2D is 91.7% of Q2C"), f.title());
        assertEquals(Confidence.HIGH, f.confidence());
    }

    @Test
    void ssdGetsNoneAndANonHoldingSchedulerPointsBelowIt() {
        // the recorded capture's own settings: loop0 is not rotational, bfq active
        Finding f = RuleHarness.files(rule, btt("perf-scheduler-latency"),
                bundleFile("perf-scheduler-latency", "queue-settings.txt"),
                bundleFile("perf-scheduler-latency", "scheduler.txt")).get(0);
        assertTrue(f.recommendation().startsWith("Switch loop0 from bfq to none: echo none > /sys/block/loop0/queue/scheduler"),
                f.recommendation());
        // the same figures beside a loop0 whose scheduler is none, which holds nothing back
        f = RuleHarness.files(rule, btt("perf-scheduler-latency"),
                bundleFile("perf-request-starvation", "scheduler.txt")).get(0);
        assertTrue(f.recommendation().contains("queue_depth"), f.recommendation());
    }

    @Test
    void shareComputedAsBttDoesWhenATraceGivesOnlyPhases() {
        // loop0 of the recorded bfq capture, btt -A Per Device rows (oracle/btt_A.txt)
        var loop0 = new BlockDeviceStats("7,0", "perf-script", Map.of(
                Phase.I2D, new PhaseStat(3573, 0.000003, 0.022594747, 2.570092, null, null, null),
                Phase.D2C, new PhaseStat(3653, 0.001115, 0.001446701, 0.005065, null, null, null),
                Phase.Q2C, new PhaseStat(3653, 0.001127, 0.024482602, 2.572018, null, null, null)), Map.of(), null);
        var trace = new BlockTrace(new BlockSection(List.of(loop0), loop0), List.of(), List.of(), List.of(), List.of());
        Finding f = RuleHarness.results(rule, Map.of(), r -> {
            r.put(BlockTrace.class, trace);
            r.put(BlockSection.class, trace.section());
        }).get(0);
        assertEquals(90.27, (Double) f.metrics().get("i2dSharePct"), 0.01); // btt printed 90.2679 %
    }

    @Test
    void noFindingOnHealthySlowDeviceOrStarvedQueue() {
        assertTrue(RuleHarness.files(rule, btt("perf-healthy")).isEmpty());
        assertTrue(RuleHarness.files(rule, btt("perf-device-latency")).isEmpty());
        assertTrue(RuleHarness.files(rule, btt("perf-request-starvation")).isEmpty());
        assertTrue(RuleHarness.files(rule, BlockRuleFiles.dominantPerDevice()).isEmpty());
    }

    @Test
    void thresholdsComeFromConfig() {
        assertEquals(Severity.WARNING, RuleHarness.files(rule, Map.of("scheduler-latency.critical_share_pct", "95"),
                btt("perf-scheduler-latency")).get(0).severity());
        assertTrue(RuleHarness.files(rule, Map.of("scheduler-latency.min_avg_ms", "50"),
                btt("perf-scheduler-latency")).isEmpty());
    }

    @Test
    void withoutABlockTraceIostatShowsTheWaitOfADeviceBfqServesOneAtATime() {
        // the kit's scheduler recipe on a 4 ms two-slot flash device (bfq, strict_guarantees 1), iostat and the settings
        Finding f = only(RuleHarness.files(rule, TestData.gridFilesWithout("sched-bfq-seqwriter-4ms-s2-ssd",
                "perf", "strace", "fio")));
        assertEquals("loop0", f.metrics().get("device"));
        assertEquals(Severity.CRITICAL, f.severity());
        // nine reports with I/O: each one's r/s x (r_await - busy ms per completion) and w/s x (w_await - ...),
        // over r/s x r_await + w/s x w_await, summed (by hand from iostat-x.txt)
        assertEquals(88.76058, (Double) f.metrics().get("ofDeviceTimePct"), 1e-4);
        assertEquals(53.09117, (Double) f.metrics().get("ofReadTimePct"), 1e-4);
        assertEquals(93.16725, (Double) f.metrics().get("ofWriteTimePct"), 1e-4);
        assertEquals(0.0297135, (Double) f.metrics().get("i2dPerIo"), 1e-6);
        assertEquals("bfq", f.metrics().get("scheduler"));
        assertEquals(Confidence.MEDIUM, f.confidence());
        assertTrue(f.evidence().stream().anyMatch(e -> e.location().startsWith("iosched-settings.txt:")
                && e.text().contains("strict_guarantees: 1")), f.evidence().toString());
        assertTrue(f.summary().contains("completed one every 3.76 ms while busy"), f.summary());
    }

    @Test
    void iostatJudgesNoSchedulerThatLetsTheDeviceServeSeveral() {
        // bfq at its defaults (strict_guarantees 0) may dispatch several: iostat cannot tell its wait from the device's
        assertTrue(RuleHarness.files(rule, TestData.gridFilesWithout("sched-bfqdefault-seqwriter-4ms",
                "perf", "strace", "fio")).isEmpty());
    }

    @Test
    void aDeviceTheBlockTraceShowsIsJudgedThereOnly() {
        Finding f = only(RuleHarness.files(rule, TestData.gridFilesWithout("sched-bfq-seqwriter-4ms-s2-ssd",
                "strace", "fio")));
        assertTrue(f.metrics().containsKey("i2dSharePct"), f.metrics().toString());
        assertTrue(!f.metrics().containsKey("ofDeviceTimePct"), f.metrics().toString());
    }

    private static Finding only(List<Finding> fs) {
        assertEquals(1, fs.size(), fs.toString());
        return fs.get(0);
    }
}
