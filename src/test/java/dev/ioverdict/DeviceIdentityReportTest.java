package dev.ioverdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.analysis.config.DeviceIdentity;
import dev.ioverdict.model.Finding;
import dev.ioverdict.pipeline.CaseCompiler;
import dev.ioverdict.pipeline.CaseRequest;
import dev.ioverdict.report.model.Report;
import dev.ioverdict.report.model.Summary;
import dev.ioverdict.rules.RuleConfig;
import dev.ioverdict.testing.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One device, one row, one label: whichever names the bundle's sources use for a device (iostat's
 * vda and a trace's 254,0; blkparse's 8,0 and a finding's sda; old sysstat's dev8-0), the USE
 * table lists it once, and every finding, iostat entry and the report's device list use the same
 * label for it.
 */
class DeviceIdentityReportTest {
    @TempDir
    Path tmp;

    private static Report report(Path bundle) throws Exception {
        return new CaseCompiler(RuleConfig.of(Map.of())).compile(CaseRequest.of(bundle).withCaseId("test")).report();
    }

    private Path bundleOf(Path... files) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("bundle"));
        for (Path f : files) {
            Files.copy(f, dir.resolve(f.getFileName()));
        }
        return dir;
    }

    /** Each USE row's device and label are unique, and the label is the one report.json's devices give that key. */
    private static void oneRowPerDevice(Report r) {
        Set<String> keys = new HashSet<>();
        Set<String> labels = new HashSet<>();
        for (Summary.UseRow row : r.summary().use()) {
            String label = row.label() != null ? row.label() : row.device();
            assertTrue(keys.add(row.device()), "twice in the USE table: " + row.device() + " in " + r.summary().use());
            assertTrue(labels.add(label), "two rows labelled " + label);
            r.devices().stream().filter(d -> d.key().equals(row.device())).findFirst()
                    .ifPresent(d -> assertEquals(d.label(), label));
        }
    }

    private static List<String> useLabels(Report r) {
        return r.summary().use().stream().filter(u -> !u.device().equals("CPUs"))
                .map(u -> u.label() != null ? u.label() : u.device()).toList();
    }

    @Test
    void iostatsVdaAndThePerfTracesNumberAreOneVirtioDisk() throws Exception {
        // iostat says vda, perf's block events 254,0, the mount table /dev/vda on /: nothing prints the two together
        Report r = report(TestData.bundle("busy-parallel-healthy").resolve("bundle"));
        oneRowPerDevice(r);
        assertEquals(List.of("loop0 (7,0, /mnt/cap-busy)", "vda (254,0, /)"), useLabels(r));
        DeviceIdentity vda = r.devices().stream().filter(d -> d.key().equals("vda")).findFirst().orElseThrow();
        assertEquals("254,0", vda.majMin());
        assertTrue(vda.basis().contains("the only virtio disk"), vda.basis());
        assertEquals("virtual disk (virtio, Xen)", vda.media());
        r.iostat().stream().filter(d -> d.device().equals("vda"))
                .forEach(d -> assertEquals("vda (254,0, /)", d.label()));
    }

    @Test
    void aTracesNumberAndAFindingsNameAreOneDisk() throws Exception {
        Report r = report(TestData.bundle("blkgen-i2d-dominant").resolve("bundle"));
        oneRowPerDevice(r);
        assertEquals(List.of("sda (8,0)"), useLabels(r));
        for (Finding f : r.findings()) {
            assertTrue(f.subject() == null || f.subject().label().equals("sda (8,0)"), f.subject().toString());
        }
    }

    @Test
    void btt8Comma0AndSysBlockSdaAreOneDisk() throws Exception {
        Report r = report(TestData.bundle("seed-002-btt-scheduler").resolve("bundle"));
        oneRowPerDevice(r);
        assertEquals(List.of("sda"), r.summary().use().stream().map(Summary.UseRow::device).filter(d -> !d.equals("CPUs"))
                .toList());
    }

    @Test
    void oldSysstatsDevMajorMinorNamesMeetTheTracesNumbers() throws Exception {
        // sar -d of RHEL 5 names devices dev8-0, dev120-64; blkparse names 8,0
        Report r = report(bundleOf(
                TestData.external("sar-d/thegeekstuff-rhel5-2.6.18-el5PAE-sar-d-old-layout-devMAJ-MIN-ampm.txt"),
                TestData.file("blkgen-i2d-dominant", "blkparse.txt")));
        oneRowPerDevice(r);
        List<String> labels = useLabels(r);
        assertTrue(labels.contains("sda (8,0)"), labels.toString());
        assertFalse(labels.stream().anyMatch(l -> l.startsWith("dev8-") || l.equals("8,0")), labels.toString());
        DeviceIdentity sda = r.devices().stream().filter(d -> d.key().equals("sda")).findFirst().orElseThrow();
        assertTrue(sda.names().contains("dev8-0"), sda.names().toString());
        assertTrue(labels.contains("120,64"), "a dynamic major with no listing stays a number: " + labels);
    }

    @Test
    void everyGoldenReportListsEachDeviceOnce() throws IOException {
        try (Stream<Path> dirs = Files.list(TestData.root())) {
            for (Path golden : dirs.map(d -> d.resolve("report.golden.json")).filter(Files::exists).sorted().toList()) {
                var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(golden.toFile());
                Set<String> seen = new HashSet<>();
                for (var row : json.path("summary").path("use")) {
                    String label = row.path("label").asText(row.path("device").asText());
                    assertTrue(seen.add(label), golden + ": " + label + " twice in the USE table");
                }
            }
        }
    }
}
