package dev.ioverdict.analysis.syscall;

import static dev.ioverdict.testing.TestData.file;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.syscall.SleepStack;
import dev.ioverdict.model.syscall.SyscallCall;
import dev.ioverdict.parse.perf.PerfScriptFormat;
import dev.ioverdict.parse.strace.StraceFormat;
import dev.ioverdict.testing.ParseRun;
import dev.ioverdict.testing.RuleHarness;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Sleeps timed across inputs, against figures computed apart from ioverdict: sleepstats.py
 * (switch-out to switch-in) for a recording that holds fio's switch-ins, switchoutstats.py (each
 * sleep to the thread's next event in the perf files) for one that holds fio's switch-outs only
 * (testdata/capture-recording/, figures in each bundle's README).
 */
class SleepTimingTest {
    private static final String SWITCH_OUTS = "unaligned-switchout-only";
    private static final int WRITER_512 = 15123;
    private static final int WRITER_140288 = 15124;

    private static List<SleepStack> stacks(Path... files) {
        return RuleHarness.data(files).facts().all(SleepStack.class);
    }

    private static AioWaits.Breakdown writer(List<SleepStack> stacks, int pid) {
        return AioWaits.of(stacks, Set.of(pid));
    }

    /** Seconds a writer slept inside io_submit. */
    private static double inSubmit(List<SleepStack> stacks, int pid) {
        return stacks.stream().filter(s -> s.pid() == pid && s.total() != null)
                .filter(s -> s.frames().contains("__x64_sys_io_submit")).mapToDouble(SleepStack::total).sum();
    }

    @Test
    void aRecordingWithSwitchInsTimesEachSleepToItsSwitchInAsBefore() {
        // unaligned-on-slow-device/README.md, sleepstats.py over the bundle's 1.2 s window: waiting for the
        // other writer 1.403 s (inode_dio_wait 0.397 s, the inode lock 1.006 s), for its own write 0.918 s
        List<SleepStack> stacks = stacks(file("unaligned-on-slow-device", "perf-sched-stacks.txt"));
        AioWaits.Breakdown both = AioWaits.of(stacks, Set.of(24912, 24913));
        assertEquals(1.403, both.serialised(), 0.001);
        // sleepstats.py groups by a telling frame anywhere in the stack, AioWaits by the innermost: 3 ms apart
        assertEquals(0.918, both.ownIo(), 0.005);
        assertNull(both.timing());
        assertTrue(stacks.stream().filter(s -> s.pid() == 24912 || s.pid() == 24913).allMatch(s -> s.timing() == null));
    }

    @Test
    void switchOutsOnlyLastUntilTheThreadsNextEventInAnyPerfRecording() {
        // switchoutstats.py --exits perf-sched-stacks.txt perf-syscalls.txt: asleep in io_submit 1.674 s, of it
        // waiting for the inode 1.398 s (bs=512 writer); 1.967 s and 1.103 s (bs=140288 writer); none open
        List<SleepStack> stacks = stacks(file(SWITCH_OUTS, "perf-sched-stacks.txt"), file(SWITCH_OUTS, "perf-syscalls.txt"));
        assertEquals(1.674, inSubmit(stacks, WRITER_512), 0.001);
        assertEquals(1.398, writer(stacks, WRITER_512).serialised(), 0.001);
        assertEquals(1.967, inSubmit(stacks, WRITER_140288), 0.001);
        assertEquals(1.103, writer(stacks, WRITER_140288).serialised(), 0.001);
        AioWaits.Breakdown both = AioWaits.of(stacks, Set.of(WRITER_512, WRITER_140288));
        assertEquals(0, both.open());
        assertTrue(both.timing().contains("perf-syscalls.txt (the same clock)"), both.timing());
        // the old timing, switch-out to switch-in, saw 0.714 s of waiting for the inode in these stacks
        assertTrue(both.serialised() > 2.4, String.valueOf(both.serialised()));
    }

    @Test
    void withoutOtherInputsTheNextSwitchOutEndsASleepAndTheLastOnesStayOpen() {
        // switchoutstats.py perf-sched-stacks.txt: 1.653 s / 1.377 s and 1.947 s / 1.103 s; each writer's last
        // sleep in the window has no later event: open
        List<SleepStack> stacks = stacks(file(SWITCH_OUTS, "perf-sched-stacks.txt"));
        assertEquals(1.653, inSubmit(stacks, WRITER_512), 0.001);
        assertEquals(1.377, writer(stacks, WRITER_512).serialised(), 0.001);
        assertEquals(1.947, inSubmit(stacks, WRITER_140288), 0.001);
        assertEquals(1.103, writer(stacks, WRITER_140288).serialised(), 0.001);
        assertEquals(1, writer(stacks, WRITER_512).open());
        assertEquals(1, writer(stacks, WRITER_140288).open());
    }

    @Test
    void straceEndsSleepsOnceItsClockIsPutOnPerfsByMatchingTheSameCalls() {
        List<SleepStack> stacks = stacks(file(SWITCH_OUTS, "perf-sched-stacks.txt"), file(SWITCH_OUTS, "perf-syscalls.txt"),
                file(SWITCH_OUTS, "strace-fio.txt"));
        // fio's backend (pid 15122) is not in perf-syscalls.txt; strace's pselect6 ends its last sleep, which
        // switchoutstats.py leaves open (13 sleeps timed, 1 open)
        SleepStack select = stacks.stream().filter(s -> s.pid() == 15122 && s.frames().contains("do_select"))
                .findFirst().orElseThrow();
        assertEquals(14, select.count());
        assertNull(select.open());
        assertTrue(select.timing().contains("strace-fio.txt (time of day, put on that clock by"), select.timing());
        // strace's later exits (its ptrace stops) change none of the writers' figures above by a millisecond
        assertEquals(1.398, writer(stacks, WRITER_512).serialised(), 0.001);
        assertEquals(1.103, writer(stacks, WRITER_140288).serialised(), 0.001);
    }

    @Test
    void theOffsetIsStracesTimeOfDayLessPerfsClockOfTheSameCall() {
        ThreadEvents strace = events("strace", new StraceFormat(), file(SWITCH_OUTS, "strace-fio.txt"));
        ThreadEvents perf = events("perf-script", new PerfScriptFormat(), file(SWITCH_OUTS, "perf-syscalls.txt"));
        ClockAlignment.Offset o = ClockAlignment.of(strace, perf);
        // the bs=512 writer's first io_submit: strace-fio.txt 11:01:53.867643, perf-syscalls.txt 462.601919
        assertEquals(11 * 3600 + 60 + 53.867643 - 462.601919, o.seconds(), 0.0005);
        assertTrue(o.matched() >= 0.95 * o.compared(), o.toString());
    }

    @Test
    void straceWithoutAPerfSyscallTraceCannotBeAlignedAndTheStacksSaySo() {
        List<SleepStack> stacks = stacks(file(SWITCH_OUTS, "perf-sched-stacks.txt"), file(SWITCH_OUTS, "strace-fio.txt"));
        AioWaits.Breakdown both = AioWaits.of(stacks, Set.of(WRITER_512, WRITER_140288));
        assertTrue(both.timing().contains("strace-fio.txt (time of day) cannot be put on perf-sched-stacks.txt's clock"),
                both.timing());
        assertEquals(1.377 + 1.103, both.serialised(), 0.002);
        assertFalse(both.timing().contains("put on that clock by"));
    }

    /** A syscall trace read before the recording (its file name sorts first) ends the same sleeps. */
    @Test
    void aSyscallTraceReadBeforeTheRecordingEndsTheSameSleeps() {
        List<dev.ioverdict.model.Fact> calls = new java.util.ArrayList<>(ParseRun.of(new PerfScriptFormat(), file(SWITCH_OUTS,
                "perf-syscalls.txt")).all(SyscallCall.class));
        List<dev.ioverdict.model.Fact> sleeps = new java.util.ArrayList<>(ParseRun.of(new PerfScriptFormat(), file(SWITCH_OUTS,
                "perf-sched-stacks.txt")).all(dev.ioverdict.model.syscall.Sleep.class));
        List<Double> figures = new java.util.ArrayList<>();
        for (List<List<dev.ioverdict.model.Fact>> order : List.of(List.of(calls, sleeps), List.of(sleeps, calls))) {
            dev.ioverdict.model.Facts facts = new dev.ioverdict.model.Facts();
            SleepTiming timing = new SleepTiming();
            timing.attach(facts);
            order.forEach(part -> part.forEach(facts::add));
            timing.finish(facts, new dev.ioverdict.analysis.Results());
            List<SleepStack> stacks = facts.all(SleepStack.class);
            figures.add(writer(stacks, WRITER_512).serialised());
            figures.add(writer(stacks, WRITER_140288).serialised());
        }
        assertEquals(1.398, figures.get(0), 0.001);
        assertEquals(1.103, figures.get(1), 0.001);
        assertEquals(figures.subList(0, 2), figures.subList(2, 4));
    }

    private static ThreadEvents events(String source, dev.ioverdict.parse.InputFormat format, Path file) {
        ThreadEvents t = new ThreadEvents(source, file.getFileName().toString());
        ParseRun.of(format, file).all(SyscallCall.class).stream().filter(c -> c.start() != null && c.duration() != null)
                .forEach(c -> t.add(c, tid -> true));
        return t;
    }
}
