package dev.ioverdict.parse.iostat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.parse.FloorProbe;
import dev.ioverdict.testing.ParseRun;
import dev.ioverdict.testing.TestData;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The floor probe reads the rows the production reading counts, so bench/floor-probe.sh measures the real work. */
class IostatProbeTest {
    @Test
    void probeReadsAsManyRowsAsTheReaderWholeOrInChunksOnTwoThreads() throws Exception {
        Path file = TestData.bundle("xfs-aligned-4k").resolve("bundle/iostat-x.txt");
        ParseRun run = ParseRun.of(new IostatFormat(), file);
        long rows = run.all(dev.ioverdict.model.iostat.IostatSample.class).size();
        assertEquals(24, rows); // 6 reports of 4 devices
        FloorProbe.Result whole = FloorProbe.decode(file, 1, 1 << 30, IostatProbe::new);
        assertEquals(rows, whole.made());
        assertEquals(run.summary().lines(), whole.lines());
        // in 1 KB chunks a chunk's rows before its first header are not read: at most one report's per seam
        FloorProbe.Result chunked = FloorProbe.decode(file, 2, 1 << 10, IostatProbe::new);
        assertEquals(run.summary().lines(), chunked.lines());
        long seams = 6798 / 1024;
        assertTrue(chunked.made() <= rows && chunked.made() >= rows - 4 * seams, chunked.made() + " rows");
    }
}
