package dev.ioverdict.analysis.timemodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.timemodel.DeviceTime;
import dev.ioverdict.model.timemodel.Part;
import dev.ioverdict.model.timemodel.ProcessWait;
import dev.ioverdict.model.timemodel.TimeModel;
import dev.ioverdict.model.timemodel.WaitPart;
import dev.ioverdict.testing.RuleHarness;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The time model on real captures of the grid: who the application is, and how each part was measured. */
class TimeModelCapturesTest {
    private static TimeModel model(String cell) throws Exception {
        Path bundle = TestData.bundle("grid/" + cell).resolve("bundle");
        Path[] files;
        try (Stream<Path> s = Files.list(bundle)) {
            files = s.sorted().toArray(Path[]::new);
        }
        return RuleHarness.data(files).results().get(TimeModel.class).orElseThrow();
    }

    /** The model of a grid cell's block trace alone: its perf-block.txt and the configuration beside it. */
    private static TimeModel blockOnly(String cell) {
        Path bundle = TestData.bundle("grid/" + cell).resolve("bundle");
        return RuleHarness.data(bundle.resolve("perf-block.txt"), bundle.resolve("queue-settings.txt"),
                bundle.resolve("lsblk.txt")).results().get(TimeModel.class).orElseThrow();
    }

    private static double seconds(ProcessWait p, Part part) {
        return p.parts().stream().filter(w -> w.part() == part).mapToDouble(WaitPart::seconds).sum();
    }

    @Test
    void aBioBasedDevicesQ2cIsItsOwnTime() throws Exception {
        // zram0 (RAM, bio-based: Q and C only, major 253 as device-mapper's) beside strace and iostat: its reads'
        // Q2C is the device's time, not a volume's time spent in legs the trace lacks; fio's parent, which read its
        // libraries from the system disk, stays on vda, where its files live
        Path bundle = TestData.bundle("grid/zram-randread-qd4").resolve("bundle");
        TimeModel m = RuleHarness.data(bundle.resolve("blkparse.txt"), bundle.resolve("strace-fio.txt"),
                bundle.resolve("iostat-x.txt"), bundle.resolve("mounts.txt"), bundle.resolve("lsblk.txt"),
                bundle.resolve("queue-settings.txt")).results().get(TimeModel.class).orElseThrow();
        DeviceTime zram = m.device("zram0").orElseThrow();
        assertEquals("block trace", zram.source());
        assertEquals(0.0177, zram.readServiceMs(), 0.0005);
        ProcessWait fio = m.application().stream().filter(p -> p.pids().contains(32406)).findFirst().orElseThrow();
        WaitPart device = fio.parts().stream().filter(w -> w.part() == Part.DEVICE).findFirst().orElseThrow();
        assertEquals("zram0", device.device());
        assertTrue(device.method().contains("its own requests spent their time in the block trace"), device.method());
        ProcessWait parent = m.application().stream().filter(p -> p.pids().contains(32402)).findFirst().orElseThrow();
        assertTrue(parent.parts().stream().filter(w -> w.part() == Part.DEVICE).allMatch(w -> "vda".equals(w.device())),
                parent.parts().toString());
    }

    @Test
    void iostatAloneCountsAStackOnce() {
        // the kit's stack on a 50 ms disk, iostat and the configuration only: loop1's file lives on loop0's XFS
        // (losetup.txt, mounts.txt), so its 49.5 ms per request are loop0's and the devices' time is loop0's alone
        TimeModel m = RuleHarness.data(TestData.gridFilesWithout("stacked-loop-on-50ms-hdd", "strace", "perf", "fio"))
                .results().get(TimeModel.class).orElseThrow();
        assertEquals(TimeModel.Basis.DEVICE, m.basis());
        double loop0 = m.devices().stream().filter(d -> d.device().equals("loop0")).findFirst().orElseThrow().deviceSeconds();
        assertEquals(loop0, m.waitSeconds(), 1e-9);
        assertTrue(m.notes().contains("loop1 is stacked on loop0: its time is loop0's, counted once"), m.notes().toString());
    }

    @Test
    void withoutABlockTraceTheWaitInBfqServingOneAtATimeIsTheSchedulers() throws Exception {
        // the kit's scheduler recipe on two-slot flash, strace and iostat only: bfq (strict_guarantees 1) holds the
        // writer's requests; each direction's wait in loop0 beyond its busy time per completion is the scheduler's
        // (the block trace of the same run says ~92 % of the writer's wait and ~54 % of the reader's)
        TimeModel m = RuleHarness.data(TestData.gridFilesWithout("sched-bfq-seqwriter-4ms-s2-ssd", "perf", "fio"))
                .results().get(TimeModel.class).orElseThrow();
        ProcessWait writer = m.application().stream().filter(p -> p.pids().contains(20364)).findFirst().orElseThrow();
        ProcessWait reader = m.application().stream().filter(p -> p.pids().contains(20363)).findFirst().orElseThrow();
        assertEquals(0.915, seconds(writer, Part.SCHEDULER) / writer.waitSeconds(), 0.005);
        assertEquals(0.527, seconds(reader, Part.SCHEDULER) / reader.waitSeconds(), 0.005);
    }

    @Test
    void withoutABlockTraceAsynchronousWritesWithAFlushBesideEachAreDurableWrites() {
        // O_DSYNC libaio writes on a 2 ms disk, strace and iostat only: the file's open is before the trace and fio
        // calls no fsync, but iostat counts a flush beside most writes (f/s 155 of w/s 311 at 1.75 ms): the writes'
        // completion waits are each write's own time (w_await less the flushes it can hold, a lower bound) and the
        // cost of durability; the block trace of the same run gives the flushes 49 %, this estimate more
        TimeModel m = RuleHarness.data(TestData.gridFilesWithout("dsync-write-2ms-s4-hdd", "perf", "fio"))
                .results().get(TimeModel.class).orElseThrow();
        ProcessWait fio = m.application().get(0);
        double flush = seconds(fio, Part.FLUSH) / fio.waitSeconds();
        assertTrue(flush > 0.45 && flush < 0.8, fio.parts().toString());
        assertTrue(seconds(fio, Part.DEVICE) / fio.waitSeconds() > 0.2, fio.parts().toString());
    }

