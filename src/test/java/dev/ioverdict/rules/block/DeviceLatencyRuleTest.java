package dev.ioverdict.rules.block;

import static dev.ioverdict.rules.block.BlockRuleFiles.btt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.Confidence;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.block.BlockDeviceStats;
import dev.ioverdict.model.block.BlockSection;
import dev.ioverdict.model.block.BlockTrace;
import dev.ioverdict.model.block.Merges;
import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.block.PhaseStat;
import dev.ioverdict.testing.BlockFixtures;
import dev.ioverdict.testing.RuleHarness;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DeviceLatencyRuleTest {
    private final DeviceLatencyRule rule = new DeviceLatencyRule();

    @Test
    void recordedHundredMillisecondLoopDevice() {
        List<Finding> fs = RuleHarness.files(rule, btt("perf-device-latency"));
        assertEquals(1, fs.size());
        Finding f = fs.get(0);
        assertEquals(Severity.CRITICAL, f.severity());
        assertEquals("loop0", f.metrics().get("device"));
        assertEquals(0.073816168, (Double) f.metrics().get("d2cAvg"), 1e-12); // btt's All Devices D2C row
        assertEquals("73.8 ms", f.measurement("d2cAvg").orElseThrow().display());
        assertEquals("D2C average", f.measurement("d2cAvg").orElseThrow().label());
        assertEquals("btt.txt:19", f.evidence().get(0).location());       // (  7,  0) Device Overhead row
        assertTrue(f.recommendation().contains("lsblk -o NAME,MAJ:MIN,WWN,HCTL"), f.recommendation());
        assertEquals(List.of("btt report"), f.sources());
        assertTrue(f.impact().measured() && f.impact().seconds() > 0, f.impact().toString());
    }

    @Test
    void aQueueInsideTheDeviceIsToldFromItsLatencyByTheRequestsThatFoundItNearEmpty() {
        // recorded: eight pread64 threads, 7.9 requests in the device either way. On a disk serving two at once in
        // 6 ms the first reads took 5.6 ms alone and 21 ms with seven ahead: its queue, not its latency
        assertTrue(RuleHarness.bundle(rule, "grid/psync-readers-6ms-j8-s2-hdd", Map.of()).stream()
                .noneMatch(f -> f.sources().contains("block trace")));
        // four threads on one 3.1 ms slot: 3.1 ms alone, 6.2 ms with one ahead, 12.5 ms with three. Neither the trace
        // nor iostat's await ("slow even with no queue in front of it") calls that device slow: the trace shows its queue
        assertEquals(List.of(), RuleHarness.bundle(rule, "grid/psync-writers-4ms-j4-s1-ssd", Map.of()));
        // on flash serving eight at once in 30 ms they take 29.7 ms however many are ahead: its latency
        Finding slow = RuleHarness.bundle(rule, "grid/psync-readers-30ms-j8", Map.of()).stream()
                .filter(f -> f.sources().contains("block trace")).findFirst().orElseThrow();
        assertEquals(Severity.CRITICAL, slow.severity());
    }

    @Test
    void aDeepQueueInADeviceSlowAloneSaysTheDeviceIsSlowToo() {
        // recorded from the start: 32 requests on eight 25 ms flash slots complete one every 3.1 ms, as a queue
        // flash keeps up with; but the first eight into the empty device took 24.7 ms each, the next eight 49 ms:
        // served in turn, each slow alone. Its own time is device-latency's, the rest disk-saturation's
        Finding slow = RuleHarness.bundle(rule, "grid/randrw-j4-qd8-25ms-s8-ssd", Map.of()).stream()
                .filter(f -> f.sources().contains("block trace")).findFirst().orElseThrow();
        assertTrue(slow.title().contains("takes 24.7 ms a request served alone"), slow.title());
        // 64 writes on one flash slot from the start: the near-empty requests waited for some ahead of them, but one
        // into the empty device took 4.9 ms, flash's own time: full, not slow
        assertTrue(RuleHarness.bundle(rule, "grid/saturated-4ms-s1", Map.of()).stream()
                .noneMatch(f -> f.sources().contains("block trace")));
    }

    @Test
    void aTailOfRequestsDispatchedDeepIntoADeviceQuickNearEmptyIsItsQueue() {
        // recorded, the whole run: a reader's 4 KiB reads beside a copy's writeback on a disk serving two at once in
        // 3.5 ms. D2C p99 168 ms, but the 116 requests over 100 ms are all the flusher's 1.25 MiB writes dispatched
        // with 27 to 32 others in the device; a read into the empty device takes 3.4 ms. The tail is its queue
        assertEquals(List.of(), RuleHarness.bundle(rule, "grid/writeback-neighbour-reads-4ms-s2-hdd-whole", Map.of()));
        // a device that stops now and then with one or two in it keeps its tail (two stalls of 300 ms)
        assertTrue(RuleHarness.bundle(rule, "grid/stalls-300ms-2s-1ms-ssd", Map.of()).stream()
                .anyMatch(f -> f.sources().contains("block trace")));
    }

    @Test
    void aSlowDirectionIsNamedWhenTheFastOneHidesItInTheWhole() {
        // recorded: 25 ms writes and 1 ms reads, 60 a second each, on a rotational loop device; all its requests
        // together average 12.7 ms with a 2 ms median, under the 20 ms a disk is allowed
        List<Finding> fs = RuleHarness.bundle(rule, "grid/writes-25ms-reads-fast-hdd", Map.of());
        Finding trace = fs.stream().filter(f -> f.sources().contains("block trace")).findFirst().orElseThrow();
        assertEquals(Severity.CRITICAL, trace.severity());
        assertEquals("writes", trace.metrics().get("direction"));
        assertEquals("Slow device below the driver for writes: loop0 (7,0, /mnt/grid) D2C of writes avg 24.5 ms, "
                + "max 25.5 ms", trace.title()); // the slowest write: 25.46 ms from issue to completion
        assertEquals(180L, ((Number) trace.metrics().get("ios")).longValue());
        assertEquals("D2C average of writes", trace.measurement("d2cAvg").orElseThrow().label());
        assertTrue(trace.summary().contains("while its reads take 853 µs: the average of all its requests, 12.7 ms, "
                + "hides the slow writes"), trace.summary());
        // the slowest writes' lines are quoted, no read's
        List<Evidence> block = trace.evidence().stream().filter(e -> e.input().equals("perf-block.txt")).toList();
        assertEquals(12, block.size(), block.toString());
        assertTrue(block.stream().allMatch(e -> e.text().contains(" WS ")), block.toString());
        // the trace no longer calls the device fine, so iostat's w_await is judged too and said with it, once
        assertEquals(List.of("block trace", "iostat"), trace.sources());
        assertEquals(1, fs.size(), fs.toString());
    }

    @Test
    void largeRequestsSharingAHealthyDevicesThroughputAreNotSlow() {
        // recorded: 1 MiB sequential direct writes, 4 outstanding, on flash of ~3 ms a FUSE write: 2105 requests
        // of ~683 KiB, D2C avg 6.8 ms, 4.8 in the device at once, 447-502 MB/s written at %util 99. Each is
        // long because it moves 683 KiB beside four others, not because the device is slow: the limit holds
        // their transfer at 400 MB/s (5 ms + 4.8 x 683 KiB / 400 MB/s = 13.4 ms)
        assertEquals(List.of(), RuleHarness.bundle(rule, "grid/seqwrite-1m-3ms-ssd", Map.of()));
        // 1 MiB writeback requests of a rotating disk at a w_await of 17-30 ms: 20 ms, plus 10 ms of transfer
        assertEquals(List.of(), RuleHarness.bundle(rule, "grid/dirty-buffered-8ms-hdd", Map.of()));
        // the same SSD said to move only 100 MB/s: the limit is 5 ms + 4.8 x 683 KiB / 100 MB/s = 38.6 ms, still above
        assertEquals(List.of(), RuleHarness.bundle(rule, "grid/seqwrite-1m-3ms-ssd",
                Map.of("device-latency.ssd_mb_s", "100")));
        // ...but at the 5 ms of a small request, with no transfer allowed, the same requests are slow
        List<Finding> strict = RuleHarness.bundle(rule, "grid/seqwrite-1m-3ms-ssd", Map.of("device-latency.ssd_mb_s", "1000000000"));
        assertEquals(1, strict.size(), strict.toString());
    }

    /**
     * A ~1 ms device that stops for 300 ms every 2 s: three reads of 900 hold over half its time while its
     * median, average and 99th percentile stay within flash's class. The host's own hiccups of up to 28 ms
     * under a 1 ms writer are no stall: under p99_ms, a slow tail's bound.
     */
    @Test
    void aDeviceThatStopsNowAndThenIsNamedByTheTimeItsFewSlowRequestsHold() {
        List<Finding> fs = RuleHarness.bundle(rule, "grid/stalls-300ms-2s-1ms-ssd", Map.of());
        assertEquals(1, fs.size(), fs.toString());
        Finding f = fs.get(0);
        assertEquals(Severity.CRITICAL, f.severity(), f.summary());
        assertTrue(f.title().startsWith("Device stalls below the driver: loop0"), f.title());
        assertTrue(f.summary().contains("3 of its 900 requests"), f.summary());
        double share = ((Number) f.metrics().get("ofDeviceTimePct")).doubleValue();
        assertTrue(share > 50 && share < 60, "the three stalls' share of the device's time: " + share);
        // 200 ms every 3 s on a 3.2 ms disk: 14 % of its time, a note
        Finding disk = RuleHarness.bundle(rule, "grid/stalls-200ms-3s-psync-4ms-hdd", Map.of()).get(0);
        assertEquals(Severity.INFO, disk.severity(), disk.summary());
        assertTrue(RuleHarness.bundle(rule, "grid/victim-alone-1ms", Map.of()).stream()
                .noneMatch(x -> x.title().startsWith("Device stalls")));
    }

    @Test
    void aSlowDeviceNobodyWaitsForIsARemark() {
        // recorded: buffered sequential reads kept in the page cache by read-ahead; the 1.25 MiB read-ahead requests
        // take 15 ms on flash, but the application waited 6 ms for I/O in the 3 s traced
        List<Finding> fs = RuleHarness.bundle(rule, "grid/seqread-buffered-8ms-ssd", Map.of());
        assertEquals(1, fs.size(), fs.toString());
        Finding f = fs.get(0);
        assertEquals(Severity.INFO, f.severity());
        assertTrue(f.summary().contains("Not material: it cost the application 1.28 ms of the 2.99 s it was traced "
                + "for (0.043 %), and the application waited 5.92 ms for I/O in all: it is not I/O bound in this "
                + "capture."), f.summary());
    }

    @Test
    void bttPerDeviceTablesNameTheSlowDisk() {
        List<Finding> fs = RuleHarness.files(rule, BlockRuleFiles.dominantPerDevice());
        assertEquals(List.of("sdc"), fs.stream().map(f -> f.metrics().get("device")).toList());
        assertEquals("8,32", fs.get(0).metrics().get("devno"));
        assertTrue(fs.get(0).evidence().stream().anyMatch(e -> e.text().startsWith("(  8, 32)         0.000123396")));
    }

    @Test
    void slowLegOfAMultipathDeviceWithItsCompletionLines() {
        BlockTrace trace = BlockFixtures.multipath();
        List<Finding> fs = RuleHarness.results(rule, Map.of(), r -> {
            r.put(BlockTrace.class, trace);
            r.put(BlockSection.class, trace.section());
        });
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
    void solarisControllerRowIsItsDisksAverageNotASlowDevice() {
        // iostat -xcnCXTdz: c12 is iostat -C's sum over the disks behind controller 12 (actv 26.6, %b 3)
        List<Finding> fs = RuleHarness.bundle(rule, "iostat-solaris-illumos-controllers", Map.of());
        Finding d10 = fs.stream().filter(f -> "d10".equals(f.metrics().get("device"))).findFirst().orElseThrow();
        assertEquals(Severity.CRITICAL, d10.severity());
        assertEquals("Slow device: d10 answers in 30.1 ms (asvc_t) in the device itself", d10.title());
        Finding c12 = fs.stream().filter(f -> "c12".equals(f.metrics().get("device"))).findFirst().orElseThrow();
        assertEquals(Severity.WARNING, c12.severity());
        assertEquals(dev.ioverdict.model.Confidence.MEDIUM, c12.confidence());
        assertEquals("Slow disks behind controller c12: 23.2 ms (asvc_t) per request in the disks themselves", c12.title());
        assertTrue(c12.summary().contains("26.6 requests active in them"), c12.summary());
        assertFalse(c12.summary().contains("so few"), c12.summary());
    }

    @Test
    void noFindingWhenTheDeviceIsFastEvenIfD2CHoldsMostOfQ2C() {
        // healthy: D2C is 98 % of Q2C, but 0.40 ms on average and 47 ms at most
        assertTrue(RuleHarness.files(rule, btt("perf-healthy")).isEmpty());
        assertTrue(RuleHarness.files(rule, btt("perf-scheduler-latency")).isEmpty());
        assertTrue(RuleHarness.files(rule, btt("perf-request-starvation")).isEmpty());
        assertTrue(RuleHarness.bundle(rule, "seed-002-btt-scheduler", Map.of()).isEmpty());
    }

    @Test
    void isolatedOutliersAloneAreAWarning() {
        var d = new BlockDeviceStats("8,16", "blkparse", Map.of(
                Phase.D2C, new PhaseStat(5091, 0.000100287, 0.000980035, 0.801660046, 0.000451, 0.00081, 0.001041)),
                Map.of(Phase.D2C, 98.0), new Merges(5091, 5091, 1));
        var trace = new BlockTrace(new BlockSection(List.of(d), d), List.of(), List.of(), List.of(), List.of());
        java.util.function.Consumer<dev.ioverdict.analysis.Results> setup = r -> {
            r.put(BlockTrace.class, trace);
            r.put(BlockSection.class, trace.section());
        };
        assertEquals(Severity.WARNING, RuleHarness.results(rule, Map.of(), setup).get(0).severity());
        assertTrue(RuleHarness.results(rule, Map.of("device-latency.outlier_ms", "1000"), setup).isEmpty());
    }

    /** A grid cell's iostat alone, with the configuration files beside it. */
    private static List<Finding> iostatOnly(DeviceLatencyRule rule, String cell) {
        java.nio.file.Path b = dev.ioverdict.testing.TestData.root().resolve("testdata/grid/" + cell + "/bundle");
        return RuleHarness.files(rule, b.resolve("iostat-x.txt"), b.resolve("queue-settings.txt"), b.resolve("lsblk.txt"));
    }

    @Test
    void aWriteAwaitThatHoldsItsFlushesIsNotTheDevicesOwnTime() {
        // fsync after every write: f/s equals w/s, f_await ~2.5 ms, w_await ~5 ms holds the log write's preflush
        // (iostat-x.txt:48..); O_SYNC writes the same with noisier flushes: sync-write-latency names both
        DeviceLatencyRule rule = new DeviceLatencyRule();
        assertTrue(iostatOnly(rule, "fsync-journal-3ms-ssd").isEmpty());
        assertTrue(iostatOnly(rule, "osync-journal-4ms-ssd").isEmpty());
        // writes with no flushes beside them keep their await: the device's own
        for (String cell : List.of("write-8ms-s8-ssd", "aligned-8ms-ssd-control", "write-20ms-s1-ssd", "read-12ms-s8-ssd")) {
            assertEquals(Severity.CRITICAL, iostatOnly(rule, cell).get(0).severity(), cell);
        }
    }

    @Test
    void iostatOfASlowDeviceWithADeepQueueIsTheDevicesLatency() {
        // recorded: 100 ms a request on 8 slots at iodepth 32. iostat: 382 ms await at aqu-sz 29, one completion
        // every 12.7 ms of busy time; flash serves one in 5 ms, so the device is slow whatever its queue, as its
        // block trace says (D2C 398 ms with requests completing slower than the class)
        List<Finding> fs = RuleHarness.files(rule, dev.ioverdict.testing.TestData.gridFilesWithout("slow-100ms-s8-qd32",
                "strace", "perf-", "fio.out"));
        Finding f = fs.stream().filter(x -> x.metrics().get("direction") == null).findFirst().orElseThrow();
        assertEquals(Severity.CRITICAL, f.severity());
        assertEquals("loop0", f.metrics().get("device"));
        assertTrue(f.title().endsWith("completing one request every 12.7 ms"), f.title());
        assertTrue(f.summary().contains("slower than the 5.00 ms expected of a solid-state (non-rotational) device "
                + "serving one"), f.summary());
        assertTrue(f.evidence().get(0).location().startsWith("iostat-x.txt:"), f.evidence().toString());
    }

    /**
     * A flat response at a shallow queue is not "no queue": four psync writers on two 11.5 ms flash slots (22.7 ms at
     * aqu-sz ~4) complete one write every 5.75 ms, slower than flash serves one, which proves the device slow whatever
     * its queue; reads of 40 ms beside fast writes on a disk (aqu-sz 3.5, one completion every ~10 ms) prove it by the
     * flat response alone, and the finding says iostat does not tell how many of the 3.5 wait inside the device.
     */
    @Test
    void iostatOfASteadyShallowQueueSaysItsQueueNotNone() {
        Finding writers = iostatOnly(rule, "psync-writers-12ms-j4-s2-ssd").get(0);
        assertTrue(writers.title().endsWith("completing one request every 5.75 ms"), writers.title());
        Finding reads = iostatOnly(rule, "reads-40ms-writes-fast-s2-hdd").get(0);
        assertEquals(Severity.CRITICAL, reads.severity());
        assertTrue(reads.title().endsWith(", its response flat at 3.53 requests outstanding"), reads.title());
        assertTrue(reads.summary().contains("How many requests the device serves at once iostat does not say: where "
                + "fewer than 3.53, part of each response is the wait behind the others inside it."), reads.summary());
    }

    /** The same writers as disk-saturation's test: each write's own 7.7 ms is this rule's, a quarter of its D2C. */
    @Test
    void aDeviceServingInTurnHoldsEachRequestsOwnTimeOnly() {
        Finding f = RuleHarness.files(rule, dev.ioverdict.testing.TestData.gridFilesWithout("psync-writers-8ms-j4-s1-ssd",
                "strace", "perf-syscalls", "perf-sched", "iostat", "fio.out")).get(0);
        assertTrue(f.title().endsWith("takes 7.71 ms a request served alone (D2C avg 29.3 ms in turn behind the others)"),
                f.title());
        assertEquals("26.3%", f.measurement("ofDeviceTimePct").orElseThrow().display());
        assertTrue(DeviceLatencyRule.splitsTheDevice(f), "disk-saturation stands beside it as a cause, not its symptom");
    }

    /**
     * Sixteen requests on twelve slots of a 40 ms disk (batch 15, blind; a known gap until round twenty-seven): those
     * dispatched into the empty device took 39.6 ms, the average one 1.31 times as long. Neither side by side (within
     * 1.25) nor in turn (twice): most are served side by side, four wait a turn. Each request's own 40 ms, twice a
     * disk's, is this rule's; the turn they wait, disk-saturation's.
     */
    @Test
    void aDeviceServingMostSideBySideAndTheRestInTurnIsSlowAlone() {
        Finding f = RuleHarness.files(rule, dev.ioverdict.testing.TestData.gridFilesWithout("slow-40ms-s12-qd16-hdd",
                "strace", "perf-syscalls", "perf-sched", "iostat", "fio.out")).get(0);
        assertTrue(f.title().endsWith("takes 39.6 ms a request served alone (D2C avg 52.1 ms, some waiting a turn)"),
                f.title());
        assertTrue(f.summary().contains("it serves most of its 15.8 requests side by side and the others wait a turn"),
                f.summary());
        assertEquals("76.1%", f.measurement("ofDeviceTimePct").orElseThrow().display());
        assertTrue(DeviceLatencyRule.splitsTheDevice(f), "disk-saturation stands beside it as a cause, not its symptom");
    }

    /**
     * Thirty-two requests in four flash slots, writes 12 ms and reads 1 ms (batch 18, blind): the queue inside the device
     * is disk-saturation's, yet the writes' D2C stands 10.2 ms above the reads' in the queue both share, so each write
     * takes at least that alone, twice what flash may: device-latency for the writes, holding that part of their time.
     */
    @Test
    void aDirectionSlowInTheQueueBothShareIsTheDevicesOwnTime() {
        Finding f = RuleHarness.files(rule, dev.ioverdict.testing.TestData.gridFilesWithout(
                "randrw-j4-qd8-writes-12ms-reads-fast-s4-ssd", "strace", "perf-syscalls", "perf-sched", "iostat",
                "fio.out")).get(0);
        assertTrue(f.title().endsWith("takes at least 10.2 ms a write (D2C of writes avg 38.7 ms, of its reads 28.4 ms, "
                + "in one queue)"), f.title());
        assertEquals("writes", f.metrics().get("direction").toString());
        // a quarter of the writes' time, none of the reads', a tenth of the device's
        assertEquals("26.4%", f.measurement("ofWriteTimePct").orElseThrow().display());
        assertEquals("0%", f.measurement("ofReadTimePct").orElseThrow().display());
        assertEquals("10.2%", f.measurement("ofDeviceTimePct").orElseThrow().display());
        assertTrue(DeviceLatencyRule.splitsTheDevice(f), "disk-saturation stands beside it as a cause, not its symptom");
        // the same device with both directions alike (six ms each, eight slots) is the queue's alone
        assertTrue(RuleHarness.files(rule, dev.ioverdict.testing.TestData.gridFilesWithout("randrw-j4-qd8-6ms-s8-ssd",
                "strace", "perf-syscalls", "perf-sched", "iostat", "fio.out")).isEmpty());
    }

    /**
     * The same device from iostat alone: its scheduler (none) keeps no order of its own, so w_await 37.8 ms against
     * r_await 27.6 ms in the same reports is the writes' own 10.3 ms at the least; with mq-deadline, which serves reads
     * first, the gap would be the scheduler's, and nothing is said.
     */
    @Test
    void iostatOfADirectionSlowInTheQueueBothShare() throws java.io.IOException {
        Finding f = iostatOnly(rule, "randrw-j4-qd8-writes-12ms-reads-fast-s4-ssd").get(0);
        assertTrue(f.title().endsWith("takes at least 10.3 ms a write (w_await 37.8 ms, r_await 27.6 ms, in one queue)"),
                f.title());
        assertEquals(Confidence.MEDIUM, f.confidence());
        assertTrue(DeviceLatencyRule.splitsTheDevice(f), "disk-saturation stands beside it as a cause, not its symptom");
        // both directions alike on the same kind of device: nothing
        assertTrue(iostatOnly(rule, "randrw-j4-qd8-6ms-s8-ssd").isEmpty());
        // the same reports under mq-deadline (lsblk's SCHED column), which serves reads first: the gap may be its own
        java.nio.file.Path b = dev.ioverdict.testing.TestData.root()
                .resolve("testdata/grid/randrw-j4-qd8-writes-12ms-reads-fast-s4-ssd/bundle");
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("deadline");
        java.nio.file.Files.copy(b.resolve("iostat-x.txt"), dir.resolve("iostat-x.txt"));
        java.nio.file.Files.writeString(dir.resolve("lsblk.txt"), java.nio.file.Files.readString(b.resolve("lsblk.txt"))
                .replace(" none      128", " mq-deadline 128"));
        assertTrue(RuleHarness.files(rule, dir.resolve("iostat-x.txt"), dir.resolve("lsblk.txt")).isEmpty());
        java.nio.file.Files.copy(b.resolve("lsblk.txt"), dir.resolve("lsblk.txt"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertEquals(1, RuleHarness.files(rule, dir.resolve("iostat-x.txt"), dir.resolve("lsblk.txt")).size());
    }

    /**
     * The run of saturated-12ms-s1-qd4-hdd cut mid-run: one 11.4 ms slot serving four and four 45 ms slots look the
     * same to the trace; the finding stands at medium confidence and says why.
     */
    @Test
    void aTraceWithNoRequestIntoAnEmptyDeviceSaysItsDelayMayBeAQueue() {
        Finding f = RuleHarness.files(rule, dev.ioverdict.testing.TestData.gridFilesWithout(
                "saturated-12ms-s1-qd4-hdd-midrun", "strace", "perf-syscalls", "perf-sched", "iostat", "fio.out")).get(0);
        assertEquals(Confidence.MEDIUM, f.confidence());
        assertTrue(f.confidenceReasons().stream().anyMatch(r -> r.contains("No request of the trace was dispatched into "
                + "a near-empty device to tell the two apart")), f.confidenceReasons().toString());
    }

    /** Twelve reads of 24.5 ms side by side on a disk, one completing every 2 ms: slow, whatever the depth. */
    @Test
    void requestsAsSlowAloneAsWithTheOthersAreTheDevicesOwn() {
        Finding f = RuleHarness.files(rule, dev.ioverdict.testing.TestData.gridFilesWithout("slow-25ms-s12-qd12-hdd",
                "strace", "perf-syscalls", "perf-sched", "iostat", "fio.out")).get(0);
        assertEquals(Severity.CRITICAL, f.severity());
        assertTrue(f.title().contains("D2C avg 24.4 ms"), f.title());
    }
}
