package dev.ioverdict.rules.wait;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Severity;
import dev.ioverdict.testing.RuleHarness;
import dev.ioverdict.testing.TestData;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** sync-write-latency on real grid captures, with all their collectors and with fewer. */
class SyncWriteLatencyRuleTest {
    private final SyncWriteLatencyRule rule = new SyncWriteLatencyRule();

    private static Path bundle(String cell) {
        return TestData.root().resolve("testdata/grid/" + cell + "/bundle");
    }

    /** The one finding the rule makes of the whole cell. */
    private Finding onlyFinding(String cell) {
        List<Finding> fs = RuleHarness.bundle(rule, "grid/" + cell, java.util.Map.of());
        assertEquals(1, fs.size(), fs.toString());
        return fs.get(0);
    }

    /** The cell's block trace alone, with the configuration files beside it: no system calls. */
    private List<Finding> blockOnly(String cell) {
        Path b = bundle(cell);
        return RuleHarness.files(rule, b.resolve("perf-block.txt"), b.resolve("queue-settings.txt"),
                b.resolve("lsblk.txt"));
    }

    @Test
    void aBlockTraceAloneShowsEveryWriteCommitted() {
        // fsync after every 4 KiB write on ~2.4 ms flash: 580 cache flushes (2.38 ms) beside 581 writes, the
        // flushes and the log writes with preflush and FUA three quarters of the device's time
        Finding f = blockOnly("fsync-journal-3ms-ssd").get(0);
        assertEquals("loop0", f.metrics().get("device"));
        assertEquals(Severity.WARNING, f.severity(), "2.38 ms flushes are flash's normal speed: " + f.summary());
        assertEquals(580L, ((Number) f.metrics().get("flushRequests")).longValue());
        assertTrue(f.title().contains("580 cache flushes beside 581 writes"), f.title());
        assertTrue(f.summary().contains("write back"), f.summary());
        // the same on a disk, and O_SYNC writes with no fsync: flushes of 9 ms, within a disk's 20 ms
        assertEquals(Severity.WARNING, blockOnly("fsync-journal-8ms-hdd").get(0).severity());
        assertEquals(1, blockOnly("osync-journal-4ms-ssd").stream().filter(x -> "loop0".equals(x.metrics().get("device")))
                .count());
    }

    /**
     * btrfs commits each fsync through its log tree: a 4 KiB data write, several 16 KiB metadata writes (WSM)
     * and two cache flushes. Against all its writes the flushes are under one per two; against the data
     * writes, two per write: the commit pattern.
     */
    @Test
    void flushesQueuedBehindANeighboursWritebackAreNotSlowThemselves() {
        // a committer's fsyncs beside a copy's writeback on a ~8 ms disk of two slots: its cache flushes average
        // 29.8 ms with the writeback in the device, about 9 ms of it their own (the model's split of its requests'
        // time); the rest is the neighbour's, and the commits are a fifth of the wait, not a critical slow device
        Finding f = onlyFinding("fsync-behind-writeback-8ms-s2-hdd");
        assertEquals(Severity.INFO, f.severity(), f.summary());
        assertTrue(f.summary().contains("A flush takes 29.8 ms on average, about 9.3 ms of it its own"), f.summary());
    }

    @Test
    void btrfsLogTreeWritesAreTheCommitsNotItsData() {
        Finding f = blockOnly("btrfs-fsync-journal-8ms-hdd").stream()
                .filter(x -> "loop0".equals(x.metrics().get("device"))).findFirst().orElseThrow();
        assertEquals(Severity.WARNING, f.severity(), "7.4 ms flushes are a disk's normal speed: " + f.summary());
        assertTrue(f.summary().contains("of them data, the rest preflush, FUA or metadata writes"), f.summary());
    }

    /**
     * ext4's jbd2 commits each fsync with its descriptor and journal blocks, three bios merged into one
     * 12 KiB request, then the commit block behind a cache flush: 390 bios but 234 requests beside the 156
     * flushes. Counted in bios, the flushes were under one per two writes and the pattern went unseen.
     */
    @Test
    void ext4sJournalBlocksMergedIntoOneRequestAreOneWriteBesideItsFlushes() {
        Finding f = blockOnly("ext4-fsync-journal-8ms-hdd").get(0);
        assertEquals(Severity.WARNING, f.severity(), f.summary());
        assertEquals(156L, ((Number) f.metrics().get("flushRequests")).longValue());
        assertTrue(f.title().contains("156 cache flushes beside 234 writes"), f.title());
    }