    @Test
    void anFdatasyncsEmptyPreflushWaitsForTheCacheFlushInTheBlockTraceAlone() {
        // O_DIRECT writes with fdatasync after each, the block trace alone: fio queues an empty preflush bio
        // (perf-block.txt:2, FWS 0 + 0) that the flush issued after it (FF, 7.4 ms) completes; 195 of them are
        // half of fio's time in the device, as the strace of the same run says (flush 49.2 %)
        ProcessWait fio = blockOnly("fdatasync-direct-8ms-s4-ssd").application().get(0);
        double whole = fio.waitSeconds();
        assertEquals(0.498, seconds(fio, Part.FLUSH) / whole, 0.01, fio.parts().toString());
        assertEquals(0.501, seconds(fio, Part.DEVICE) / whole, 0.01, fio.parts().toString());
        assertEquals(390, fio.calls());
    }

    @Test
    void aCommittersFlushesQueueBehindANeighboursWritebackLikeItsData() throws Exception {
        // fsync after every 4 KiB append beside a copy's writeback on a two-slot disk: the committer's own requests
        // took 7.3 ms alone and 26 ms beside the writeback; its cache flushes and journal writes queue in the same
        // device, so the model splits them in the same measure: most of its wait is behind the copy, not the flushes
        ProcessWait fio = model("fsync-behind-writeback-8ms-s2-hdd").application().get(0);
        double whole = fio.waitSeconds();
        assertEquals(0.605, seconds(fio, Part.BEHIND_OTHER_IO) / whole, 0.02, fio.parts().toString());
        assertEquals(0.213, seconds(fio, Part.FLUSH) / whole, 0.02, fio.parts().toString());
        assertTrue(fio.parts().stream().filter(w -> w.part() == Part.BEHIND_OTHER_IO).flatMap(w -> w.others().stream())
                .anyMatch(o -> "restore".equals(o.command())), fio.parts().toString());
        // strace and iostat alone: its 140 KB against the device's 80 MB a second while busy, the fsyncs' wait is
        // behind I/O its calls did not issue
        ProcessWait traced = RuleHarness.data(TestData.gridFilesWithout("fsync-behind-writeback-8ms-s2-hdd", "perf-",
                "fio.out", "restore.out")).results().get(TimeModel.class).orElseThrow().application().get(0);
        assertTrue(seconds(traced, Part.BEHIND_OTHER_IO) > 0.7 * traced.waitSeconds(), traced.parts().toString());
    }

    @Test
    void twoReadersServedSideBySideInASlowDeviceWaitForItNotForEachOther() throws Exception {
        // two readers of three requests each in eight slots of a 20 ms flash device: D2C 19.4 ms at every depth, so
        // the others holding half of its time is no queue; each one's wait is the device's
        for (ProcessWait p : model("two-readers-20ms-s8-ssd").application()) {
            assertEquals(0, seconds(p, Part.BEHIND_OTHER_IO), 1e-9, p.command() + ": " + p.parts());
            assertTrue(seconds(p, Part.DEVICE) > 0.99 * p.waitSeconds(), p.command() + ": " + p.parts());
        }
    }

    @Test
    void ioUringsRequestsGoToTheFileItOpenedForDirectIoInTheDevicesMix() throws Exception {
        // strace and iostat alone, from the start: fio reads its job file, opens /mnt/grid/data O_DIRECT, then
        // writes through io_uring, whose entries name no file and no direction. The open names the device; its few
        // reads of the job file are not the ring's direction: its wait is the disk's writes (it went to the VM's
        // disk, then to the page cache)
        ProcessWait fio = RuleHarness.data(TestData.gridFilesWithout("uring-saturated-6ms-s4-qd32-hdd-start", "perf-",
                "fio.out")).results().get(TimeModel.class).orElseThrow().application().get(0);
        assertTrue(fio.parts().stream().filter(w -> w.part() == Part.DEVICE).allMatch(w -> "loop0".equals(w.device())
                && "write".equals(w.direction())), fio.parts().toString());
        assertTrue(seconds(fio, Part.DEVICE) > 0.95 * fio.waitSeconds(), fio.parts().toString());
    }

    @Test
    void aJournalWritesWaitForItsPreflushIsFlushNotTagWait() {
        // fsync after every write, the block trace alone: XFS's log write (FWFSM) has its request at G and is
        // inserted once the preflush before it completed (perf-block.txt:203..207, 2.3 ms): a third of fio's
        // Q2C, the flush's time; the sequence (two flushes and the log write) is about two thirds of it
        ProcessWait fio = blockOnly("fsync-journal-3ms-ssd").application().get(0);
        double whole = fio.waitSeconds();
        assertTrue(seconds(fio, Part.TAG_WAIT) < 0.01 * whole, fio.parts().toString());
        assertTrue(seconds(fio, Part.FLUSH) > 0.55 * whole && seconds(fio, Part.FLUSH) < 0.8 * whole,
                fio.parts().toString());
        assertTrue(seconds(fio, Part.DEVICE) > 0.2 * whole, fio.parts().toString());
    }

    @Test
    void bufferedWritesTheKernelWritesBackAreTheCopyAndTheThrottleNotFlushes() throws Exception {
        // the strace is cut after fio opened its file, so no O_DIRECT or O_SYNC flag is known; the block trace
        // shows the flusher (kworker) writing ~1 MiB requests and no write queued by fio (perf-block.txt): its
        // writes went to the page cache. Its 64 KiB writes that slept (10-110 ms) were held by dirty-page
        // throttling, not by the XFS log's cache flushes that were in flight meanwhile
        ProcessWait fio = model("dirty-buffered-8ms-hdd").application().get(0);
        double whole = fio.waitSeconds();
        assertEquals(0.0, seconds(fio, Part.FLUSH), fio.parts().toString());
        assertTrue(seconds(fio, Part.WRITEBACK) > 0.5 * whole, fio.parts().toString());
        assertTrue(seconds(fio, Part.SUBMISSION) > 0.05 * whole, fio.parts().toString());
        assertTrue(fio.parts().stream().anyMatch(w -> w.part() == Part.WRITEBACK
                && w.method().contains("the kernel's writeback writing while none of its writes is queued")),
                fio.parts().toString());
    }

