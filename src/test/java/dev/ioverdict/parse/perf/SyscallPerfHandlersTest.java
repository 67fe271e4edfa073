package dev.ioverdict.parse.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.syscall.IoOp;
import dev.ioverdict.model.syscall.IoRequest;
import dev.ioverdict.model.syscall.Sleep;
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
    void sleepsEndAtTheSwitchInAndAreFoldedToTheSyscall() {
        ParseRun run = ParseRun.of(FORMAT, bundle("perf-sched-stacks.txt"));
        List<Sleep> sleeps = run.all(Sleep.class);
        Sleep drain = sleeps.stream().filter(s -> s.pid() == 19468 && s.frames().get(0).equals("inode_dio_wait"))
                .findFirst().orElseThrow();
        assertEquals(List.of("inode_dio_wait", "xfs_file_dio_write_unaligned", "xfs_file_write_iter", "aio_write",
                "io_submit_one", "__x64_sys_io_submit"), drain.frames());
        assertEquals(Sleep.End.SWITCH_IN, drain.endedBy());
        assertTrue(drain.end() > drain.start());
        assertTrue(drain.text().contains("sched:sched_switch: prev_comm=fio prev_pid=19468"));
        // the recording holds fio's switch-ins (next_comm == "fio"): every sleep of a writer ends at one,
        // but the last of each, which the cut window ends first
        List<Sleep> writers = sleeps.stream().filter(s -> s.pid() == 19467 || s.pid() == 19468).toList();
        assertEquals(0, writers.stream().filter(s -> s.endedBy() == Sleep.End.NEXT_EVENT).count());
        assertTrue(writers.stream().filter(s -> s.endedBy() == Sleep.End.OPEN).count() <= 2);
        assertTrue(run.summary().warnings().isEmpty(), run.summary().warnings().toString());
    }

    @Test
    void withoutSwitchInsASleepEndsAtTheThreadsNextSwitchOut() {
        ParseRun run = ParseRun.of(FORMAT, TestData.bundle("unaligned-switchout-only").resolve("bundle")
                .resolve("perf-sched-stacks.txt"));
        // perf-sched-stacks.txt:1027 fio 15123 asleep on the inode lock at 462.601928; its next switch-out,
        // line 1313 at 462.622650, is the same io_submit asleep again, waiting for its own write (__iomap_dio_rw)
        Sleep lock = run.all(Sleep.class).stream().filter(s -> s.line() == 1027).findFirst().orElseThrow();
        assertEquals("rwsem_down_read_slowpath", lock.frames().get(0));
        assertEquals(Sleep.End.NEXT_EVENT, lock.endedBy());
        assertEquals(462.601928, lock.start(), 1e-9);
        assertEquals(462.622650, lock.end(), 1e-9);
        assertTrue(run.summary().warnings().isEmpty(), run.summary().warnings().toString());
    }

    @Test
    void anyOtherSampleOfTheThreadInTheSameRecordingEndsItsSleep() {
        // one perf session holding both: fio 15124's switch-out to the drain (perf-sched-stacks.txt:1853) and
        // its io_submit's sys_exit (perf-syscalls.txt), as perf script prints them in time order
        String out = sample("unaligned-switchout-only", "perf-sched-stacks.txt", 1853);
        String exit = firstLineAfter("unaligned-switchout-only", "perf-syscalls.txt", "fio 15124", "sys_exit_io_submit",
                462.665729);
        ParseRun run = ParseRun.of(FORMAT, "perf.txt", out + exit + "\n");
        Sleep drain = run.all(Sleep.class).get(0);
        assertEquals("inode_dio_wait", drain.frames().get(0));
        assertEquals(Sleep.End.NEXT_EVENT, drain.endedBy());
        assertEquals(timeOf(exit), drain.end(), 1e-9);
    }

    private static String sample(String bundle, String file, int line) {
        List<String> lines = lines(bundle, file);
        StringBuilder s = new StringBuilder();
        for (int i = line - 1; i < lines.size() && !lines.get(i).isEmpty(); i++) {
            s.append(lines.get(i)).append('\n');
        }
        return s.append('\n').toString();
    }

    private static String firstLineAfter(String bundle, String file, String who, String event, double after) {
        return lines(bundle, file).stream().filter(l -> l.contains(who) && l.contains(event) && timeOf(l) > after)
                .findFirst().orElseThrow();
    }

    private static double timeOf(String perfLine) {
        int colon = perfLine.indexOf(": ");
        return Double.parseDouble(perfLine.substring(perfLine.lastIndexOf(' ', colon - 1) + 1, colon));
    }

    private static List<String> lines(String bundle, String file) {
        try {
            return java.nio.file.Files.readAllLines(TestData.bundle(bundle).resolve("bundle").resolve(file));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void foldDropsSchedulerFramesAndUserSpace() {
        assertEquals(List.of("read_events", "do_io_getevents", "__x64_sys_io_getevents"), SleepTracker.fold(List.of(
                "__schedule", "schedule", "schedule_hrtimeout_range", "read_events", "do_io_getevents",
                "__x64_sys_io_getevents", "do_syscall_64", "entry_SYSCALL_64_after_hwframe", "syscall", "[unknown]")));
    }
}
