package dev.ioverdict.parse.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ioverdict.parse.FloorProbe;
import dev.ioverdict.testing.ParseRun;
import dev.ioverdict.testing.TestData;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The floor probe reads the samples the production reading counts, so bench/floor-probe.sh measures the real work. */
class PerfScriptProbeTest {
    @Test
    void probeReadsAsManySamplesAsTheReaderWholeOrInChunksOnTwoThreads() throws Exception {
        // sched_switch with call chains: most lines are frames
        Path file = TestData.bundle("xfs-aligned-4k").resolve("bundle/perf-sched-stacks.txt");
        ParseRun run = ParseRun.of(new PerfScriptFormat(), file);
        long samples = run.summary().records();
        assertEquals(1436, samples);

        FloorProbe.Result whole = FloorProbe.decode(file, 1, 1 << 30, PerfScriptProbe::new);
        assertEquals(samples, whole.made());
        assertEquals(run.summary().lines(), whole.lines());
        FloorProbe.Result chunked = FloorProbe.decode(file, 2, 16 << 10, PerfScriptProbe::new);
        assertEquals(samples, chunked.made());
    }
}