    @Test
    void ioSubmitWithoutStacksThatSleepsWhileItsRequestsWaitForATagIsTagWait() throws Exception {
        // iodepth 256 on a one-slot device: the 128 tags are held inside it, and fio's io_submit sleeps 1.77 ms a
        // call; no sleep stacks, but its own requests' Q2G sums 2.64 s (perf-block.txt, block_bio_queue to
        // block_getrq), and blk-mq takes the tag inside the submitting call
        ProcessWait fio = model("qd256-1slot-2ms-ssd").application().get(0);
        double whole = fio.waitSeconds();
        assertTrue(seconds(fio, Part.TAG_WAIT) > 0.85 * whole, fio.parts().toString());
        assertTrue(fio.parts().stream().anyMatch(w -> w.part() == Part.TAG_WAIT && "loop0".equals(w.device())),
                fio.parts().toString());
    }

    @Test
    void anODsyncWritesCompletionWaitsForTheFlushAfterIt() throws Exception {
        // libaio writes on a file opened O_DSYNC: each of fio's writes (4.2 ms) is followed by a cache flush a
        // kworker queues (4.1 ms), and io_getevents returns after both; the flush half was "not explained"
        ProcessWait fio = model("dsync-write-4ms-ssd").application().get(0);
        double whole = fio.waitSeconds();
        assertTrue(seconds(fio, Part.FLUSH) > 0.35 * whole, fio.parts().toString());
        assertTrue(seconds(fio, Part.DEVICE) > 0.35 * whole, fio.parts().toString());
        assertTrue(seconds(fio, Part.NOT_EXPLAINED) < 0.1 * whole, fio.parts().toString());
    }

    @Test
    void writesToAFileOpenedODsyncAreDurableWritesNotThePageCache() throws Exception {
        // strace and iostat alone: pwrite64 on a file the trace shows opened O_DSYNC (without O_DIRECT), each call
        // 10.4 ms; iostat gives a write of the device's own 2.5 ms (w_await less the flushes it holds). The call's
        // data write is the device part, the log's write and the flushes the rest; none of it is dirty-page throttling
        ProcessWait fio = model("dsync-open-3ms-ssd").application().get(0);
        assertEquals("fio", fio.command());
        double whole = fio.waitSeconds();
        assertEquals(0.0, seconds(fio, Part.WRITEBACK), fio.parts().toString());
        assertEquals(0.757, seconds(fio, Part.FLUSH) / whole, 0.02, fio.parts().toString());
        assertEquals(0.243, seconds(fio, Part.DEVICE) / whole, 0.02, fio.parts().toString());
        assertTrue(fio.parts().stream().anyMatch(w -> w.part() == Part.FLUSH
                && w.method().contains("the trace shows their files opened O_SYNC or O_DSYNC")
                && w.method().contains("each of its 288 calls waits for one write of its data, 2.50 ms")),
                fio.parts().toString());
    }

    @Test
    void writesWhoseOpenIsOutsideTheTraceAreDurableWhereIostatCountsAFlushBesideEach() throws Exception {
        // the O_SYNC cell without its perf files: the open is before the cut and no fsync is called, but iostat
        // counts a cache flush beside nearly every write of loop0 (f/s): the writes are commits
        ProcessWait fio = RuleHarness.data(TestData.gridFilesWithout("osync-journal-4ms-ssd", "perf-", "fio.out"))
                .results().get(TimeModel.class).orElseThrow().application().get(0);
        double whole = fio.waitSeconds();
        assertTrue(seconds(fio, Part.FLUSH) > 0.6 * whole, fio.parts().toString());
        assertTrue(fio.parts().stream().anyMatch(w -> w.part() == Part.FLUSH
                && w.method().contains("iostat counts a cache flush beside most of loop0's writes")), fio.parts().toString());
    }

    @Test
    void ioUringsRequestsAreCountedButTheirBytesAreNotClaimedAsSomeoneElses() throws Exception {
        // strace and iostat alone: io_uring_enter returns the entries it submitted, but their size and direction
        // live in the shared ring. The requests are counted, so the device is the one whose await matches the wait
        // per request (loop0, not the VM's disk the capture wrote to), and with no byte count the device's load
        // is not called another process's
        for (String cell : List.of("uring-read-12ms-s8-ssd", "uring-saturated-3ms-s1-qd32-ssd")) {
            ProcessWait fio = RuleHarness.data(TestData.gridFilesWithout(cell, "perf-", "fio.out"))
                    .results().get(TimeModel.class).orElseThrow().application().get(0);
            assertEquals(0.0, seconds(fio, Part.BEHIND_OTHER_IO), cell + ": " + fio.parts());
            assertTrue(fio.parts().stream().filter(w -> w.part() == Part.DEVICE).allMatch(w -> "loop0".equals(w.device())),
                    cell + ": " + fio.parts());
            assertTrue(seconds(fio, Part.DEVICE) > 0.95 * fio.waitSeconds(), cell + ": " + fio.parts());
        }
    }

    @Test
    void aNamelessBlockTracesRequestsAreHeldByTheCommandTheSyscallTraceGivesTheirPid() throws Exception {
        // blktrace through the kernel's blk tracer: blkparse prints "(null)" for every process. The two unaligned
        // writers are fio's jobs in the strace (it shows fio's execve and the clones): the device is held by fio,
        // its own load, not by two nameless pids
        TimeModel m = model("blk-unaligned-8ms-ssd");
        assertTrue(m.slices().stream().flatMap(s -> s.devices().stream()).flatMap(d -> d.holders().stream())
                .allMatch(h -> h.command().equals("fio")), m.slices().toString());
        assertTrue(m.application().stream().flatMap(p -> p.parts().stream())
                .noneMatch(w -> w.part() == Part.BEHIND_OTHER_IO), m.application().toString());
    }

