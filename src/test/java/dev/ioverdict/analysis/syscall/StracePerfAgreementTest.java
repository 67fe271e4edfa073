package dev.ioverdict.analysis.syscall;

import static dev.ioverdict.testing.TestData.file;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.syscall.ProcessSyscallStat;
import dev.ioverdict.model.syscall.SyscallSection;
import dev.ioverdict.testing.RuleHarness;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * strace and perf recorded the same fio run (xfs-unaligned-512b): they must see the same calls,
 * and their times may differ only by what strace adds. strace -T spans the syscall-entry ptrace
 * stop to the exit stop, so each call also carries the tracer's wake-ups (about 40-130 us per call
 * on this 2-CPU guest); perf's tracepoints fire inside the kernel at sys_enter and sys_exit. So
 * per process and syscall: equal counts, 0 <= strace total - perf total <= count x 200 us, and
 * maxima within 2 ms of each other.
 */
class StracePerfAgreementTest {
    static final double PER_CALL_OVERHEAD = 200e-6;

    @Test
    void countsAgreeAndTimesDifferOnlyByTheTracerOverhead() {
        String c = "xfs-unaligned-512b";
        SyscallSection s = RuleHarness.data(file(c, "strace-fio.txt"), file(c, "perf-syscalls.txt"))
                .results().get(SyscallSection.class).orElseThrow();
        int compared = 0;
        for (ProcessSyscallStat perf : s.byProcess()) {
            if (!perf.source().equals("perf-script") || !perf.name().startsWith("io_")) {
                continue;
            }
            ProcessSyscallStat strace = s.byProcess().stream()
                    .filter(x -> x.source().equals("strace") && x.pid().equals(perf.pid()) && x.name().equals(perf.name()))
                    .findFirst().orElseThrow(() -> new AssertionError("strace lacks " + perf));
            assertEquals(perf.count(), strace.count(), perf.toString());
            double extra = strace.total() - perf.total();
            assertTrue(extra >= 0 && extra <= perf.count() * PER_CALL_OVERHEAD, perf + " vs " + strace);
            assertEquals(perf.max(), strace.max(), 2e-3);
            compared++;
        }
        assertEquals(4, compared); // io_submit and io_getevents of both writers
    }
}
