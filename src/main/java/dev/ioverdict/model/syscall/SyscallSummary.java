package dev.ioverdict.model.syscall;

import java.util.List;

/**
 * Per-syscall totals a tool already computed: a LinuxKI SYSTEM CALL REPORT row (per process, with
 * its SLEEP / Sleep Func / RUNQ / CPU sub-rows) or a {@code strace -c} summary row (pid null).
 * Times in seconds; {@code avg}/{@code max}/{@code runq}/{@code cpu}/{@code sleep} null when not printed.
 */
public record SyscallSummary(String source, String input, long line, String text, Integer pid, String comm,
                             String name, long count, long errors, double total, Double avg, Double max,
                             Double sleep, List<SleepFunc> sleepFuncs, Double runq, Double cpu) implements SyscallFact {
    public SyscallSummary {
        sleepFuncs = List.copyOf(sleepFuncs);
    }
}
