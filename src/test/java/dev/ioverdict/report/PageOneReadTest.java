package dev.ioverdict.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a consultant's read of every page 1 found wrong, each on the real capture that showed it:
 * a cause said twice, a symptom ranked as a cause, a figure called "within" its limit when it is
 * far above, advice for a note, a whole named for what it is not.
 */
class PageOneReadTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path tmp;

    private static JsonNode report(String bundle) throws IOException {
        Path out = tmp.resolve(bundle.replace('/', '-'));
        Cli r = Cli.run("report", TestData.bundle(bundle).resolve("bundle").toString(), "-o", out.toString(),
                "--format", "json", "--quiet");
        assertTrue(r.exitCode() == 0 || r.exitCode() == 1, bundle + ": exit " + r.exitCode() + r.err());
        return JSON.readTree(out.resolve("report.json").toFile());
    }

    /** The USE table's device rows: the CPUs' row (iostat's avg-cpu) first where there is one, then the devices. */
    private static List<JsonNode> devices(JsonNode report) {
        List<JsonNode> rows = new java.util.ArrayList<>();
        report.path("summary").path("use").forEach(u -> {
            if (!u.path("device").asText().equals("CPUs")) {
                rows.add(u);
            }
        });
        return rows;
    }

    /** The latency cell of the USE table's device row {@code row}. */
    private static JsonNode latency(JsonNode report, int row) {
        return devices(report).get(row).path("latency");
    }

    /** A latency cell of a device the application is bound by, whose figure ends with {@code end}. */
    private static void holdsTheWait(JsonNode cell, String end) {
        assertEquals("holds the wait", cell.path("status").asText());
        assertTrue(cell.path("figure").asText().endsWith(end), cell.toString());
    }

    private static List<String> causeRules(JsonNode report) {
        List<String> out = new ArrayList<>();
        report.path("summary").path("causes").forEach(c -> out.add(c.path("rule").asText()));
        return out;
    }

    /**
     * A device serving in turn requests each slow alone: two causes, each with its part of the device's time; the
     * latency cell says the device's service against its class, not "stalls now and then" (device-latency's share
     * of the device's time is each request's own time there, not a few stalls').
     */
    @Test
    void aSlowAndFullDeviceHasTwoCausesAndItsLatencyCellNoStalls() throws IOException {
        JsonNode r = report("grid/psync-writers-8ms-j4-s1-ssd");
        assertEquals(List.of("disk-saturation", "device-latency"), causeRules(r));
        String latency = latency(r, 0).path("figure").asText();
        assertEquals("7.71 ms a request served alone; D2C 29.3 ms with the queue inside it", latency);
    }

    @Test
    void theProcessesWaitingOnASaturatedDeviceAreItsSymptomsNotMoreCauses() throws IOException {
        JsonNode r = report("grid/saturated-4ms-s1");
        assertEquals(List.of("disk-saturation"), causeRules(r), "one cause: the full device");
        JsonNode symptoms = r.path("findings").get(0).path("symptoms");
        assertTrue(symptoms.toString().contains("aio-completion-wait"), symptoms.toString());
        assertFalse(r.path("summary").path("headline").asText().contains("more cause"));
        // the device time it holds is far above what its class gives: never "within"
        String latency = latency(r, 0).path("figure").asText();
        assertTrue(latency.contains("above the 5 ms a solid-state (non-rotational) device should give"), latency);
    }

    @Test
    void aFullDevicesLatencyAboveItsClassIsNotOkButSentToItsCause() throws IOException {
        // iodepth 256 on one slot: fio's wait is asleep for a tag (io_submit), not in the device, so the device
        // does not "hold the wait"; its 247 ms writes are still far above flash's 5 ms: a note linking the cause
        JsonNode r = report("grid/qd256-1slot-2ms-ssd");
        assertEquals(List.of("disk-saturation"), causeRules(r));
        JsonNode latency = latency(r, 0);
        assertEquals("note", latency.path("status").asText(), latency.toString());
        assertEquals("disk-saturation", latency.path("rule").asText(), latency.toString());
        assertTrue(latency.path("figure").asText().endsWith("should give: the causes above say why"), latency.toString());
    }

    @Test
    void aSlowDevicesLatencyCellSaysHowSlowAgainstItsClass() throws IOException {
        // two devices: loop0 slow for reads (its cause fills the latency cell), loop1 saturated (its cell holds the wait)
        JsonNode r = report("grid/two-devs-read-20ms-and-sat-2ms");
        JsonNode loop0 = latency(r, 0);
        assertEquals("loop0", devices(r).get(0).path("device").asText());
        assertEquals("problem", loop0.path("status").asText());
        assertEquals("D2C reads 19.5 ms, above the 5 ms a solid-state (non-rotational) device should give",
                loop0.path("figure").asText());
        holdsTheWait(latency(r, 1), "writes 57 ms, above the 5 ms a solid-state (non-rotational) device should give: "
                + "the causes above say why");
    }

    @Test
    void theCpusComeFirstAndSayWhenNoneWasFree() throws IOException {
        // eight busy loops on the two CPUs: iostat's avg-cpu lines 100 % busy in the median report
        JsonNode cpus = report("grid/zram-cpuhog8-randread-qd4").path("summary").path("use").get(0);
        assertEquals("CPUs", cpus.path("device").asText());
        assertEquals("note", cpus.path("utilization").path("status").asText());
        assertEquals("busy 100% in the median of 13 reports, at most 100%: no CPU free, a process that wakes waits for one",
                cpus.path("utilization").path("figure").asText());
        assertEquals("not measured", cpus.path("saturation").path("status").asText());
        // a copy's writeback filling a disk leaves the CPUs idle or waiting for I/O
        JsonNode quiet = report("grid/writeback-neighbour-reads-8ms-s1-hdd").path("summary").path("use").get(0);
        assertEquals("ok", quiet.path("utilization").path("status").asText(), quiet.toString());
    }

    @Test
    void noDeviceHoldsAWaitThatIsItselfATrifleOfTheCapture() throws IOException {
        // zram-randread-qd4: 70 ms of wait over 8.5 s, a tenth of it on each device: the application is not bound by
        // either, and neither row says it holds the wait
        JsonNode r = report("grid/zram-randread-qd4");
        for (int i = 0; i < devices(r).size(); i++) {
            assertEquals("ok", latency(r, i).path("status").asText(), latency(r, i).toString());
        }
        assertTrue(latency(r, 1).path("figure").asText().startsWith("D2C reads 0.0"), latency(r, 1).toString());
    }

    @Test
    void aDeviceSlowInOneDirectionSaysWhichOneIsAboveItsClass() throws IOException {
        // "reads 2.85 ms, writes 32.6 ms, above the 5 ms ..." read as both directions above
        String figure = latency(report("grid/writes-slow-reads-fast"), 0).path("figure").asText();
        assertEquals("D2C writes 32.6 ms, above the 5 ms a solid-state (non-rotational) device should give; reads 2.85 ms, "
                + "within it", figure);
    }

    @Test
    void aDeviceFullOfANeighboursRequestsIsNotCalledSlow() throws IOException {
        // the restore's 1 MiB writes fill the rotating loop0: the victim's 121 ms there is the queue, not the disk
        JsonNode r = report("grid/noisy-neighbour-8ms-hdd");
        assertEquals(List.of("noisy-neighbour"), causeRules(r));
        holdsTheWait(latency(r, 0), "83.4 % of it queued behind other processes' requests, not the device's own time: "
                + "the causes above say why");
    }

    @Test
    void aDeviceSlowAloneAndSaturatedUnderLoadIsOneCause() throws IOException {
        JsonNode r = report("sosreport-sar-saturated");
        assertEquals(List.of("device-latency"), causeRules(r), "said once, on loop0");
        String symptoms = r.path("findings").get(0).path("symptoms").toString();
        assertTrue(symptoms.contains("disk-saturation") && symptoms.contains("queue-wait"), symptoms);
        assertTrue(r.path("summary").path("headline").asText().contains("even with no queue in front of it"));
    }

    @Test
    void aSlowAverageAtOnePercentBusyIsAWarningOfLowConfidence() throws IOException {
        JsonNode r = report("iostat-solaris-healthy");
        JsonNode c0 = null;
        for (JsonNode f : r.path("findings")) {
            if (f.path("title").asText().contains("c0t0d0")) {
                c0 = f;
            }
        }
        assertTrue(c0 != null, "the slow c0t0d0 is still said");
        assertEquals("warning", c0.path("severity").asText());
        assertEquals("LOW", c0.path("confidence").asText().toUpperCase());
        assertTrue(c0.path("confidenceReasons").toString().contains("busy in these reports"), c0.toString());
    }

    /**
     * An fsync every 32 buffered writes on 20 ms flash (batch 19): a full device, slow alone, and the commit rate. The
     * device's causes share its time, the commit rate holds the flushes: each second of the wait is one cause's, so
     * the shares page 1 lists add to no more than the whole (they added to 127 %, the flushes counted twice).
     */
    @Test
    void causesSplittingTheDeviceLeaveTheFlushesToTheCommitRate() throws IOException {
        JsonNode findings = report("grid/fsync32-buffered-20ms-s4-ssd").path("findings");
        double sum = 0;
        java.util.Map<String, Double> shares = new java.util.LinkedHashMap<>();
        for (JsonNode f : findings) {
            double share = f.path("impact").path("sharePct").asDouble();
            shares.put(f.path("rule").asText(), share);
            sum += share;
        }
        assertEquals(java.util.Set.of("disk-saturation", "sync-write-latency", "device-latency"), shares.keySet());
        assertTrue(sum <= 100.5, "the causes' shares add to " + sum + " %: " + shares);
        assertEquals(27.1, shares.get("sync-write-latency"), 0.5, shares.toString());
        // a device that stops now and then under an fsync after every write: the stall holds the flushes it stopped
        // (31 %), and the commit rate yields them (it held 73 %: 104 % with the stall)
        JsonNode stalled = report("grid/stalls-300ms-2s-fsync-1ms-ssd").path("findings");
        double commit = 0;
        double stall = 0;
        for (JsonNode f : stalled) {
            if (f.path("rule").asText().equals("sync-write-latency")) {
                commit = f.path("impact").path("sharePct").asDouble();
                assertTrue(f.path("impact").path("method").asText().endsWith("of its flushes a device stall holds"),
                        f.path("impact").toString());
            } else if (f.path("rule").asText().equals("device-latency")) {
                stall = f.path("impact").path("sharePct").asDouble();
            }
        }
        assertEquals(30.8, stall, 0.5);
        assertTrue(commit > 40 && commit + stall <= 100.5, commit + " + " + stall);
    }

    /**
     * btrfs's unaligned cell: the device, the blocking submission of its two fio writers (one cause, said once), and
     * request-starvation as information.
     */
    @Test
    void theHeadlineCountsANoteApartFromTheCauses() throws IOException {
        String headline = report("grid/btrfs-unaligned-8ms-ssd").path("summary").path("headline").asText();
        assertTrue(headline.endsWith("; one more cause and a note below."), headline);
    }

    @Test
    void aNoteGetsNoStepOnPageOne() throws IOException {
        JsonNode r = report("grid/healthy-1ms-light");
        assertTrue(r.path("summary").path("headline").asText().startsWith("No I/O problem found in this capture; for information"));
        assertEquals(0, r.path("summary").path("actions").size(), r.path("summary").path("actions").toString());
    }

    @Test
    void anApplicationThatHardlyWaitsIsSaidToBeNotIoBound() throws IOException {
        // read-ahead keeps the reader in the page cache: a slow device nobody waits for is a note, not a fault
        JsonNode r = report("grid/seqread-buffered-8ms-ssd");
        assertTrue(r.path("summary").path("headline").asText().startsWith("No I/O problem found in this capture: the "
                + "application is not I/O bound (it waited 5.92 ms for I/O in the 2.99 s traced, 0.198%); for "
                + "information: slow device: loop0"), r.path("summary").path("headline").asText());
        assertEquals(0, r.path("summary").path("actions").size(), r.path("summary").path("actions").toString());
        assertEquals("note", devices(r).get(0).path("latency").path("status").asText());
    }

    @Test
    void withoutAnApplicationTraceTheWholeIsTheDevicesTime() throws IOException {
        JsonNode golden = JSON.readTree(TestData.bundle("blkgen-healthy-ssd").resolve("report.golden.json").toFile());
        String latency = golden.path("summary").path("use").get(0).path("latency").path("figure").asText();
        assertTrue(latency.startsWith("94.6 % of the devices' own time"), latency);
        JsonNode one = JSON.readTree(TestData.bundle("seed-000-blkparse").resolve("report.golden.json").toFile());
        assertTrue(one.path("summary").path("headline").asText().contains("1 request outstanding on average"));
    }

    @Test
    void aSlowDeviceIsTheFindingAboveOnlyWhenThatFindingIsAboutItsService() throws IOException {
        JsonNode golden = JSON.readTree(TestData.bundle("reads-starved-behind-writes").resolve("report.golden.json").toFile());
        String reason = null;
        for (JsonNode h : golden.path("summary").path("healthy")) {
            if (h.path("rule").asText().equals("device-latency")) {
                reason = h.path("reason").asText();
            }
        }
        assertTrue(reason != null && !reason.contains("finding above"), "the scheduler finding is not about its D2C: " + reason);
        assertTrue(reason.contains("half its I/Os take 3.32 ms or less: a tail of slow requests"), reason);
    }
}
