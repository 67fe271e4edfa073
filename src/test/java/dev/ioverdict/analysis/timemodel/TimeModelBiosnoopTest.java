package dev.ioverdict.analysis.timemodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.timemodel.DeviceTime;
import dev.ioverdict.model.timemodel.TimeModel;
import dev.ioverdict.model.timemodel.WaitPart;
import dev.ioverdict.testing.RuleHarness;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Without a block trace, biosnoop's I/Os are the model's block-layer side (testdata/bpf-xfs-loop:
 * bcc's biosnoop -Q layout and bpftrace's biosnoop.bt over the same 1296 I/Os; the README there
 * gives the sums awk made of what biosnoop printed).
 */
class TimeModelBiosnoopTest {
    @Test
    void perProcessAndDirectionDeviceTimeFromBiosnoop() throws Exception {
        Path bundle = TestData.bundle("bpf-xfs-loop").resolve("bundle");
        Path[] files;
        try (Stream<Path> s = Files.list(bundle)) {
            files = s.sorted().toArray(Path[]::new);
        }
        TimeModel m = RuleHarness.data(files).results().get(TimeModel.class).orElseThrow();
        // LAT + QUE summed: loop0 reads 111.09 + 0.73 ms, writes 568.36 + 50.63 ms, loop1 writes 31.97 ms;
        // the same I/Os in biosnoop.bt are not counted twice
        assertEquals(0.76278, m.waitSeconds(), 0.00005);
        DeviceTime loop0 = m.devices().stream().filter(d -> d.device().equals("loop0")).findFirst().orElseThrow();
        assertEquals("biosnoop", loop0.source());
        assertEquals(111.09 / 609, loop0.readServiceMs(), 0.0001);
        assertEquals(568.36 / 387, loop0.writeServiceMs(), 0.0001);
        assertTrue(m.notes().stream().anyMatch(n -> n.contains("from biosnoop, not a block trace")), m.notes().toString());
        for (var p : m.processes()) {
            for (WaitPart w : p.parts()) {
                // the method names its source: biosnoop's latencies, never a block trace's phases
                assertTrue(w.method() == null || w.method().contains("biosnoop"), w.method());
            }
        }
        assertEquals(4, m.processes().size(), m.processes().toString()); // fio 5059, 5060, 5054 and dd 5078
    }
}
