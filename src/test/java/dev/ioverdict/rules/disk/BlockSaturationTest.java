package dev.ioverdict.rules.disk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Severity;
import dev.ioverdict.rules.RuleCatalogue;
import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.RuleHarness;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** disk-saturation judged from a grid cell's block trace alone: no iostat, no strace. */
class BlockSaturationTest {
    /** What a consultant brings with the block trace only: perf-block and the storage configuration. */
    private static List<Finding> blockOnly(String cell) {
        return RuleHarness.files(RuleCatalogue.byId(DiskSaturationRule.ID).orElseThrow(),
                TestData.gridFilesWithout(cell, "strace", "perf-syscalls", "perf-sched", "iostat", "fio.out"));
    }

    @Test
    void bigBiosSplitAfterQueueingAreJudgedByEachRequestsD2c() {
        // recorded: 1 MiB sequential reads at iodepth 8 on two 4 ms flash slots; max_sectors_kb cuts each bio in two
        // 512 KiB requests, so no queued bio lies inside a request and btt's D2C row is empty. Each request's D..C
        // (1,621 D..C pairs, 27.57 ms on average, by awk over perf-block.txt):
        // 27.6 ms with 14.9 in the device, one completed every 1.85 ms: a deep queue inside a device keeping up
        List<Finding> fs = blockOnly("seqread-1m-qd8-4ms-s2-ssd");
        assertEquals(1, fs.size(), fs.toString());
        Finding f = fs.get(0);
        assertEquals(Severity.CRITICAL, f.severity());
        assertEquals("27.6 ms", f.measurement("avgResponse").orElseThrow().display());
        assertTrue(String.valueOf(f.metrics().get("d2cBasis")).startsWith("each request's D..C (1,621 requests): btt's "
                + "D2C counts the 0 queued bios"), String.valueOf(f.metrics().get("d2cBasis")));
        // and a scan of a disk cut the same way, 20.6 ms for 512 KiB: what a disk streams, nothing to judge
        assertTrue(blockOnly("seqread-1m-20ms-hdd").isEmpty());
    }

    @Test
    void aDeepQueueInADeviceServingAsFastAsItsClassIsSaturation() {
        // recorded: 4 slots of 3.4 ms at iodepth 64: D2C 52.8 ms with 60 requests in the device, one completed every
        // 877 µs, far more often than flash serves one (5 ms): the D2C is the wait behind the others
        List<Finding> fs = blockOnly("saturated-4ms-s4-qd64");
        assertEquals(1, fs.size(), fs.toString());
        Finding f = fs.get(0);
        assertEquals(Severity.CRITICAL, f.severity());
        assertEquals("loop0", f.metrics().get("device"));
        assertEquals(List.of("block trace"), f.sources());
        assertEquals("52.8 ms", f.measurement("avgResponse").orElseThrow().display());
        assertEquals("60.2", f.measurement("inDevice").orElseThrow().display());
        // no request found the device near-empty: the class's 5 ms stands for each write's own time
        assertEquals("90.5%", f.measurement("ofDeviceTimePct").orElseThrow().display());
        assertTrue(f.summary().contains("it completed one every 877 µs, at least as often as a solid-state "
                + "(non-rotational) device serves one (5.00 ms)"), f.summary());
        assertTrue(f.evidence().stream().allMatch(e -> e.location().startsWith("perf-block.txt:")
                && e.text().contains("block:")), f.evidence().toString());
    }

    @Test
    void everySaturatedGridCellWithABlockTraceIsSaturatedByItAlone() {
        for (String cell : List.of("saturated-4ms-s1", "saturated-2ms-s1-j16-psync", "saturated-8ms-s2-qd32-hdd",
                "sched-bfqdefault-seqwriter-4ms")) {
            List<Finding> fs = blockOnly(cell);
            assertEquals(1, fs.size(), cell + ": " + fs);
            assertEquals("loop0", fs.get(0).metrics().get("device"), cell);
        }
    }

    @Test
    void onlyTheSaturatedOfTwoDevices() {
        // loop0: reads of 19.5 ms at depth 3.9 (a slow device, device-latency's); loop1: writes of 57 ms at depth 31, 1.8 ms a slot
        List<Finding> fs = blockOnly("two-devs-read-20ms-and-sat-2ms");
        assertEquals(List.of("loop1"), fs.stream().map(f -> f.metrics().get("device")).toList());
    }

