package dev.ioverdict.parse.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.syscall.IoOp;
import dev.ioverdict.model.syscall.IoRequest;
import dev.ioverdict.model.syscall.SleepStack;
import dev.ioverdict.model.syscall.SyscallCall;
import dev.ioverdict.testing.ParseRun;
import dev.ioverdict.testing.TestData;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class SyscallPerfHandlersTest {
    private static final PerfScriptFormat FORMAT = new PerfScriptFormat();

    private static Path bundle(String name) {
        return TestData.bundle("xfs-unaligned-512b").resolve("bundle").resolve(name);
    }

    private static long count(List<SyscallCall> calls, String name) {
        return calls.stream().filter(c -> c.name().equals(name)).count();
    }

    @Test
    void enterAndExitTracepointsPairPerThread() {
        ParseRun run = ParseRun.of(FORMAT, bundle("perf-syscalls.txt"));
        assertTrue(run.summary().warnings().isEmpty(), run.summary().warnings().toString());
        List<SyscallCall> calls = run.all(SyscallCall.class);
        assertEquals(1624, count(calls, "io_submit"));
        assertEquals(1620, count(calls, "io_getevents"));
        SyscallCall first = calls.stream().filter(c -> c.line() == 1).findFirst().orElseThrow();
        assertEquals("perf-script", first.source());
        assertEquals("io_submit", first.name());
        assertEquals(19467, first.tid());
        assertEquals("fio", first.comm());
        assertEquals(1, first.line());
        assertEquals(1, first.nr());
        assertEquals(1L, first.ret());
        assertEquals(2, first.text().lines().count());
        assertTrue(first.lastLine() > first.line());
        assertTrue(first.duration() > 0);
    }

    @Test
    void rawSyscallsAreNamedAndNotCountedTwiceBesideNamedTracepoints() {
        ParseRun run = ParseRun.of(FORMAT, TestData.bundle("xfs-unaligned-512b")
                .resolve("fixtures/perf-raw-and-named-syscalls-excerpt.txt"));
        List<SyscallCall> fio = run.all(SyscallCall.class).stream().filter(c -> c.tid() == 17107).toList();
        assertEquals(4, count(fio, "io_submit"));
        assertEquals(2, count(fio, "io_getevents"));
        SyscallCall openat = fio.stream().filter(c -> c.name().equals("openat")).findFirst().orElseThrow();
        assertEquals(7L, openat.ret());
        assertEquals(8e-6, openat.duration(), 1e-9);
        assertEquals(1, count(fio, "syscall_140"));
    }

    @Test
    void preadArgumentsBecomeARequest() {
        String args = "fd: 0x00000003, buf: 0x7ffd5d1b2f30, count: 0x00000200, pos: 0x00001000";
        assertEquals(3L, SyscallTracepointHandler.namedArg(args, "fd"));
        assertEquals(512L, SyscallTracepointHandler.namedArg(args, "count"));
        assertEquals(4096L, SyscallTracepointHandler.namedArg(args, "pos"));
        assertNull(SyscallTracepointHandler.namedArg(args, "nr"));
        assertNotNull(new IoRequest(3, null, IoOp.READ, 512, 4096, null));
    }

    @Test
    void sleepsAreTimedFromSwitchOutToSwitchInAndFoldedToTheSyscall() {
        ParseRun run = ParseRun.of(FORMAT, bundle("perf-sched-stacks.txt"));
        List<SleepStack> stacks = run.all(SleepStack.class);
        SleepStack drain = stacks.stream()
                .filter(s -> s.pid() == 19468 && s.frames().get(0).equals("inode_dio_wait")).findFirst().orElseThrow();
        assertEquals(List.of("inode_dio_wait", "xfs_file_dio_write_unaligned", "xfs_file_write_iter", "aio_write",
                "io_submit_one", "__x64_sys_io_submit"), drain.frames());
        assertTrue(drain.count() > 10);
        assertNotNull(drain.total());
        assertTrue(drain.max() <= drain.total());
        assertTrue(drain.text().contains("sched:sched_switch: prev_comm=fio prev_pid=19468"));
        assertTrue(run.summary().warnings().isEmpty(), run.summary().warnings().toString());
    }

    @Test
    void foldDropsSchedulerFramesAndUserSpace() {
        assertEquals(List.of("read_events", "do_io_getevents", "__x64_sys_io_getevents"), SleepTracker.fold(List.of(
                "__schedule", "schedule", "schedule_hrtimeout_range", "read_events", "do_io_getevents",
                "__x64_sys_io_getevents", "do_syscall_64", "entry_SYSCALL_64_after_hwframe", "syscall", "[unknown]")));
    }
}
