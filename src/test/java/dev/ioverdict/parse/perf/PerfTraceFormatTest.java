package dev.ioverdict.parse.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.syscall.SyscallCall;
import dev.ioverdict.testing.ParseRun;
import dev.ioverdict.testing.TestData;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** perf trace on the examples of perf-trace(1) (testdata/external/perf-trace) and a few lines of its error forms. */
class PerfTraceFormatTest {
    private static final PerfTraceFormat FORMAT = new PerfTraceFormat();

    private static Path sample(String file) {
        return TestData.external().resolve("perf-trace").resolve(file);
    }

    @Test
    void openatCallsWithDurationsAndThreads() {
        Path file = sample("linux-doc-perf-trace-openat-syscalls.txt");
        assertEquals(100, ParseRun.recognise(FORMAT, file).score());
        assertEquals(0, ParseRun.recognise(new PerfScriptFormat(), file).score());
        ParseRun run = ParseRun.of(FORMAT, file);
        assertTrue(run.summary().warnings().isEmpty(), run.summary().warnings().toString());
        List<SyscallCall> calls = run.all(SyscallCall.class);
        assertEquals(4, calls.size());
        SyscallCall first = calls.get(0);
        assertEquals("perf-trace", first.source());
        assertEquals("openat", first.name());
        assertEquals("gnome-shell", first.comm());
        assertEquals(1370, first.pid());
        assertEquals(2.272992, first.start(), 1e-9);
        assertEquals(0.000037, first.duration(), 1e-12);
        assertEquals(31, first.ret());
        assertEquals(3, calls.get(3).ret());
        assertEquals("sed", calls.get(3).comm());
    }

    @Test
    void errorsAndUnknownDurations() {
        ParseRun run = ParseRun.of(FORMAT, "t.txt", """
                   521.434 ( 0.009 ms): cat/6231 openat(dfd: CWD, filename: /nope) = -1 ENOENT (No such file or directory)
                   522.001 ( ? ms): cat/6231 read(fd: 3, buf: 0x7ffd, count: 4096) = 4096
                """);
        List<SyscallCall> calls = run.all(SyscallCall.class);
        assertEquals(2, calls.size());
        assertEquals("ENOENT", calls.get(0).error());
        assertEquals(-1, calls.get(0).ret());
        assertNull(calls.get(1).duration());
        assertEquals(4096, calls.get(1).ret());
    }

    @Test
    void pageFaultWithCallchainIsCountedNotACall() {
        ParseRun run = ParseRun.of(FORMAT, sample("linux-doc-perf-trace-minfault-with-callchain.txt"));
        assertEquals(1, run.summary().records());
        assertTrue(run.all(SyscallCall.class).isEmpty());
        assertTrue(run.summary().warnings().isEmpty(), run.summary().warnings().toString());
        assertEquals(List.of("holds no I/O: no system calls, 1 page fault(s) and 0 tracepoint event(s) only"),
                run.summary().notes());
    }

    @Test
    void tracepointsWithCallchains() {
        Path file = sample("linux-doc-perf-trace-sched-block-net-tracepoints-callchains.txt");
        assertEquals(100, ParseRun.recognise(FORMAT, file).score());
        ParseRun run = ParseRun.of(FORMAT, file);
        assertEquals(10, run.summary().records());
        assertEquals(0, run.summary().skipped());
    }
}
