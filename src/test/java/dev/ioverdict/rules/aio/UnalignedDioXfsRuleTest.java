package dev.ioverdict.rules.aio;

import static dev.ioverdict.testing.CaseFixture.file;
import static dev.ioverdict.testing.CaseFixture.line;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.config.FilesystemInfo;
import dev.ioverdict.testing.CaseFixture;
import dev.ioverdict.testing.TestData;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class UnalignedDioXfsRuleTest {
    private static final String UNALIGNED = "xfs-unaligned-512b";

    private static List<Path> unalignedTraces() {
        return List.of(file(UNALIGNED, "strace-fio.txt"), file(UNALIGNED, "perf-syscalls.txt"),
                file(UNALIGNED, "perf-sched-stacks.txt"));
    }

    /** The xfs_info and /proc/mounts lines of the recording, as the config parsers will describe them. */
    private static List<Object> recordedFilesystem() {
        Path xfsInfo = file(UNALIGNED, "xfs_info.txt");
        Path mounts = file(UNALIGNED, "mounts.txt");
        String data = line(xfsInfo, 5);
        String mount = line(mounts, 23);
        assertTrue(data.contains("bsize=4096") && line(xfsInfo, 1).startsWith("meta-data=/dev/loop0"));
        assertTrue(mount.startsWith("/dev/loop0 /tmp/iocap/sys-mnt xfs "));
        return List.of(new FilesystemInfo("/dev/loop0", null, "xfs", 4096, 512, "xfs_info.txt", 5, data),
                new FilesystemInfo("/dev/loop0", "/tmp/iocap/sys-mnt", "xfs", null, null, "mounts.txt", 23, mount));
    }

    private static List<Finding> run(CaseData data) {
        return CaseFixture.findings(new UnalignedDioXfsRule(), data, Map.of());
    }

    @Test
    void recordedUnalignedWritesWithTheirFilesystemDescribed() {
        List<Finding> found = run(CaseFixture.read(unalignedTraces(), recordedFilesystem()));
        assertEquals(1, found.size());
        Finding f = found.get(0);
        assertEquals(Severity.CRITICAL, f.severity());
        assertEquals(Finding.Confidence.HIGH, f.confidence());
        assertEquals(1624L, f.metrics().get("unalignedWrites"));
        assertEquals(4096, f.metrics().get("fsBlockSize"));
        assertEquals(false, f.metrics().get("fsBlockSizeAssumed"));
        assertEquals("/tmp/iocap/sys-mnt/redo01.log", f.metrics().get("files"));
        assertEquals("xfs_info.txt:5", f.evidence().get(0).location());
        assertTrue(f.evidence().stream().anyMatch(e -> e.input().equals("strace-fio.txt") && e.text().contains("aio_nbytes=512")));
        assertTrue(f.evidence().stream().anyMatch(e -> e.input().equals("perf-sched-stacks.txt")));
        assertTrue(f.summary().contains("mount point /tmp/iocap/sys-mnt (mounts.txt:23)"), f.summary());
    }

    @Test
    void withoutXfsInfoTheDefaultBlockSizeIsAssumedAndItsCommandNamed() {
        Finding f = run(CaseFixture.read(unalignedTraces(), List.of())).get(0);
        assertEquals(Finding.Confidence.MEDIUM, f.confidence());
        assertEquals(true, f.metrics().get("fsBlockSizeAssumed"));
        assertTrue(f.summary().contains("xfs_info <mount point> > xfs_info.txt"), f.summary());
    }

    /** The remedy of seed 001: the same writes on an XFS of 512-byte blocks are aligned. */
    @Test
    void theSameWritesOnA512ByteBlockXfsAreAligned() {
        Path image = TestData.bundle(UNALIGNED).resolve("fixtures/xfs_info-bsize512-image.txt");
        String data = line(image, 5);
        assertTrue(data.contains("bsize=512 "));
        var fs = new FilesystemInfo("img", null, "xfs", 512, 512, "xfs_info-bsize512-image.txt", 5, data);
        assertEquals(List.of(), run(CaseFixture.read(unalignedTraces(), List.of(fs))));
    }

    @Test
    void alignedControlRaisesNothing() {
        String c = "xfs-aligned-4k";
        var data = CaseFixture.read(List.of(file(c, "strace-fio.txt"), file(c, "perf-syscalls.txt"),
                file(c, "perf-sched-stacks.txt")), List.of());
        assertEquals(List.of(), run(data));
    }

    @Test
    void seed001KitraceIocbsAndKipidSleepInInodeDioWait() {
        var data = CaseFixture.read(List.of(file("seed-001-linuxki", "kipid-lgwr.txt"),
                file("seed-001-linuxki", "kitrace-lgwr.txt")), List.of());
        Finding f = run(data).get(0);
        assertEquals(Severity.CRITICAL, f.severity());
        assertEquals(12L, f.metrics().get("unalignedWrites"));
        List<String> at = f.evidence().stream().map(e -> e.location()).toList();
        assertTrue(at.containsAll(List.of("kitrace-lgwr.txt:2", "kipid-lgwr.txt:14", "kipid-lgwr.txt:42")), at.toString());
        assertEquals(8.972124, (double) f.metrics().get("dioWaitSleepSec"), 1e-9);
    }

    @Test
    void seed000IoSubmitIsQuickSoNothingIsRaised() {
        var data = CaseFixture.read(List.of(file("seed-000-strace", "strace-lgwr.txt")), List.of());
        assertEquals(List.of(), run(data));
    }
}