    @Test
    void theThreadsOfOneCommandCommittingAlikeAreOneFinding() {
        // four fio threads (thread=1), each fdatasync after every 4 writes on ~3 ms flash: one finding for fio
        // with all their calls (707 = 198 + 183 + 169 + 157), not four that say the same
        Finding f = onlyFinding("oltp-psync-j4-3ms-ssd");
        assertEquals("fio", f.subject().id());
        assertEquals("fio (pids 32201, 32202, 32203, 32204) waits for its writes to become durable (707 fsync-type "
                + "calls, 3.2 ms each)", f.title());
        assertEquals(Severity.INFO, f.severity());
    }

    @Test
    void aServersWorkersTheTraceGivesNoNameAreOneFindingMeasuredOverThemAll() {
        // strace -p -f on a PostgreSQL server under pgbench: no exec in the trace, so no names; four backends and
        // the WAL writer each fdatasync the WAL. One cause, said once, its impact the sum of their flush parts
        Finding f = onlyFinding("pgbench-commit-3ms-ssd");
        assertEquals("pids 15626,15675,15676,15677,15678", f.subject().id());
        assertEquals(List.of(15626, 15675, 15676, 15677, 15678), f.subject().pids());
        assertEquals("pids 15626, 15675, 15676 and 2 more", f.metrics().get("process"));
        assertEquals("pids 15626, 15675, 15676 and 2 more wait for their writes to become durable (433 fsync-type "
                + "calls, 5.6 ms each)", f.title());
        // without a block trace, each fdatasync's own WAL write is iostat's write less the flushes it holds (1.33 ms)
        assertTrue(f.summary().startsWith("pids 15626, 15675, 15676 and 2 more spend 1.84 s of their 2.62 s of I/O wait"),
                f.summary());
        assertEquals(Severity.WARNING, f.severity(), "a 2.6 ms flush is flash's normal speed: " + f.summary());
    }

    @Test
    void asynchronousODsyncWritesAreCountedByTheirFlushes() {
        // no fsync and no write(): libaio writes on an O_DSYNC file, each completed after a 4.1 ms cache flush
        Finding f = onlyFinding("dsync-write-4ms-ssd");
        assertEquals("fio pid 16810 waits for its writes to become durable (322 asynchronous writes completed after a "
                + "cache flush (O_DSYNC or O_SYNC), 4.1 ms each)", f.title());
        assertEquals(Severity.INFO, f.severity());
    }

    @Test
    void writesWithoutCommitsAreNotDurabilityCost() {
        // direct writes, no fsync: no cache flushes beside them; and a block trace that only reads
        assertTrue(blockOnly("aligned-8ms-ssd-control").isEmpty());
        assertTrue(blockOnly("write-8ms-s8-ssd").isEmpty());
        assertTrue(blockOnly("read-12ms-s8-ssd").isEmpty());
    }

    /** The cell's iostat alone, with the configuration files beside it. */
    private List<Finding> iostatOnly(String cell) {
        Path b = bundle(cell);
        return RuleHarness.files(rule, b.resolve("iostat-x.txt"), b.resolve("queue-settings.txt"), b.resolve("lsblk.txt"));
    }

    @Test
    void iostatAloneShowsAFlushBesideEachWrite() {
        // sysstat 12: f/s equals w/s, f_await ~2.5 ms, w_await ~5 ms; less the flushes a write takes ~2.5 ms:
        // flash at its normal speed, bound by committing every write
        Finding f = iostatOnly("fsync-journal-3ms-ssd").get(0);
        assertEquals("loop0", f.metrics().get("device"));
        assertEquals(Severity.WARNING, f.severity(), f.summary());
        assertTrue(f.title().contains("a cache flush beside each"), f.title());
        // O_SYNC writes on a device whose flushes average ~9 ms: above flash's 5 ms, the flushes themselves slow
        assertEquals(Severity.CRITICAL, iostatOnly("osync-journal-4ms-ssd").get(0).severity());
        assertEquals(Severity.WARNING, iostatOnly("fsync-journal-8ms-hdd").get(0).severity());
        // no flushes beside the writes, or an older sysstat without f/s: nothing
        assertTrue(iostatOnly("write-8ms-s8-ssd").isEmpty());
        assertTrue(iostatOnly("aligned-8ms-ssd-control").isEmpty());
    }
}
