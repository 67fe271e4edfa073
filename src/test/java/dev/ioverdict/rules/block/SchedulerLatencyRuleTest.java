package dev.ioverdict.rules.block;

import dev.ioverdict.model.block.Phase;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.block.BlockDeviceStats;
import dev.ioverdict.model.block.BlockSection;
import dev.ioverdict.model.block.BlockTrace;
import dev.ioverdict.model.block.PhaseStat;
import dev.ioverdict.model.config.QueueSetting;
import dev.ioverdict.model.config.SchedulerSetting;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SchedulerLatencyRuleTest {
    private final SchedulerLatencyRule rule = new SchedulerLatencyRule();

    @Test
    void seed002BttReportWithItsCfqScheduler() throws Exception {
        List<Finding> fs = BlockCase.btt("seed-002-btt-scheduler", "bundle/btt.txt")
                .with(new SchedulerSetting("sda", "cfq", List.of("noop", "deadline", "cfq"),
                        "sys/block/sda/queue/scheduler", 1, "noop deadline [cfq]"))
                .run(rule);
        assertEquals(1, fs.size());
        Finding f = fs.get(0);
        assertEquals(Severity.CRITICAL, f.severity());
        assertEquals("sda", f.metrics().get("device"));
        assertEquals(97.8223, (Double) f.metrics().get("i2dSharePct"), 1e-9);
        assertEquals("cfq", f.metrics().get("scheduler"));
        assertEquals("btt.txt:19", f.evidence().get(0).location()); // the Device Overhead row
        assertTrue(f.evidence().stream().anyMatch(e -> e.location().equals("sys/block/sda/queue/scheduler:1")));
        assertTrue(f.recommendation().contains("echo deadline > /sys/block/sda/queue/scheduler"), f.recommendation());
        // the seed's own I2D row does not add up to its 97.8 %: said so, with less confidence
        assertEquals(Finding.Confidence.MEDIUM, f.confidence());
        assertTrue(f.summary().contains("Caution"), f.summary());
    }

    @Test
    void recordedBfqCaptureAsBttComputesIt() throws Exception {
        List<Finding> fs = BlockCase.btt("perf-scheduler-latency", "oracle/btt.txt").run(rule);
        assertEquals(1, fs.size());
        Finding f = fs.get(0);
        assertEquals("loop0", f.metrics().get("device"));
        assertEquals(Severity.CRITICAL, f.severity());
        assertEquals(90.2679, (Double) f.metrics().get("i2dSharePct"), 1e-9);
        assertEquals(Finding.Confidence.HIGH, f.confidence());
    }

    @Test
    void ssdGetsNoneAndANonHoldingSchedulerPointsBelowIt() throws Exception {
        var ssd = new QueueSetting("loop0", "rotational", "0", "queue-settings.txt", 5, "/sys/block/loop0/queue/rotational: 0");
        var bfq = new SchedulerSetting("loop0", "bfq", List.of("none", "mq-deadline", "kyber", "bfq"), "scheduler.txt", 1,
                "/sys/block/loop0/queue/scheduler: none mq-deadline kyber [bfq]");
        Finding f = BlockCase.btt("perf-scheduler-latency", "oracle/btt.txt").with(ssd).with(bfq).run(rule).get(0);
        assertTrue(f.recommendation().startsWith("Switch loop0 from bfq to none: echo none > /sys/block/loop0/queue/scheduler"),
                f.recommendation());
        var none = new SchedulerSetting("loop0", "none", List.of("none", "mq-deadline"), "scheduler.txt", 1, "[none] mq-deadline");
        f = BlockCase.btt("perf-scheduler-latency", "oracle/btt.txt").with(none).run(rule).get(0);
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
        Finding f = BlockCase.traced(trace).run(rule).get(0);
        assertEquals(90.27, (Double) f.metrics().get("i2dSharePct"), 0.01); // btt printed 90.2679 %
    }

    @Test
    void noFindingOnHealthySlowDeviceOrStarvedQueue() throws Exception {
        assertTrue(BlockCase.btt("perf-healthy", "oracle/btt.txt").run(rule).isEmpty());
        assertTrue(BlockCase.btt("perf-device-latency", "oracle/btt.txt").run(rule).isEmpty());
        assertTrue(BlockCase.btt("perf-request-starvation", "oracle/btt.txt").run(rule).isEmpty());
        assertTrue(BlockCase.resource("blkgen-d2c-dominant-btt_A.txt").run(rule).isEmpty());
    }

    @Test
    void thresholdsComeFromConfig() throws Exception {
        var c = BlockCase.btt("perf-scheduler-latency", "oracle/btt.txt");
        assertEquals(Severity.WARNING, c.run(rule, Map.of("scheduler-latency.critical_share_pct", "95")).get(0).severity());
        assertTrue(c.run(rule, Map.of("scheduler-latency.min_avg_ms", "50")).isEmpty());
    }
}
