package dev.ioverdict.model.syscall;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * The report's {@code syscalls} section (CONTRACT.md): {@code byName} as the contract fixes it,
 * plus the per-process figures, the AIO view (io_submit against io_getevents), alignment classes
 * per file and the top sleep stacks per process. {@code notes}: what was counted but not itemised
 * (the processes and files beyond what is kept of an input of very many; absent when none).
 */
public record SyscallSection(List<SyscallStat> byName, List<ProcessSyscallStat> byProcess, List<AioProcess> aio,
                             List<FileAlignment> alignment, List<SleepStack> sleepStacks,
                             @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> notes) {
    public SyscallSection {
        byName = List.copyOf(byName);
        byProcess = List.copyOf(byProcess);
        aio = List.copyOf(aio);
        alignment = List.copyOf(alignment);
        sleepStacks = List.copyOf(sleepStacks);
        notes = notes == null ? List.of() : List.copyOf(notes);
    }

    /** Calls counted and their time, summed. */
    public record Timed(long count, double total) {
    }

    /**
     * The calls of {@code names} the processes {@code pids} made, as the trace that timed most of them counts them:
     * strace and perf beside it are not twice the calls.
     */
    public Timed timed(java.util.Collection<Integer> pids, java.util.Set<String> names) {
        java.util.Map<String, double[]> bySource = new java.util.LinkedHashMap<>();
        for (ProcessSyscallStat ps : byProcess) {
            if (ps.pid() != null && pids.contains(ps.pid()) && names.contains(ps.name()) && ps.total() != null) {
                double[] sum = bySource.computeIfAbsent(ps.source(), k -> new double[2]);
                sum[0] += ps.count();
                sum[1] += ps.total();
            }
        }
        double[] best = bySource.values().stream().max(java.util.Comparator.comparingDouble(x -> x[0]))
                .orElse(new double[2]);
        return new Timed((long) best[0], best[1]);
    }
}
