package dev.ioverdict.diagnosis;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.analysis.syscall.AioWaits;
import dev.ioverdict.model.syscall.AioProcess;
import dev.ioverdict.model.syscall.SleepStack;
import dev.ioverdict.model.syscall.SyscallSection;
import java.util.List;

/**
 * The application's asynchronous I/O time, the budget every cause is weighed against: per process
 * the time in io_submit (submission) and in io_getevents (waiting for completions), each process
 * counted once from its most exact trace; and, where sleep stacks were recorded, what those calls
 * slept on (their own I/O, other I/O of the inode, something else).
 */
record ApplicationTime(double submitSeconds, double geteventsSeconds, AioWaits.Breakdown sleeps) {

    static ApplicationTime of(CaseData data) {
        List<AioProcess> timed = AioWaits.mostExact(data.results().get(SyscallSection.class)
                .map(SyscallSection::aio).orElse(List.of()));
        double submit = 0;
        double getevents = 0;
        for (AioProcess a : timed) {
            submit += a.submitTotal() == null ? 0 : a.submitTotal();
            getevents += a.geteventsTotal() == null ? 0 : a.geteventsTotal();
        }
        List<Integer> pids = timed.stream().map(AioProcess::pid).toList();
        return new ApplicationTime(submit, getevents, AioWaits.of(data.facts().all(SleepStack.class), pids));
    }

    double total() {
        return submitSeconds + geteventsSeconds;
    }

    boolean known() {
        return total() > 0;
    }
}
