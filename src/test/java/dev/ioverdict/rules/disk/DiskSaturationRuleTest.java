package dev.ioverdict.rules.disk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Severity;
import dev.ioverdict.pipeline.CaseCompiler;
import dev.ioverdict.rules.RuleConfig;
import dev.ioverdict.testing.TestData;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DiskSaturationRuleTest {
    static List<Finding> findings(String bundle, String rule, Map<String, String> config) throws Exception {
        var compiled = new CaseCompiler(RuleConfig.of(config)).compile(TestData.bundle(bundle).resolve("bundle"), null, null);
        return compiled.report().findings().stream().filter(f -> f.rule().equals(rule)).toList();
    }

    @Test
    void saturatedLoopDeviceIsABottleneckAgainstItsOwnLightLoadTime() throws Exception {
        List<Finding> fs = findings("iostat-linux-saturated", "disk-saturation", Map.of());
        assertEquals(1, fs.size());
        Finding f = fs.get(0);
        assertEquals(Severity.CRITICAL, f.severity());
        assertEquals(Finding.Confidence.HIGH, f.confidence());
        assertEquals("loop0", f.metrics().get("device"));
        assertEquals(70.37, f.metrics().get("worstResponseMs"));
        assertEquals(4.4, f.metrics().get("baselineMs"));
        assertEquals(16, f.metrics().get("reports"));
        assertEquals(16, f.metrics().get("longestRun"));
        assertEquals("11/21/26 08:34:08", f.metrics().get("firstTime"));
        assertEquals("11/21/26 08:34:23", f.metrics().get("lastTime"));
        assertEquals("iostat-x-t.txt:117", f.evidence().get(0).location(), "the column header comes first");
        assertTrue(f.evidence().stream().anyMatch(e -> e.location().equals("iostat-x-t.txt:129")
                && e.text().contains("70.37")));
    }

    @Test
    void busyParallelDeviceIsNotSaturated() throws Exception {
        assertTrue(findings("iostat-linux-busy-parallel-iso", "disk-saturation", Map.of()).isEmpty());
    }

    @Test
    void thresholdsComeFromConfig() throws Exception {
        List<Finding> watch = findings("iostat-linux-saturated", "disk-saturation",
                Map.of("disk-saturation.await_ms", "80"));
        assertEquals(Severity.WARNING, watch.get(0).severity(), "69 ms is only watch level under an 80 ms limit");
        assertTrue(findings("iostat-linux-saturated", "disk-saturation",
                Map.of("disk-saturation.queue_factor", "20")).isEmpty(), "69 ms is less than 20 x 4.4 ms");
        List<Finding> spikes = findings("iostat-sysstat-old-rhel6", "disk-saturation",
                Map.of("disk-saturation.min_consecutive", "1"));
        assertEquals(Severity.CRITICAL, spikes.get(0).severity(), "one report is enough when told so");
    }

    @Test
    void shortBurstsAreInfoOnly() throws Exception {
        Finding f = findings("iostat-sysstat-old-rhel6", "disk-saturation", Map.of()).get(0);
        assertEquals(Severity.INFO, f.severity());
        assertEquals("sda", f.metrics().get("device"));
        assertEquals(4, f.metrics().get("reports"));
        assertEquals(201.9, f.metrics().get("worstResponseMs"));
    }

    @Test
    void seed003SolarisBottleneckAndTheSinceBootReportIgnored() throws Exception {
        Finding sd0 = findings("iostat-solaris-seed003", "disk-saturation", Map.of()).stream()
                .filter(f -> f.evidence().get(1).location().equals("iostat-x-mkfile-maxcontig6.txt:3"))
                .findFirst().orElseThrow();
        assertEquals(Severity.CRITICAL, sd0.severity());
        assertEquals(1246.4, sd0.metrics().get("worstResponseMs"));
        assertEquals(Finding.Confidence.MEDIUM, sd0.confidence(), "a single report");
        Finding d10 = findings("iostat-solaris-illumos-controllers", "disk-saturation", Map.of()).get(0);
        assertEquals(Severity.WARNING, d10.severity(), "356 ms since boot does not count, 30.1 ms now does");
        assertEquals(30.1, d10.metrics().get("worstResponseMs"));
    }
}