    @Test
    void eightThreadsOnADiskServingTwoAtOnceAreItsQueueShownByTheirFirstReads() {
        // recorded: eight pread64 threads on a rotating 6 ms device serving two at once, from the run's start: D2C
        // 20.9 ms at 7.9 in the device, as many as psync-readers-30ms-j8 holds in its eight slots of 30 ms. Only the
        // reads dispatched into a near-empty device tell them apart: 8.1 ms here on average, 29.7 ms there
        List<Finding> fs = blockOnly("psync-readers-6ms-j8-s2-hdd");
        assertEquals(1, fs.size(), fs.toString());
        Finding f = fs.get(0);
        assertEquals("7.9", f.measurement("inDevice").orElseThrow().display());
        assertTrue(f.summary().contains("it completed one every 2.65 ms, at least as often as a rotating disk serves one "
                + "(20.0 ms); the 4 requests dispatched while fewer than 3.95 were in it took 8.14 ms on average"),
                f.summary());
        // fewer outstanding give back the queue, not each read's own time: the reads dispatched into the empty
        // device took 5.6 ms (the near-empty ones, 8.14 ms, include some that waited for one), 1 - 5.6 / 20.9
        assertEquals("73.1%", f.measurement("ofDeviceTimePct").orElseThrow().display());
    }

    @Test
    void aQueueAnFsyncsBurstBuildsIsNotSaturation() {
        // recorded: each fsync writes its 32 pages back at once to a 4 ms device of 8 slots: 4 ms for the first eight,
        // 13 ms for the last; a fifth of the writes find the device near-empty, so its load does not keep it full
        assertEquals(List.of(), blockOnly("fsync32-buffered-4ms-ssd"));
    }

    @Test
    void aSlowDeviceIsNotSaturatedWhateverItsQueue() {
        // 100 ms a request on 8 slots at depth 28: one completion every 12.5 ms, slower than flash serves one
        assertEquals(List.of(), blockOnly("slow-100ms-s8-qd32"));
        // 8 readers of 30 ms: 7.8 in the device, under the deep queue
        assertEquals(List.of(), blockOnly("psync-readers-30ms-j8"));
        assertEquals(List.of(), blockOnly("write-8ms-s8-ssd"));
    }

    @Test
    void theBlockTraceAndIostatOfOneDeviceMakeOneFinding(@TempDir Path tmp) throws Exception {
        Path bundle = Files.createDirectories(tmp.resolve("bundle"));
        for (Path f : TestData.gridFilesWithout("saturated-4ms-s4-qd64", "strace", "perf-syscalls", "perf-sched", "fio.out")) {
            Files.copy(f, bundle.resolve(f.getFileName()));
        }
        Path out = tmp.resolve("out");
        Cli r = Cli.run("report", bundle.toString(), "-o", out.toString(), "--format", "json");
        assertEquals(0, r.exitCode(), r.err());
        List<JsonNode> saturation = new ArrayList<>();
        new ObjectMapper().readTree(out.resolve("report.json").toFile()).path("findings").forEach(f -> {
            if (f.path("rule").asText().equals(DiskSaturationRule.ID)) {
                saturation.add(f);
            }
        });
        assertEquals(1, saturation.size(), saturation.toString());
        JsonNode f = saturation.get(0);
        assertEquals("[\"iostat\",\"block trace\"]", f.path("sources").toString());
        assertTrue(f.path("summary").asText().contains("Also seen in the block trace: loop0 (7,0, /mnt/grid) saturated: "
                + "D2C avg 52.8 ms"), f.path("summary").asText());
        List<String> inputs = new ArrayList<>();
        f.path("evidence").forEach(e -> inputs.add(e.path("input").asText()));
        assertTrue(inputs.contains("iostat-x.txt") && inputs.contains("perf-block.txt"), inputs.toString());
    }

    /**
     * Four psync writers on one 8 ms flash slot, from the run's start: the first write into the empty device took
     * 7.7 ms, each one more ahead about as much again. Served in turn and slow alone: the queue (three quarters of
     * D2C 29.3 ms) is this rule's, each write's own time device-latency's.
     */
    @Test
    void aDeviceServingInTurnRequestsSlowAloneIsFullAsWellAsSlow() {
        Finding f = blockOnly("psync-writers-8ms-j4-s1-ssd").get(0);
        assertTrue(f.summary().contains("it serves them in turn: a request dispatched into it empty took 7.71 ms, slower "
                + "than the 5.00 ms of a solid-state (non-rotational) device (device-latency)"), f.summary());
        assertEquals("73.7%", f.measurement("ofDeviceTimePct").orElseThrow().display());
    }

    /**
     * Twelve writes at a time on ~30 ms flash serving twelve at once, from the run's start: the writes dispatched
     * into the empty device took as long as those with eleven others in it. One completion every 2.5 ms is twelve
     * slow writes side by side, not a queue the device keeps up with: no saturation, from the trace or from iostat.
     */
    @Test
    void requestsAsSlowAloneAsWithTheOthersAreInServiceNotQueued() {
        assertEquals(List.of(), blockOnly("slow-30ms-s12-qd12-ssd"));
        assertEquals(List.of(), RuleHarness.files(RuleCatalogue.byId(DiskSaturationRule.ID).orElseThrow(),
                TestData.gridFilesWithout("slow-30ms-s12-qd12-ssd", "strace", "perf-syscalls", "fio.out")),
                "iostat's deep queue defers to the trace of the same device");
    }
}