    @Test
    void writeCallsFasterThanTheirDeviceWritesAreThePageCacheThrottledByWriteback() throws Exception {
        // GNU dd's 1 MiB buffered writes, the open outside the window: 6.4 ms a call where a write of the disk takes
        // 24 ms (iostat w_await). A write that waited for the device could not return sooner: each is a copy into
        // the page cache, paused by balance_dirty_pages
        ProcessWait dd = model("dirty-dd-8ms-hdd").application().get(0);
        assertTrue(seconds(dd, Part.WRITEBACK) > 0.9 * dd.waitSeconds(), dd.parts().toString());
        assertTrue(dd.largest().orElseThrow().method().contains("under half the 24.2 ms a write of loop0 takes"),
                dd.largest().orElseThrow().method());
        // its reads of /dev/zero (descriptor 0, moved there before the window) moved 133 MiB a second loop0 never read
        assertTrue(dd.parts().stream().filter(w -> "read".equals(w.direction()))
                .allMatch(w -> w.part() == Part.SUBMISSION && w.method().contains("served from memory")), dd.parts().toString());
        // an O_SYNC writer whose open is outside the trace is not taken for the page cache: its calls outlast w_await
        ProcessWait osync = RuleHarness.data(TestData.gridFilesWithout("osync-journal-4ms-ssd", "perf-", "fio.out"))
                .results().get(TimeModel.class).orElseThrow().application().get(0);
        assertEquals(0.0, seconds(osync, Part.WRITEBACK), osync.parts().toString());
    }

    @Test
    void aReaderWhoseWritesGoToStandardOutputIsOnTheDeviceThatMovedItsReads() throws Exception {
        // cat of a file on a saturated disk, strace and iostat alone, the open outside the window: its writes to
        // /dev/null double the bytes no device moved; loop0 moved its reads
        ProcessWait cat = RuleHarness.data(TestData.gridFilesWithout("cat-seqread-40ms-hdd", "perf-"))
                .results().get(TimeModel.class).orElseThrow().application().get(0);
        assertTrue(cat.parts().stream().filter(w -> w.part() == Part.DEVICE).allMatch(w -> "loop0".equals(w.device())),
                cat.parts().toString());
        assertTrue(seconds(cat, Part.DEVICE) > 0.95 * cat.waitSeconds(), cat.parts().toString());
    }

    @Test
    void fsyncWithoutABlockTraceIsSplitWithIostatsOwnWriteTimeOnTheDeviceThatFlushes() throws Exception {
        // fsync after every buffered write on a disk, strace and iostat alone: the writes return from the page cache
        // in microseconds, closest to the VM's disk; the device is the one whose flushes a second match the fsyncs,
        // and each call waits for one write of its data (w_await less the flushes it holds), the rest durability
        ProcessWait fio = RuleHarness.data(TestData.gridFilesWithout("fsync-journal-8ms-hdd", "perf-", "fio.out"))
                .results().get(TimeModel.class).orElseThrow().application().get(0);
        assertTrue(fio.parts().stream().filter(w -> w.part() == Part.FLUSH).allMatch(w -> "loop0".equals(w.device())),
                fio.parts().toString());
        double flush = seconds(fio, Part.FLUSH) / fio.waitSeconds();
        assertTrue(flush > 0.6 && flush < 0.9, "flush " + flush + ": " + fio.parts());
        assertTrue(fio.parts().stream().filter(w -> w.part() == Part.FLUSH).allMatch(w -> w.method().contains(
                "fsync time split with iostat")), fio.parts().toString());
    }

    @Test
    void anFdatasyncAfterWriteCallsAsSlowAsTheDevicesWritesWaitsForTheFlushAlone() throws Exception {
        // O_DIRECT writes with fdatasync after each, strace and iostat alone, the open before the trace: each pwrite64
        // takes 7.5 ms, a write of the device's own, so its data is on the device before the fdatasync, which waits
        // for the flush alone (half the wait, as the block trace of the run says; it was given a quarter, as if it
        // had written the data again)
        ProcessWait fio = RuleHarness.data(TestData.gridFilesWithout("fdatasync-direct-8ms-s4-ssd", "perf-", "fio.out"))
                .results().get(TimeModel.class).orElseThrow().application().get(0);
        assertEquals(0.5, seconds(fio, Part.FLUSH) / fio.waitSeconds(), 0.02, fio.parts().toString());
        assertTrue(fio.parts().stream().filter(w -> w.part() == Part.FLUSH).allMatch(w -> w.method().contains(
                "as long as a write of the device's own")), fio.parts().toString());
    }

    @Test
    void bufferedAioReadsWaitInIoSubmitForTheDeviceWithTheOpenOrWithPerfsClock() throws Exception {
        // libaio without O_DIRECT (strace-fio.txt holds the open, O_RDONLY): each io_submit reads through the page
        // cache and returns 11.6 ms later with the data in, one read at a time on a 12 ms device. Without sleep
        // stacks its time was all 'submission' and the slow device a 0.1 % note. From the open, and without strace
        // from perf's calls on the block trace's clock (a read queued and completed inside each long io_submit)
        for (ProcessWait fio : List.of(model("buffered-aio-read-12ms-ssd").application().get(0),
                RuleHarness.data(TestData.gridFilesWithout("buffered-aio-read-12ms-ssd", "strace", "fio.out"))
                        .results().get(TimeModel.class).orElseThrow().application().get(0))) {
            double whole = fio.waitSeconds();
            assertTrue(fio.parts().stream().filter(w -> w.part() == Part.DEVICE && "read".equals(w.direction())
                    && "loop0".equals(w.device())).mapToDouble(WaitPart::seconds).sum() > 0.9 * whole,
                    fio.parts().toString());
            assertTrue(seconds(fio, Part.SUBMISSION) < 0.05 * whole, fio.parts().toString());
        }
    }

    @Test
    void anUnalignedWritersSubmissionThatHoldsItsOwnWritesStaysTheDrainsWithoutStacks() throws Exception {
        // the other side of the read-only per-call test above: XFS makes an unaligned direct write synchronous after
        // the drain, so its writes are queued and completed inside io_submit too; perf's calls and block trace
        // without stacks or strace leave that wait to the inode, as unaligned-dio-xfs measures it
        ProcessWait fio = RuleHarness.data(TestData.gridFilesWithout("unaligned-4ms-ssd", "strace", "fio.out"))
                .results().get(TimeModel.class).orElseThrow().application().get(0);
        assertTrue(seconds(fio, Part.DEVICE) < 0.5 * fio.waitSeconds(), fio.parts().toString());
    }

