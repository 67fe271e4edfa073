package dev.ioverdict.rules.aio;

import static dev.ioverdict.testing.TestData.file;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Severity;
import dev.ioverdict.testing.RuleHarness;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SyncIoSubmitRuleTest {
    private final SyncIoSubmitRule rule = new SyncIoSubmitRule();

    /** The rule's one finding on a grid cell's bundle (fio's own report left out). */
    private Finding onlyFinding(String cell) {
        List<Finding> found = RuleHarness.files(rule, dev.ioverdict.testing.TestData.gridFilesWithout(cell, "fio.out"));
        assertEquals(1, found.size(), found.toString());
        return found.get(0);
    }

    private static Path[] xfs(String c) {
        return new Path[] {file(c, "strace-fio.txt"), file(c, "perf-syscalls.txt"), file(c, "perf-sched-stacks.txt")};
    }

    @Test
    void seed001IoSubmitSlowerThanGeteventsAndTheDevice() {
        List<Finding> found = RuleHarness.files(rule, file("seed-001-linuxki", "kipid-lgwr.txt"),
                file("seed-001-linuxki", "kitrace-lgwr.txt"));
        assertEquals(1, found.size());
        Finding f = found.get(0);
        assertEquals(Severity.CRITICAL, f.severity());
        assertEquals("6108", f.metrics().get("pid"));
        assertEquals(0.002526, (double) f.metrics().get("submitAvg"), 1e-12);
        assertEquals("2.53 ms", f.measurement("submitAvg").orElseThrow().display());
        assertEquals(0.001089, (double) f.metrics().get("geteventsAvg"), 1e-6);
        assertEquals(0.00095, (double) f.metrics().get("deviceService"), 1e-12);
        assertEquals(List.of("kipid-lgwr.txt:14", "kipid-lgwr.txt:19", "kipid-lgwr.txt:42", "kipid-lgwr.txt:32"),
                f.evidence().stream().map(e -> e.location()).toList());
    }

    /**
     * btrfs writes an unaligned direct write through the page cache and waits for its writeback inside
     * io_submit, writeback throttling holding it half the time: the finding says so from the stacks and
     * gives the two remedies, not the generic search for where io_submit sleeps.
     */
    @Test
    void btrfsWritingUnalignedDirectWritesThroughThePageCacheIsSaidFromTheStacks() {
        List<Finding> found = RuleHarness.files(rule,
                dev.ioverdict.testing.TestData.gridFilesWithout("btrfs-unaligned-8ms-ssd", "fio.out"));
        // two fio writers blocking alike: one cause, said once, naming both
        assertEquals(1, found.size(), found.toString());
        assertEquals("fio (pids 30625, 30624)", found.get(0).subject().label());
        assertTrue(found.get(0).summary().endsWith("Its other fio process, pid 30624 (144 calls averaging 20.2 ms), "
                + "blocks the same way."), found.get(0).summary());
        for (Finding f : found) {
            assertEquals(Severity.CRITICAL, f.severity());
            assertTrue(f.summary().contains("btrfs_direct_write, filemap_fdatawait_range")
                    && f.summary().contains("Writeback throttling holds its writes (wbt_wait)"), f.summary());
            assertTrue(f.recommendation().startsWith("Align the direct writes to the filesystem's sector size (4096 "
                    + "bytes on btrfs)") && f.recommendation().contains("wbt_lat_usec"), f.recommendation());
        }
    }

    /** libaio on a file opened without O_DIRECT: io_submit reads through the page cache, one read at a time. */
    @Test
    void bufferedAioIsSaidFromTheOpenWithItsFix() {
        Finding f = onlyFinding("buffered-aio-read-12ms-ssd");
        assertTrue(f.summary().contains("The files it submits to were opened without O_DIRECT (/mnt/grid/data)"),
                f.summary());
        assertTrue(f.recommendation().startsWith("Open the files with O_DIRECT (fio: direct=1)"), f.recommendation());
        // through the diagnosis: io_submit's time is the device's reads, so the finding is a remark, and its
        // remark does not call an application that waited for I/O most of the run "not I/O bound"
        List<Finding> judged = RuleHarness.bundle(rule, "grid/buffered-aio-read-12ms-ssd", Map.of());
        assertEquals(Severity.INFO, judged.get(0).severity());
        assertTrue(judged.get(0).summary().contains("and the application waited 2.94 s for I/O in all: almost all of "
                + "it elsewhere."), judged.get(0).summary());
    }

    /** ext4 makes an extending direct write synchronous: its sleep stacks wait for the write's own I/O. */
    @Test
    void ext4sSynchronousExtendingWritesAreSaidFromTheStacks() {
        Finding f = onlyFinding("ext4-dio-append-8ms-ssd");
        assertTrue(f.summary().contains("ext4 makes a direct write synchronous when it extends the file"), f.summary());
        assertTrue(f.recommendation().startsWith("Give the file its size before writing it"), f.recommendation());
    }

    @Test
    void seed000WaitsInGeteventsNotInSubmit() {
        assertEquals(List.of(), RuleHarness.files(rule, file("seed-000-strace", "strace-lgwr.txt")));
    }

    @Test
    void recordedUnalignedWritersBothBlockInSubmit() {
        List<Finding> found = RuleHarness.files(rule, xfs("xfs-unaligned-512b"));
        // one finding for the two fio writers, led by the one longest in io_submit, the other named beside it
        assertEquals(List.of("19468"), found.stream().map(f -> f.metrics().get("pid")).toList());
        assertEquals(List.of(19467, 19468), found.get(0).subject().pids().stream().sorted().toList());
        assertTrue(found.get(0).summary().contains("Its other fio process, pid 19467 ("), found.get(0).summary());
        assertTrue(found.stream().allMatch(f -> f.metrics().get("source").equals("perf-script")));
        assertTrue(found.stream().allMatch(f -> f.severity() == Severity.CRITICAL));
        // the 140288-byte writer: io_submit 4.76 ms against 2 us in io_getevents
        Finding big = found.get(0);
        assertEquals(0.004762, (double) big.metrics().get("submitAvg"), 0.000001);
        // io_submit holds all its AIO time; in the time model that time is the inode lock and its own writes
        assertTrue((double) big.metrics().get("submitSharePct") > 99, big.metrics().toString());
    }

    @Test
    void thresholdsComeFromTheConfiguration() {
        List<Finding> found = RuleHarness.files(rule, Map.of("sync-io-submit.min_submit_avg_ms", "3"),
                xfs("xfs-unaligned-512b"));
        assertEquals(List.of("19468"), found.stream().map(f -> f.metrics().get("pid")).toList());
    }

    @Test
    void alignedControlSubmitsQuickly() {
        assertEquals(List.of(), RuleHarness.files(rule, xfs("xfs-aligned-4k")));
    }
}
