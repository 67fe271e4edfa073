package dev.ioverdict.analysis.syscall;

import static dev.ioverdict.testing.TestData.file;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.syscall.AioProcess;
import dev.ioverdict.model.syscall.FileAlignment;
import dev.ioverdict.model.syscall.SyscallSection;
import dev.ioverdict.model.syscall.SyscallStat;
import dev.ioverdict.testing.RuleHarness;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SyscallAnalysisTest {
    private static SyscallSection section(java.nio.file.Path... files) {
        return RuleHarness.data(files).results().get(SyscallSection.class).orElseThrow();
    }

    private static SyscallStat stat(SyscallSection s, String input, String name) {
        return s.byName().stream().filter(x -> x.input().equals(input) && x.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void linuxkiSystemCallReportFeedsCountsAndTimesWithoutPercentiles() {
        SyscallSection s = section(file("seed-001-linuxki", "kipid-lgwr.txt"));
        SyscallStat submit = stat(s, "kipid-lgwr.txt", "io_submit");
        assertEquals("linuxki", submit.source());
        assertEquals(4593, submit.count());
        assertEquals(11.602889, submit.total(), 1e-9);
        assertEquals(0.002526, submit.avg(), 1e-9);
        assertEquals(0.052115, submit.max(), 1e-9);
        assertNull(submit.p50());
        assertNull(submit.min());
        AioProcess lgwr = s.aio().get(0);
        assertEquals(6108, lgwr.pid());
        assertEquals("ora_lgwr_PROD1", lgwr.comm());
        assertEquals(100 * 11.602889 / (11.602889 + 5.003639), lgwr.submitSharePct(), 1e-9);
        assertEquals("inode_dio_wait", s.sleepStacks().get(0).frames().get(0));
    }

    @Test
    void straceCallsGivePercentilesAndTheAioView() {
        SyscallSection s = section(file("seed-000-strace", "strace-lgwr.txt"));
        SyscallStat getevents = stat(s, "strace-lgwr.txt", "io_getevents");
        assertEquals(1, getevents.count());
        assertEquals(0.995326, getevents.p99(), 1e-9);
        assertEquals(0.995326, getevents.min(), 1e-12);
        AioProcess p = s.aio().get(0);
        assertEquals(17203, p.pid());
        assertEquals(2L, p.iocbs());
        assertEquals(100 * 0.000115 / (0.000115 + 0.995326), p.submitSharePct(), 1e-9);
        List<FileAlignment> files = s.alignment();
        assertEquals(List.of("fd 309 (pid 17203)", "fd 311 (pid 17203)"), files.stream().map(FileAlignment::file).toList());
        // 97662106624 = 4096 * 23843287 + 3072: a 1 KiB-aligned offset
        assertEquals(1L, files.get(0).offsetClasses().get("1K"));
        assertEquals(1L, files.get(0).requestClasses().get("512"));
    }

    @Test
    void recordedRunAlignmentClassesAndTheFilesystemOfTheFile() {
        String c = "xfs-unaligned-512b";
        SyscallSection s = section(file(c, "strace-fio.txt"), file(c, "xfs_info.txt"), file(c, "mounts.txt"));
        FileAlignment redo = s.alignment().stream().filter(f -> f.file().endsWith("redo01.log")).findFirst().orElseThrow();
        assertEquals(Boolean.TRUE, redo.direct());
        assertEquals("io_submit", redo.via());
        assertEquals(1624, redo.requests());
        assertEquals(Map.of("<512", 0L, "512", 1268L, "1K", 356L, "2K", 0L, "4K", 0L, "larger", 0L), redo.sizeClasses());
        assertEquals(4096, redo.fsBlockSize());
        assertEquals("/tmp/iocap/sys-mnt", redo.fsMount());
        assertEquals(1624L, redo.unalignedToFsBlock());
        assertTrue(redo.fsResolvedBy().startsWith("mount point /tmp/iocap/sys-mnt"));
        assertEquals(512, redo.minSize());
        assertEquals(140288, redo.maxSize());
        assertEquals(512L * 1268 + 140288L * 356, redo.bytes());
    }
}