    @Test
    void anFsyncOfMuchBufferedDataWithoutABlockTraceWritesItsDataBeforeItFlushes() throws Exception {
        // 192 MiB written through the page cache, then one fsync of 2.5 s on a one-slot disk: strace and iostat only,
        // and iostat counts few flushes beside the writeback's writes (no commit pattern). Before, all of the fsync
        // was 'flush' and sync-write-latency named 192 buffered writes as O_SYNC ones; the data's bytes at the
        // disk's write rate while busy (~75 MB/s) are the fsync's time, as the block trace shows
        ProcessWait fio = RuleHarness.data(TestData.gridFilesWithout("buffered-end-fsync-8ms-s1-hdd", "perf-", "fio.out"))
                .results().get(TimeModel.class).orElseThrow().application().get(0);
        double whole = fio.waitSeconds();
        assertTrue(seconds(fio, Part.DEVICE) > 0.85 * whole, fio.parts().toString());
        assertTrue(seconds(fio, Part.FLUSH) < 0.1 * whole, fio.parts().toString());
        assertTrue(fio.parts().stream().anyMatch(w -> w.part() == Part.DEVICE && w.method().contains(
                "MB it wrote through the page cache")), fio.parts().toString());
    }

    @Test
    void aThreadReadingAMappedFileWaitsInPageFaultsForItsOwnReads() throws Exception {
        // fio's mmap engine: the job thread makes no system call in the window, the block trace shows its reads;
        // the shell and compiler page faults of the recording's other processes stay out (too few, immaterial)
        TimeModel m = model("mmap-read-12ms-ssd");
        ProcessWait fio = m.application().get(0);
        assertEquals(List.of(7267), fio.pids());
        assertEquals("fio", fio.command());
        assertTrue(seconds(fio, Part.DEVICE) > 0.95 * fio.waitSeconds(), fio.parts().toString());
        assertTrue(m.notes().stream().anyMatch(n -> n.startsWith("fio pid 7267 made no I/O system call the traces "
                + "show, yet queued")), m.notes().toString());
    }

    /**
     * btrfs writes an unaligned direct write through the page cache inside io_submit: writeback throttling
     * holds the bio before it gets a request (wbt_wait: the stacks' throttle, and the bio's Q2G), then the call
     * waits for the write (folio_wait_writeback: its own I/O). The throttle is counted once, from the stacks;
     * before, the own-I/O wait was split over Q2G too and a tag-wait of 15 % appeared beside it.
     */
    @Test
    void aThrottleIoSubmitsStacksTimedIsNotCountedAgainAsItsRequestsWaitForATag() throws Exception {
        TimeModel m = model("btrfs-unaligned-8ms-ssd");
        for (ProcessWait fio : m.application()) {
            assertTrue(seconds(fio, Part.THROTTLE) > 0.4 * fio.waitSeconds(), fio.parts().toString());
            assertTrue(seconds(fio, Part.TAG_WAIT) < 0.01 * fio.waitSeconds(), fio.parts().toString());
            assertTrue(seconds(fio, Part.DEVICE) > 0.4 * fio.waitSeconds(), fio.parts().toString());
        }
    }

    private static ProcessWait process(TimeModel m, String command) {
        return m.processes().stream().filter(p -> p.command().equals(command)).findFirst().orElseThrow();
    }

    @Test
    void theRestoreJobIsTheNeighbourAndItsOwnWaitIsNotInTheWhole() throws Exception {
        TimeModel m = model("noisy-neighbour-4ms");
        ProcessWait restore = process(m, "restore");
        assertEquals(ProcessWait.Role.NEIGHBOUR, restore.role());
        assertEquals(1.472, restore.waitSeconds(), 0.001);
        double application = m.application().stream().mapToDouble(ProcessWait::waitSeconds).sum();
        assertEquals(application, m.waitSeconds(), 1e-9);
        assertEquals(1.552, m.waitSeconds(), 0.001);
        assertTrue(m.notes().stream().anyMatch(n -> n.startsWith("restore pid 12971")), m.notes().toString());
    }

    @Test
    void aReaderSharingFlashWithACopysWritebackIsBehindItBeyondWhatItsReadsTookWithTheDeviceToThemselves()
            throws Exception {
        // one 4 KiB read at a time beside a copy's writeback on a 4-slot ~2 ms flash device: the 56 reads that had the
        // device to themselves took 1.89 ms, the 179 beside the copy's writes 3.42 ms (counted from perf-block.txt
        // apart): the extra is the copy's, though a read hardly ever finds one of its writes ahead of it
        TimeModel m = model("writeback-neighbour-reads-2ms-s4-ssd");
        ProcessWait fio = process(m, "fio");
        assertEquals(ProcessWait.Role.NEIGHBOUR, process(m, "restore").role());
        assertEquals(0.743, fio.waitSeconds(), 0.001);
        assertEquals(0.272, seconds(fio, Part.BEHIND_OTHER_IO), 0.005);
        WaitPart behind = fio.parts().stream().filter(w -> w.part() == Part.BEHIND_OTHER_IO).findFirst().orElseThrow();
        assertEquals("restore", behind.others().get(0).command());
        assertTrue(behind.method().endsWith("the part of its D2C above what its requests took with the device to "
                + "themselves (1.89 ms over 56 requests) while others held the device"), behind.method());
    }

    @Test
    void withoutABlockTraceAMixedWritersWaitIsOnTheDeviceWhoseAwaitForItsMixIsNearest() throws Exception {
        // strace and iostat only: reads of 7.5 ms and writes of 1 ms on loop0, 60 + 60 a second; the system disk's few
        // reads at 2.6 ms were nearer the slower direction's 7.5 ms than fio's 3.7 ms a request, whose mix is 4.3 ms
        ProcessWait fio = RuleHarness.data(TestData.gridFilesWithout("reads-8ms-writes-fast-ssd", "perf-", "fio.out"))
                .results().get(TimeModel.class).orElseThrow().application().get(0);
        assertEquals(List.of("loop0"), fio.parts().stream().filter(w -> w.part() == Part.DEVICE)
                .map(WaitPart::device).distinct().toList());
    }

