package dev.ioverdict.rules.aio;

import static dev.ioverdict.testing.CaseFixture.file;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Severity;
import dev.ioverdict.testing.CaseFixture;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SyncIoSubmitRuleTest {
    private static CaseData xfs(String c) {
        return CaseFixture.read(List.of(file(c, "strace-fio.txt"), file(c, "perf-syscalls.txt"),
                file(c, "perf-sched-stacks.txt")), List.of());
    }

    @Test
    void seed001IoSubmitSlowerThanGeteventsAndTheDevice() {
        var data = CaseFixture.read(List.of(file("seed-001-linuxki", "kipid-lgwr.txt"),
                file("seed-001-linuxki", "kitrace-lgwr.txt")), List.of());
        List<Finding> found = CaseFixture.findings(new SyncIoSubmitRule(), data, Map.of());
        assertEquals(1, found.size());
        Finding f = found.get(0);
        assertEquals(Severity.CRITICAL, f.severity());
        assertEquals(6108, f.metrics().get("pid"));
        assertEquals(2.526, (double) f.metrics().get("submitAvgMs"), 1e-9);
        assertEquals(1.089, (double) f.metrics().get("geteventsAvgMs"), 1e-9);
        assertEquals(0.95, (double) f.metrics().get("deviceServiceMs"), 1e-9);
        assertEquals(List.of("kipid-lgwr.txt:14", "kipid-lgwr.txt:19", "kipid-lgwr.txt:42", "kipid-lgwr.txt:32"),
                f.evidence().stream().map(e -> e.location()).toList());
    }

    @Test
    void seed000WaitsInGeteventsNotInSubmit() {
        var data = CaseFixture.read(List.of(file("seed-000-strace", "strace-lgwr.txt")), List.of());
        assertEquals(List.of(), CaseFixture.findings(new SyncIoSubmitRule(), data, Map.of()));
    }

    @Test
    void recordedUnalignedWritersBothBlockInSubmit() {
        List<Finding> found = CaseFixture.findings(new SyncIoSubmitRule(), xfs("xfs-unaligned-512b"), Map.of());
        assertEquals(List.of(19468, 19467), found.stream().map(f -> f.metrics().get("pid")).toList());
        assertTrue(found.stream().allMatch(f -> f.metrics().get("source").equals("perf-script")));
        assertTrue(found.stream().allMatch(f -> f.severity() == Severity.CRITICAL));
        // the 140288-byte writer: io_submit 4.76 ms against 2 us in io_getevents
        assertEquals(4.762, (double) found.get(0).metrics().get("submitAvgMs"), 0.001);
    }

    @Test
    void thresholdsComeFromTheConfiguration() {
        List<Finding> found = CaseFixture.findings(new SyncIoSubmitRule(), xfs("xfs-unaligned-512b"),
                Map.of("sync-io-submit.min_submit_avg_ms", "3"));
        assertEquals(List.of(19468), found.stream().map(f -> f.metrics().get("pid")).toList());
    }

    @Test
    void alignedControlSubmitsQuickly() {
        assertEquals(List.of(), CaseFixture.findings(new SyncIoSubmitRule(), xfs("xfs-aligned-4k"), Map.of()));
    }
}
