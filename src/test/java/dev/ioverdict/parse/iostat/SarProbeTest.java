package dev.ioverdict.parse.iostat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ioverdict.model.iostat.IostatSample;
import dev.ioverdict.parse.FloorProbe;
import dev.ioverdict.testing.ParseRun;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The floor probe reads the rows the production reading keeps, so bench/floor-probe.sh measures the real work. */
class SarProbeTest {
    private static final List<Path> FILES = IostatFiles.SAR_TEXT;

    @Test
    void probeReadsAsManyRowsAsTheReaderWholeOrInChunksOnTwoThreads() throws Exception {
        long all = 0;
        for (Path file : FILES) {
            ParseRun run = ParseRun.of(new SarFormat(), file);
            long rows = run.all(IostatSample.class).size();
            all += rows;
            FloorProbe.Result whole = FloorProbe.decode(file, 1, 1 << 30, SarProbe.of(file));
            assertEquals(rows, whole.made(), file.toString());
            assertEquals(run.summary().lines(), whole.lines(), file.toString());
            // 256-byte chunks: each starts under the file's header (one per file here), so no row is lost at a seam
            FloorProbe.Result chunked = FloorProbe.decode(file, 2, 256, SarProbe.of(file));
            assertEquals(rows, chunked.made(), file.toString());
            assertEquals(run.summary().lines(), chunked.lines(), file.toString());
        }
        assertEquals(205, all);
    }
}