    @Test
    void anUnalignedWritersQuickSubmissionsAreNotTheInodesWhereOnlyAFewCallsSlept() throws Exception {
        // strace and iostat only: 1,431 unaligned overwrites of written blocks, which XFS does not drain; io_submit
        // takes 0.05 ms a call, two calls of over a millisecond among them
        TimeModel m = RuleHarness.data(TestData.gridFilesWithout("unaligned-overwrite-2ms-ssd", "perf-", "fio.out"))
                .results().get(TimeModel.class).orElseThrow();
        double inode = m.application().stream().mapToDouble(p -> seconds(p, Part.INODE_LOCK)).sum();
        double submission = m.application().stream().mapToDouble(p -> seconds(p, Part.SUBMISSION)).sum();
        assertTrue(inode < 0.005, inode + " s");
        assertEquals(0.136, submission, 0.005);
    }

    @Test
    void withoutABlockTraceAFewSlowWritesHoldMoreOfTheWaitThanManyFastReads() throws Exception {
        // strace and iostat only: 405 reads of ~1 ms and 45 writes of ~25 ms in the window; by bytes the writes
        // would get a tenth of the completion waits, by their count times iostat's w_await they get most
        TimeModel m = model("writes-25ms-mostly-reads-hdd");
        ProcessWait fio = m.application().get(0);
        double writes = fio.parts().stream().filter(w -> w.part() == Part.DEVICE && "write".equals(w.direction()))
                .mapToDouble(WaitPart::seconds).sum();
        double reads = fio.parts().stream().filter(w -> w.part() == Part.DEVICE && "read".equals(w.direction()))
                .mapToDouble(WaitPart::seconds).sum();
        assertEquals(1.519, fio.waitSeconds(), 0.001);
        assertTrue(writes > reads, "writes " + writes + " s, reads " + reads + " s");
        assertEquals(0.87, writes, 0.01);
        WaitPart write = fio.parts().stream().filter(w -> "write".equals(w.direction())).findFirst().orElseThrow();
        assertTrue(write.method().endsWith("the waits for completions split between reads and writes as their "
                + "requests' count times each direction's await"), write.method());
    }

    @Test
    void aSubmissionTimedByStraceSaysStracesOwnStopIsInIt() throws Exception {
        // strace and iostat only (a cut strace names the workers by pid): io_submit's times are strace -T's, short calls
        WaitPart traced = process(model("busy-parallel-2ms-s8"), "pid 8191").parts().stream()
                .filter(w -> w.part() == Part.SUBMISSION).findFirst().orElseThrow();
        assertTrue(traced.method().contains("; timed by strace -T, whose own stop at each call is in every duration ("),
                traced.method());
        assertTrue(traced.method().endsWith(" a call on average): without strace the part is smaller"), traced.method());
        // the same kind of run with perf's syscall tracepoints, which time the call alone
        WaitPart perf = process(model("write-8ms-s8-ssd"), "fio").parts().stream()
                .filter(w -> w.part() == Part.SUBMISSION).findFirst().orElseThrow();
        assertTrue(!perf.method().contains("strace"), perf.method());
    }

    @Test
    void perfsSyscallsAndBlockEventsAreMatchedIoByIo() throws Exception {
        TimeModel m = model("noisy-neighbour-4ms");
        WaitPart behind = process(m, "fio").parts().stream().filter(w -> w.part() == Part.BEHIND_OTHER_IO)
                .findFirst().orElseThrow();
        assertTrue(behind.method().startsWith("measured per I/O"), behind.method());
        // 1.294 s: fio's one write at a time has none of its own ahead of it, so all it queued behind was restore's,
        // beyond the 5 ms a healthy flash device takes at most (1.163 s while that limit was doubled as a margin;
        // 1.154 s when it was shared by the others' part of the device's time; 1.278 s while the requests kblockd's
        // high-priority worker issues were counted as another process's)
        assertEquals(1.294, behind.seconds(), 0.002);
        assertEquals("restore", behind.others().get(0).command());
    }

    @Test
    void writersWithoutAioWaitForTheInodeInTheirWriteCalls() throws Exception {
        // four pwrite64 writers of unaligned 2 KiB direct writes: each takes the inode exclusively and drains it, the
        // others wait on its lock; their sleep stacks in pwrite64 say so (70 % asleep for the inode). Before, that
        // time was 'submission': only io_submit's sleeps were taken apart by their stacks
        for (ProcessWait fio : model("unaligned-psync-j4-8ms-ssd").application()) {
            double inode = seconds(fio, Part.INODE_LOCK) / fio.waitSeconds();
            assertTrue(inode > 0.55 && inode < 0.85, "inode " + inode + ": " + fio.parts());
            assertTrue(seconds(fio, Part.SUBMISSION) < 0.1 * fio.waitSeconds(), fio.parts().toString());
        }
    }

    @Test
    void aReaderOneAtATimeQueuesBehindTheWritebackOfABufferedCopyNotInTheDevicesOwnTime() throws Exception {
        // a reader of one 4 KiB read at a time (7.4 ms each alone, iostat:5) and a copy writing 1 MiB buffered: the
        // flusher's 1.3 MB writes fill the one-slot disk and the reads take 27 ms (iostat r_await 26.6-28.4). Before,
        // the part beyond twice the disk's fastest requests, shared with the reader's own part of the device's
        // time, was 'behind': 22 %, and device-latency a warning of 58 %. With one request at a time there is none
        // of its own ahead of it, and its time alone on the device (the first two seconds) is its service
        ProcessWait fio = process(model("writeback-neighbour-reads-8ms-s1-hdd"), "fio");
        double behind = seconds(fio, Part.BEHIND_OTHER_IO) / fio.waitSeconds();
        assertTrue(behind > 0.5 && behind < 0.85, "behind " + behind + ": " + fio.parts());
        assertEquals("restore", fio.parts().stream().filter(w -> w.part() == Part.BEHIND_OTHER_IO).findFirst()
                .orElseThrow().others().get(0).command());
    }

