package dev.ioverdict.rules.aio;

import static dev.ioverdict.testing.TestData.file;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.Confidence;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Severity;
import dev.ioverdict.testing.RuleHarness;
import dev.ioverdict.testing.TestData;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class UnalignedDioXfsRuleTest {
    private static final String UNALIGNED = "xfs-unaligned-512b";
    private final UnalignedDioXfsRule rule = new UnalignedDioXfsRule();

    private static Path[] unalignedTraces(Path... more) {
        List<Path> files = new ArrayList<>(List.of(file(UNALIGNED, "strace-fio.txt"), file(UNALIGNED, "perf-syscalls.txt"),
                file(UNALIGNED, "perf-sched-stacks.txt")));
        files.addAll(List.of(more));
        return files.toArray(Path[]::new);
    }

    @Test
    void recordedUnalignedWritesWithTheirFilesystemDescribed() {
        List<Finding> found = RuleHarness.files(rule,
                unalignedTraces(file(UNALIGNED, "xfs_info.txt"), file(UNALIGNED, "mounts.txt")));
        assertEquals(1, found.size());
        Finding f = found.get(0);
        assertEquals(Severity.CRITICAL, f.severity());
        assertEquals(Confidence.HIGH, f.confidence());
        assertEquals(1624L, f.metrics().get("unalignedWrites"));
        assertEquals(4096L, f.metrics().get("fsBlockSize"));
        assertEquals("4 KiB", f.measurement("fsBlockSize").orElseThrow().display());
        assertEquals("/tmp/iocap/sys-mnt/redo01.log", f.metrics().get("files"));
        assertEquals("xfs_info.txt:5", f.evidence().get(0).location());
        assertTrue(f.evidence().stream().anyMatch(e -> e.input().equals("strace-fio.txt") && e.text().contains("aio_nbytes=512")));
        assertTrue(f.evidence().stream().anyMatch(e -> e.input().equals("perf-sched-stacks.txt")));
        assertTrue(f.summary().contains("mount point /tmp/iocap/sys-mnt (mounts.txt:23)"), f.summary());
        assertTrue(!f.recommendation().contains("Oracle"),
                "fio writing a file called redo01.log is a benchmark, not Oracle: " + f.recommendation());
        // mkfs.xfs refuses -b size=512 on its current format (V5): only the deprecated V4 takes it
        assertTrue(f.recommendation().contains("multiples of 512 bytes only")
                && f.recommendation().contains("(mkfs.xfs -m crc=0 -b size=512)"), f.recommendation());
    }

    /**
     * Sleep stacks recorded the usual way, switch-outs only ({@code --filter 'prev_comm == "fio"'}): each
     * sleep lasts until the writer's next event (its next switch-out, its io_submit's exit in perf-syscalls.txt,
     * strace's). switchoutstats.py --exits: 2.501 s of the writers' 3.876 s asleep in io_submit and
     * io_getevents wait for the inode (64.5 %); timed switch-out to switch-in, 0.714 s of 1.05 s.
     */
    @Test
    void switchOutOnlyStacksMeasureTheDrainAsMostOfTheWait() {
        String c = "unaligned-switchout-only";
        Finding f = RuleHarness.files(rule, file(c, "strace-fio.txt"), file(c, "perf-syscalls.txt"),
                file(c, "perf-sched-stacks.txt"), file(c, "xfs_info.txt"), file(c, "mounts.txt")).get(0);
        assertEquals(Severity.CRITICAL, f.severity());
        assertEquals(2.501, (double) f.metrics().get("dioWaitSleep"), 0.002);
        assertEquals(64.5, (double) f.metrics().get("waitSharePct"), 0.1);
        assertTrue(f.confidenceReasons().stream().anyMatch(r -> r.startsWith("perf-sched-stacks.txt lacks these "
                + "threads' switch-ins: each sleep lasts until the thread's next event")), f.confidenceReasons().toString());
        assertTrue(f.evidence().stream().anyMatch(e -> e.location().equals("perf-sched-stacks.txt:1853")),
                f.evidence().toString());
    }

    /**
     * ext4 serialises unaligned direct writes as XFS does (ext4_dio_write_iter: the inode lock taken
     * exclusively, inode_dio_wait, the write made synchronous). The grid's ext4 cell was cut after fio's
     * open, so no path places the file: with sleep stacks, their ext4_file_write_iter says ext4, and its
     * i_rwsem waits count as waiting for the inode (70 % of the sleep, as the XFS cell's 58 %); without
     * them, the mounts hold ext4 and no XFS. Either way the finding names ext4, not XFS.
     */
    @Test
    void unalignedWritesOnExt4AreNamedAsExt4FromTheStacksOrTheMounts() {
        String cell = "ext4-unaligned-8ms-ssd";
        Finding stacks = RuleHarness.files(rule, TestData.gridFilesWithout(cell, "fio.out")).get(0);
        assertEquals(Severity.CRITICAL, stacks.severity());
        assertEquals("472 of 472 direct writes are not aligned to the 4096-byte ext4 block; io_submit waits for the inode",
                stacks.title());
        assertEquals(70.4, (double) stacks.metrics().get("waitSharePct"), 0.1);
        assertTrue(stacks.summary().contains("ext4 drains all other direct I/O of the inode")
                && stacks.summary().contains("its write path (ext4_file_write_iter) in the writers' sleep stacks "
                + "(perf-sched-stacks.txt:444)") && !stacks.summary().contains("XFS drains"), stacks.summary());
        assertEquals("tune2fs -l <device> | grep 'Block size'", stacks.assumptions().get(0).toConfirm());
        assertEquals("ext4 block size (assumed)", stacks.measurement("fsBlockSize").orElseThrow().label());

        Finding mounts = RuleHarness.files(rule, TestData.gridFilesWithout(cell, "fio.out", "perf-")).get(0);
        assertTrue(mounts.title().contains("4096-byte ext4 block"), mounts.title());
        assertTrue(mounts.summary().contains("the only filesystem type of the disks the bundle describes (mounts.txt:23"),
                mounts.summary());
        assertTrue(mounts.evidence().stream().anyMatch(e -> e.location().equals("mounts.txt:23")), mounts.evidence().toString());
        assertTrue(mounts.recommendation().contains("no ext4 block size takes them"), mounts.recommendation());
    }

    /**
     * btrfs does not drain: it writes an unaligned direct write through the page cache and waits for its
     * writeback (btrfs_direct_write, filemap_fdatawait_range in the stacks), so with the stacks this rule is
     * silent. Without them, and without the files' open, the bundle's disks hold btrfs and ext4: the finding
     * names no filesystem and says what it assumes.
     */
    @Test
    void onBtrfsNothingDrainsAndAFileNoTraceOrMountPlacesIsOnNoNamedFilesystem() {
        String cell = "btrfs-unaligned-8ms-ssd";
        assertEquals(List.of(), RuleHarness.files(rule, TestData.gridFilesWithout(cell, "fio.out")));
        Finding f = RuleHarness.files(rule, TestData.gridFilesWithout(cell, "fio.out", "perf-")).get(0);
        assertEquals("281 of 281 direct writes are not aligned to the 4096-byte filesystem block; io_submit waits for "
                + "the inode", f.title());
        assertTrue(f.summary().contains("the bundle's disks hold btrfs, ext4 (mounts.txt)")
                && !f.summary().contains("XFS's default"), f.summary());
        assertTrue(f.assumptions().stream().anyMatch(a -> a.toConfirm().startsWith("df -T <file>")), f.assumptions().toString());
    }

    @Test
    void withoutXfsInfoTheDefaultBlockSizeIsAssumedAndItsCommandNamed() {
        Finding f = RuleHarness.files(rule, unalignedTraces()).get(0);
        assertEquals(Confidence.MEDIUM, f.confidence());
        assertEquals("xfs_info <mount point> > xfs_info.txt; cat /proc/mounts > mounts.txt",
                f.assumptions().get(0).toConfirm());
        assertTrue(f.summary().contains("xfs_info <mount point> > xfs_info.txt"), f.summary());
    }

    /** The remedy of seed 001: the same writes on an XFS of 512-byte blocks are aligned. */
    @Test
    void theSameWritesOnA512ByteBlockXfsAreAligned() {
        Path image = TestData.bundle(UNALIGNED).resolve("fixtures/xfs_info-bsize512-image.txt");
        assertEquals(List.of(), RuleHarness.files(rule, unalignedTraces(image)));
    }

    @Test
    void alignedControlRaisesNothing() {
        String c = "xfs-aligned-4k";
        assertEquals(List.of(), RuleHarness.files(rule, file(c, "strace-fio.txt"), file(c, "perf-syscalls.txt"),
                file(c, "perf-sched-stacks.txt")));
    }

    @Test
    void seed001KitraceIocbsAndKipidSleepInInodeDioWait() {
        Finding f = RuleHarness.files(rule, file("seed-001-linuxki", "kipid-lgwr.txt"),
                file("seed-001-linuxki", "kitrace-lgwr.txt")).get(0);
        assertEquals(Severity.CRITICAL, f.severity());
        assertEquals(12L, f.metrics().get("unalignedWrites"));
        List<String> at = f.evidence().stream().map(e -> e.location()).toList();
        assertTrue(at.containsAll(List.of("kitrace-lgwr.txt:2", "kipid-lgwr.txt:14", "kipid-lgwr.txt:42")), at.toString());
        assertEquals(8.972124, (double) f.metrics().get("dioWaitSleep"), 1e-9);
        assertTrue(f.recommendation().contains("redo log BLOCKSIZE 4096"), "ora_lgwr writes: " + f.recommendation());
    }

    @Test
    void seed000IoSubmitIsQuickSoNothingIsRaised() {
        assertEquals(List.of(), RuleHarness.files(rule, file("seed-000-strace", "strace-lgwr.txt")));
    }

    private static Path grid(String cell, String name) {
        return TestData.root().resolve("testdata/grid").resolve(cell).resolve("bundle").resolve(name);
    }

    /**
     * The capture kit's recipe recorded without strace (capture.sh with STRACE_FILE=''): perf's syscall
     * tracepoints time io_submit but print no sizes. The block trace has them: fio's own bios, neither
     * flush, FUA nor metadata, 1,138 of 1,185 with a start or size off the 4 KiB block (awk over the
     * block_bio_queue lines of [fio] gives the same counts).
     */
    @Test
    void withoutStraceTheBlockTraceShowsTheUnalignedWritesOfTheWaitingWriters() {
        String c = "unaligned-4ms-ssd";
        List<Finding> found = RuleHarness.files(rule, grid(c, "perf-syscalls.txt"), grid(c, "perf-block.txt"),
                grid(c, "xfs_info.txt"), grid(c, "mounts.txt"), grid(c, "lsblk.txt"));
        assertEquals(1, found.size());
        Finding f = found.get(0);
        assertEquals(Severity.CRITICAL, f.severity());
        assertEquals(1138L, f.metrics().get("unalignedWrites"));
        assertEquals(1185L, f.metrics().get("directWrites"));
        assertEquals("/mnt/grid (loop0)", f.metrics().get("files"));
        assertEquals("398, 400", f.metrics().get("writers"));
        assertTrue(f.title().contains("direct writes in the block trace"), f.title());
        assertTrue(f.evidence().stream().anyMatch(e -> e.input().equals("perf-block.txt")
                && e.text().contains("block_bio_queue: 7,0 WS 1619250 + 6 [fio]")), f.evidence().toString());
    }

    /** The same recipe with 4 KiB writes: every bio fio queued is whole blocks, so nothing is said. */
    @Test
    void withoutStraceAlignedWritesInTheBlockTraceAreNotUnaligned() {
        String c = "aligned-8ms-ssd-control";
        assertEquals(List.of(), RuleHarness.files(rule, grid(c, "perf-syscalls.txt"), grid(c, "perf-block.txt"),
                grid(c, "xfs_info.txt"), grid(c, "mounts.txt"), grid(c, "lsblk.txt")));
    }

    /**
     * Four pwrite64 writers of 2 KiB direct writes, no AIO: each waits for the inode in pwrite64 (the drain, and the
     * lock the others hold). Before, the finding said "io_submit waits for the inode" and "io_submit is quick and
     * no sleep waiting for the inode was recorded": the rule read sleeps in AIO calls only.
     */
    @Test
    void writersWithoutAioWaitForTheInodeInTheirWriteCalls() {
        List<Finding> found = RuleHarness.files(rule, TestData.gridFilesWithout("unaligned-psync-j4-8ms-ssd", "fio.out"));
        assertEquals(1, found.size(), found.toString());
        Finding f = found.get(0);
        assertEquals(Severity.CRITICAL, f.severity());
        assertTrue(f.title().endsWith("; the writes wait for the inode"), f.title());
        assertTrue(f.summary().contains("the writes sleep waiting for the inode, in the drain (inode_dio_wait) or on the "
                + "inode lock another writer holds: ") && f.summary().contains("the writers slept in their write calls"),
                f.summary());
        assertTrue((double) f.metrics().get("waitSharePct") > 60, f.metrics().toString());
        // 2 KiB writes at 2 KiB offsets: a 2048-byte block takes them, which XFS's current format allows
        assertTrue(f.recommendation().contains("(each is a multiple of 2048 bytes): mkfs.xfs -b size=2048."),
                f.recommendation());
    }
}
