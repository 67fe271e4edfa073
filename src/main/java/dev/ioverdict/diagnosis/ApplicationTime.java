package dev.ioverdict.diagnosis;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.model.syscall.AioProcess;
import dev.ioverdict.model.syscall.SyscallSection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The application's asynchronous I/O time, the budget every cause is weighed against: per process
 * the time in io_submit (submission) and in io_getevents (waiting for completions), each process
 * counted once from its most exact trace.
 */
record ApplicationTime(double submitSeconds, double geteventsSeconds) {
    /** When several traces show one process, the most exact timing speaks for it. */
    private static final List<String> PREFERRED = List.of("perf-script", "linuxki", "strace");

    static ApplicationTime of(CaseData data) {
        Map<Integer, AioProcess> byPid = new LinkedHashMap<>();
        data.results().get(SyscallSection.class).map(SyscallSection::aio).orElse(List.of()).stream()
                .sorted(Comparator.comparingInt((AioProcess a) -> rank(a.source())))
                .forEach(a -> byPid.putIfAbsent(a.pid(), a));
        double submit = 0;
        double getevents = 0;
        for (AioProcess a : byPid.values()) {
            submit += a.submitTotal() == null ? 0 : a.submitTotal();
            getevents += a.geteventsTotal() == null ? 0 : a.geteventsTotal();
        }
        return new ApplicationTime(submit, getevents);
    }

    double total() {
        return submitSeconds + geteventsSeconds;
    }

    boolean known() {
        return total() > 0;
    }

    private static int rank(String source) {
        int i = PREFERRED.indexOf(source);
        return i < 0 ? PREFERRED.size() : i;
    }
}