    @Test
    void readsQueuedForAProcessByPidsNoTraceNamesAreItsReadsHeldAboveTheBlockLayer() throws Exception {
        // fio's reads held to 100 a second by a cgroup, strace and blktrace on two clocks: fio queued 492 of its reads,
        // blk-throttle's workers 312 (pids the strace never shows; the kernel's blk tracer names no process). Its wait
        // beyond its reads' block time was 'not explained'; it is held above the block layer
        ProcessWait fio = process(model("blk-cgroup-read-iops100-1ms-ssd"), "fio");
        assertEquals(0.973, seconds(fio, Part.THROTTLE) / fio.waitSeconds(), 0.005, fio.parts().toString());
        assertTrue(fio.parts().stream().anyMatch(w -> w.part() == Part.THROTTLE && "loop0".equals(w.device())
                && w.method().contains("312 synchronous reads of its size on loop0 were queued not by it but by pid 24198, pid 24291")),
                fio.parts().toString());
        // writes the same way: every one of the workers' synchronous data of fio's size, no writeback or journal write
        ProcessWait writer = process(model("blk-cgroup-write-iops50-4ms-ssd"), "fio");
        assertEquals(0.939, seconds(writer, Part.THROTTLE) / writer.waitSeconds(), 0.005, writer.parts().toString());
        // four reads in flight, held together: the wait is their lives over four, the device's part of them 11.5 ms of
        // each 80 (it was their block time over the wait: device-latency first, 57.9 %)
        ProcessWait limited = process(model("blk-cgroup-read-iops50-12ms-ssd"), "fio");
        assertEquals(0.852, seconds(limited, Part.THROTTLE) / limited.waitSeconds(), 0.005, limited.parts().toString());
        assertEquals(0.145, seconds(limited, Part.DEVICE) / limited.waitSeconds(), 0.005, limited.parts().toString());
        // a backup's reads beside a reader's, the backup untraced and unnamed the same way: the reader's own reads
        // hold its wait (queued behind the backup's inside the disk), nothing is held above the block layer
        ProcessWait reader = process(model("blk-neighbour-reads-12ms-hdd"), "fio");
        assertEquals(0, seconds(reader, Part.THROTTLE));
        assertEquals(0.917, seconds(reader, Part.BEHIND_OTHER_IO) / reader.waitSeconds(), 0.005, reader.parts().toString());
        assertEquals("pid 26903", reader.parts().stream().filter(w -> w.part() == Part.BEHIND_OTHER_IO).findFirst()
                .orElseThrow().others().get(0).command());
    }

    @Test
    void onTwoClocksACommitsFlushesAreItsOwnAndQueueBehindTheOthersAsItsDataWritesDo() throws Exception {
        // strace beside the kit's nameless blktrace: a committer's fsyncs behind a copy's writeback. The fsync time was
        // split into flushes and data writes by device time (88 % flush) with nothing behind the copy
        ProcessWait committer = process(model("blk-fsync-behind-writeback-8ms-s2-hdd"), "fio");
        assertEquals(0.668, seconds(committer, Part.BEHIND_OTHER_IO) / committer.waitSeconds(), 0.005,
                committer.parts().toString());
        assertEquals(0.237, seconds(committer, Part.FLUSH) / committer.waitSeconds(), 0.005, committer.parts().toString());
        // fsync after every 32 buffered writes: the fourteen data writes in the device at once wait once, as the call
        // waiting for them does, and the log write after them once (split by summed device time: 98.7 % and 1.1 %)
        ProcessWait batches = process(model("blk-fsync32-buffered-12ms-s2-hdd"), "fio");
        assertEquals(0.158, seconds(batches, Part.FLUSH) / batches.waitSeconds(), 0.005, batches.parts().toString());
        // O_DSYNC writes through libaio: kernel workers ask for the flush that completes each; they were nobody's and
        // half the wait 'not explained'
        ProcessWait dsync = process(model("blk-dsync-write-12ms-s4-hdd"), "fio");
        assertEquals(0.498, seconds(dsync, Part.FLUSH) / dsync.waitSeconds(), 0.005, dsync.parts().toString());
        assertTrue(seconds(dsync, Part.NOT_EXPLAINED) < 0.005 * dsync.waitSeconds(), dsync.parts().toString());
        assertTrue(dsync.parts().stream().anyMatch(w -> w.part() == Part.FLUSH
                && w.method().contains("356 cache flushes (3.97 s in the device, 0 s of it inside its own writes' "
                + "requests), 356 of them asked for by it or by kernel workers")), dsync.parts().toString());
        // O_SYNC appends on a device without FUA: the XFS log write's second flush, after it, is outside its request
        ProcessWait osync = process(model("blk-osync-open-8ms-hdd"), "fio");
        assertEquals(0.741, seconds(osync, Part.FLUSH) / osync.waitSeconds(), 0.005, osync.parts().toString());
        assertTrue(seconds(osync, Part.NOT_EXPLAINED) < 0.02 * osync.waitSeconds(), osync.parts().toString());
    }

    @Test
    void onTwoClocksWithoutStacksUnalignedWritersWaitBeyondTheirOwnRequestsForTheInode() throws Exception {
        // four pwrite64 writers of 2 KiB direct writes, strace beside the kit's nameless blktrace and no sleep stacks:
        // their wait beyond their own requests was 'not explained' (wait-above-device); XFS serialises them
        for (ProcessWait fio : model("blk-unaligned-psync-j4-8ms-ssd").application()) {
            double inode = seconds(fio, Part.INODE_LOCK) / fio.waitSeconds();
            assertTrue(inode > 0.5 && inode < 0.6, "inode " + inode + ": " + fio.parts());
            assertTrue(seconds(fio, Part.NOT_EXPLAINED) < 0.01 * fio.waitSeconds(), fio.parts().toString());
        }
    }

    @Test
    void theClassesLimitIsTheMostAHealthyDevicesOwnServiceNotDoubled() throws Exception {
        // a 4 KiB writer beside a restore's 1 MiB writes at iodepth 64 on a 2 ms disk serving four at once: its writes
        // take 84 ms, the restore's queue ahead of them. With the restore there throughout, the disk's class limit
        // (20 ms) stands for the victim's own service; doubled as a margin it took 40 ms of the 84 and left the device
        // part on top (50.5 %). The device completes a request every 1.5 ms, so 20 ms is already its most (74.6 %).
        // A rotating disk has one head: what the victim's writes took after the disk's completion before each, 847 µs
        // on average, is their own service, the rest the restore's requests ahead (98.8 %; the kit's disk takes 2 ms)
        ProcessWait fio = process(model("noisy-neighbour-2ms-s4-hdd"), "fio");
        double behind = seconds(fio, Part.BEHIND_OTHER_IO) / fio.waitSeconds();
        assertEquals(0.988, behind, 0.005, fio.parts().toString());
        assertTrue(fio.parts().stream().anyMatch(w -> w.part() == Part.BEHIND_OTHER_IO
                && w.method().contains("after the device's completion before each (847 µs over 24 requests;")),
                fio.parts().toString());
        // a 12 ms flash device held to 50 reads a second by a cgroup completes one every 20 ms, slower than its class
        // serves one: its class's limit is no bound on its service, and the margin stays
        ProcessWait limited = process(model("cgroup-read-iops50-12ms-ssd"), "fio");
        assertTrue(seconds(limited, Part.BEHIND_OTHER_IO) < 0.1 * limited.waitSeconds(), limited.parts().toString());
    }

