package dev.ioverdict.parse.strace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ioverdict.model.syscall.SyscallCall;
import dev.ioverdict.parse.FloorProbe;
import dev.ioverdict.testing.ParseRun;
import dev.ioverdict.testing.TestData;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The floor probe decodes the calls the production reading keeps, so bench/floor-probe.sh measures the real work. */
class StraceProbeTest {
    @Test
    void probeDecodesAsManyCallsAsTheReaderKeepsWholeOrInChunksOnTwoThreads() throws Exception {
        // fio's libaio trace: a third of its lines are io_submit/io_getevents calls unfinished then resumed
        Path file = TestData.bundle("xfs-aligned-4k").resolve("bundle/strace-fio.txt");
        ParseRun run = ParseRun.of(new StraceFormat(), file);
        long calls = run.all(SyscallCall.class).size();
        assertEquals(4975, calls);

        FloorProbe.Result whole = FloorProbe.decode(file, 1, 1 << 30, StraceProbe::new);
        assertEquals(calls, whole.made());
        assertEquals(run.summary().lines(), whole.lines());
        // 16 KB chunks: pairs split at a seam are decoded from their resumption, one record each still
        FloorProbe.Result chunked = FloorProbe.decode(file, 2, 16 << 10, StraceProbe::new);
        assertEquals(calls, chunked.made());
        assertEquals(run.summary().lines(), chunked.lines());
    }
}
