package dev.ioverdict.parse.bpf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.bpf.LatencyHistogram;
import dev.ioverdict.testing.ParseRun;
import dev.ioverdict.testing.TestData;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** bcc's biolatency -j: one Python-dict line per histogram (testdata/external/SOURCES.md says where it is from). */
class BiolatencyJsonTest {
    @Test
    void oneHistogramAsPrinted() {
        Path file = TestData.external("bcc-biolatency/bcc-smoke-test-biolatency-j.txt");
        assertTrue(ParseRun.recognise(new BiolatencyFormat(), file).score() >= 70);
        ParseRun run = ParseRun.of(new BiolatencyFormat(), file);
        assertEquals(0, run.summary().skipped());
        List<LatencyHistogram> hs = run.all(LatencyHistogram.class);
        assertEquals(1, hs.size());
        LatencyHistogram h = hs.get(0);
        assertEquals(List.of("biolatency", "bcc", "usecs", "2023-02-06 14:02:39"), List.of(h.tool(), h.source(), h.unit(),
                h.interval()));
        // the counts bcc printed: 0,0,0,0,0,1,2,3,4 in buckets 0-1 .. 256-511 usecs
        assertEquals(List.of(0L, 0L, 0L, 0L, 0L, 1L, 2L, 3L, 4L), h.buckets().stream().map(LatencyHistogram.Bucket::count).toList());
        assertEquals(10, h.count());
        assertEquals(256e-6, h.buckets().get(8).low(), 1e-12);
        assertEquals(512e-6, h.buckets().get(8).high(), 1e-12);
    }
}