    @Test
    void ioUringsWorkerQueuesItsOwnProcesssRequests() throws Exception {
        // io_uring at iodepth 32 on a two-slot disk: writes that would block fio's submission are queued by the ring's
        // worker thread, iou-wrk-28400, which the block trace names apart. Its requests are fio's own load: none of
        // fio's wait is 'behind other processes' (it was 46 %, and noisy-neighbour named the worker)
        ProcessWait fio = process(model("uring-saturated-8ms-s2-hdd"), "fio");
        assertEquals(0, seconds(fio, Part.BEHIND_OTHER_IO), 1e-9, fio.parts().toString());
    }

    @Test
    void aNeighbourTheTraceNamesNotIsNamedByItsPid() throws Exception {
        // the kernel's blk tracer records no process names: the restore, which strace did not trace either, is known
        // by its pid alone (fio is named by the execve strace shows)
        WaitPart behind = process(model("blk-noisy-neighbour-4ms"), "fio").parts().stream()
                .filter(w -> w.part() == Part.BEHIND_OTHER_IO).findFirst().orElseThrow();
        WaitPart.Neighbour restore = behind.others().get(0);
        assertEquals("pid 15533", restore.command());
        assertEquals(15533, restore.pid());
        assertEquals("pid 15533", restore.who());
        assertEquals("restore pid 12971", process(model("noisy-neighbour-4ms"), "fio").parts().stream()
                .filter(w -> w.part() == Part.BEHIND_OTHER_IO).findFirst().orElseThrow().others().get(0).who());
    }

    @Test
    void fsyncTimeGoesToTheFlushesItWaitedFor() throws Exception {
        TimeModel m = model("fsync-journal-8ms-hdd");
        ProcessWait fio = process(m, "fio");
        WaitPart top = fio.largest().orElseThrow();
        assertEquals(Part.FLUSH, top.part());
        assertTrue(top.method().startsWith("measured per I/O"), top.method());
        assertEquals(72, top.sharePct(), 3);
    }

    @Test
    void requestsACgroupLimitHoldsAreThrottledAboveTheBlockLayerNotUnexplained() throws Exception {
        // blk-throttle parks the bios over the cgroup's budget and a kworker queues them later: while none of fio's
        // own is in the block layer and a worker queues synchronous data before the call ends, the wait is held
        // above the queue. Before, io_getevents' share was 'not explained' and pread64's 'submission'
        for (String cell : List.of("cgroup-read-iops100-1ms-ssd", "cgroup-pread-iops50-1ms-ssd", "cgroup-write-iops50-4ms-ssd")) {
            ProcessWait fio = process(model(cell), "fio");
            double held = seconds(fio, Part.THROTTLE) / fio.waitSeconds();
            assertTrue(held > 0.85, cell + ": throttle " + held);
            WaitPart part = fio.parts().stream().filter(w -> w.part() == Part.THROTTLE).findFirst().orElseThrow();
            assertEquals("loop0", part.device());
            assertTrue(part.method().endsWith("as blk-throttle releases the bios a cgroup's I/O limit held"), part.method());
            assertTrue(seconds(fio, Part.NOT_EXPLAINED) + seconds(fio, Part.SUBMISSION) < 0.02 * fio.waitSeconds(), cell);
        }
        // a neighbour's load with kworkers that only dispatch (their first event is the issue): nothing held
        assertEquals(0, seconds(process(model("noisy-neighbour-4ms"), "fio"), Part.THROTTLE), 1e-9);
    }

    @Test
    void anIoUringPollThreadsRequestsAreTheProcessItWorksFor() throws Exception {
        // sqthread_poll: fio makes no I/O call, and every read is queued by iou-sqp-18865, the kernel thread polling
        // fio pid 18865's submission ring: the wait is fio's, not a process the report would call 'iou-sqp-18865'
        TimeModel m = model("uring-sqpoll-read-12ms-ssd");
        ProcessWait fio = process(m, "fio");
        assertEquals(List.of(18865), fio.pids());
        assertTrue(seconds(fio, Part.DEVICE) > 0.95 * fio.waitSeconds(), fio.parts().toString());
        assertTrue(m.processes().stream().noneMatch(p -> p.command().startsWith("iou-sqp")), m.processes().toString());
    }

    @Test
    void aBufferedWriteOfPartOfAnUncachedPageWaitsForThePagesReadNotForWriteback() throws Exception {
        // 512-byte buffered writes to pages the cache does not hold: each pwrite64 reads its page first (fio queues an
        // RS read inside every write call, and no write reaches the device). Before, its sleeps were all 'writeback'
        ProcessWait fio = process(model("rmw-buffered-512b-12ms-ssd"), "fio");
        double reads = fio.parts().stream().filter(w -> w.part() == Part.DEVICE && "read".equals(w.direction()))
                .mapToDouble(WaitPart::seconds).sum();
        assertTrue(reads > 0.9 * fio.waitSeconds(), fio.parts().toString());
        assertTrue(seconds(fio, Part.WRITEBACK) < 0.02 * fio.waitSeconds(), fio.parts().toString());
        WaitPart device = fio.parts().stream().filter(w -> w.part() == Part.DEVICE).findFirst().orElseThrow();
        assertTrue(device.method().endsWith("reads the page first (read-modify-write)"), device.method());
        // the dirty writers of their own pages keep their throttle: no read of theirs is inside their writes
        ProcessWait dirty = process(model("dirty-buffered-8ms-hdd"), "fio");
        assertTrue(seconds(dirty, Part.WRITEBACK) > 0.5 * dirty.waitSeconds(), dirty.parts().toString());
    }
}
