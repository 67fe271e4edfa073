package dev.ioverdict.rules.block;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.block.BlockDeviceStats;
import dev.ioverdict.model.block.BlockIo;
import dev.ioverdict.model.block.BlockSection;
import dev.ioverdict.model.block.BlockTrace;
import dev.ioverdict.model.block.Merges;
import dev.ioverdict.model.block.PhaseStat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DeviceLatencyRuleTest {
    private final DeviceLatencyRule rule = new DeviceLatencyRule();

    @Test
    void recordedHundredMillisecondLoopDevice() throws Exception {
        List<Finding> fs = BlockCase.btt("perf-device-latency", "oracle/btt.txt").run(rule);
        assertEquals(1, fs.size());
        Finding f = fs.get(0);
        assertEquals(Severity.CRITICAL, f.severity());
        assertEquals("loop0", f.metrics().get("device"));
        assertEquals(0.073816, (Double) f.metrics().get("d2cAvg"), 1e-6); // btt's All Devices D2C row
        assertEquals("btt.txt:19", f.evidence().get(0).location());       // (  7,  0) Device Overhead row
        assertTrue(f.recommendation().contains("lsblk -o NAME,MAJ:MIN,WWN,HCTL"), f.recommendation());
    }

    @Test
    void bttPerDeviceTablesNameTheSlowDisk() throws Exception {
        List<Finding> fs = BlockCase.resource("blkgen-d2c-dominant-btt_A.txt").run(rule);
        assertEquals(List.of("sdc"), fs.stream().map(f -> f.metrics().get("device")).toList());
        assertEquals("8,32", fs.get(0).metrics().get("devno"));
        assertTrue(fs.get(0).evidence().stream().anyMatch(e -> e.text().startsWith("(  8, 32)         0.000123396")));
    }

    /**
     * dm 253,0 over 8,16 and 8,32 (blkgen d2c-dominant, seed 33): phase figures from btt -A,
     * percentiles from btt's own per-I/O D2C files (btt -l), the slowest I/O's lines from blkparse.
     */
    static BlockTrace multipath() {
        var fast = new BlockDeviceStats("8,16", "blkparse", Map.of(
                "D2C", new PhaseStat(5091, 0.000100287, 0.000480035, 0.001660046, 0.000451, 0.00081, 0.001041),
                "Q2C", new PhaseStat(5091, 0.000110904, 0.000486414, 0.001663654, null, null, null)),
                Map.of("Q2G", 0.1291, "G2I", 0.4781, "Q2M", 0.0, "I2D", 0.7043, "D2C", 98.6885), new Merges(5091, 5091, 1));
        var slow = new BlockDeviceStats("8,32", "blkparse", Map.of(
                "D2C", new PhaseStat(4934, 0.000123396, 0.024788621, 1.313263135, 0.000452, 0.00088, 1.032054),
                "Q2C", new PhaseStat(4934, 0.000127756, 0.024794926, 1.313268157, null, null, null)),
                Map.of("Q2G", 0.0026, "G2I", 0.0092, "Q2M", 0.0, "I2D", 0.0139, "D2C", 99.9746), new Merges(4970, 4970, 1));
        List<Evidence> lines = List.of(
                new Evidence("blkparse.txt", 7869, "253,0    3      391     0.374539477  4402  Q  WS 11230755 + 128 [ora_lgwr_PROD1]"),
                new Evidence("blkparse.txt", 7870, "  8,32   3      613     0.374541424  4402  A  WS 11230755 + 128 <- (253,0) 11230755"),
                new Evidence("blkparse.txt", 7874, "  8,32   3      617     0.374546813  4402  D  WS 11230755 + 128 [ora_lgwr_PROD1]"),
                new Evidence("blkparse.txt", 34457, "  8,32   0     2046     1.687809948  4401  C  WS 11230755 + 128 [0]"));
        var io = new BlockIo("8,32", "253,0 -> 8,32", "WS", 11230755, 128, "ora_lgwr_PROD1", 4402, 0.374541791,
                Map.of("D2C", 1.313263135, "Q2C", 1.313268157), lines);
        return new BlockTrace(new BlockSection(List.of(fast, slow), fast), List.of(io), List.of(), List.of(),
                List.of(new BlockTrace.Remap("253,0", "8,16", 5091), new BlockTrace.Remap("253,0", "8,32", 4970)));
    }

    @Test
    void slowLegOfAMultipathDeviceWithItsCompletionLines() {
        List<Finding> fs = BlockCase.traced(multipath()).run(rule);
        assertEquals(1, fs.size());
        Finding f = fs.get(0);
        assertEquals("sdc", f.metrics().get("device"));
        assertEquals(1.032054, (Double) f.metrics().get("d2cP99"), 1e-9);
        assertTrue(((String) f.metrics().get("path")).contains("253,0 -> sdc (8,32)"), f.metrics().toString());
        assertEquals(List.of("blkparse.txt:7869", "blkparse.txt:7870", "blkparse.txt:7874", "blkparse.txt:34457"),
                f.evidence().stream().map(Evidence::location).toList());
        assertTrue(f.recommendation().contains("multipathd fail path sdc"), f.recommendation());
    }

    @Test
    void noFindingWhenTheDeviceIsFastEvenIfD2CHoldsMostOfQ2C() throws Exception {
        // healthy: D2C is 98 % of Q2C, but 0.40 ms on average and 47 ms at most
        assertTrue(BlockCase.btt("perf-healthy", "oracle/btt.txt").run(rule).isEmpty());
        assertTrue(BlockCase.btt("perf-scheduler-latency", "oracle/btt.txt").run(rule).isEmpty());
        assertTrue(BlockCase.btt("perf-request-starvation", "oracle/btt.txt").run(rule).isEmpty());
        assertTrue(BlockCase.btt("seed-002-btt-scheduler", "bundle/btt.txt").run(rule).isEmpty());
    }

    @Test
    void isolatedOutliersAloneAreAWarning() {
        var d = new BlockDeviceStats("8,16", "blkparse", Map.of(
                "D2C", new PhaseStat(5091, 0.000100287, 0.000980035, 0.801660046, 0.000451, 0.00081, 0.001041)),
                Map.of("D2C", 98.0), new Merges(5091, 5091, 1));
        var trace = new BlockTrace(new BlockSection(List.of(d), d), List.of(), List.of(), List.of(), List.of());
        List<Finding> fs = BlockCase.traced(trace).run(rule);
        assertEquals(Severity.WARNING, fs.get(0).severity());
        assertTrue(BlockCase.traced(trace).run(rule, Map.of("device-latency.outlier_ms", "1000")).isEmpty());
    }
}
