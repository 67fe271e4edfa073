package dev.ioverdict.model.syscall;

import java.util.List;

/**
 * The report's {@code syscalls} section (CONTRACT.md): {@code byName} as the contract fixes it,
 * plus the per-process figures, the AIO view (io_submit against io_getevents), alignment classes
 * per file and the top sleep stacks per process.
 */
public record SyscallSection(List<SyscallStat> byName, List<ProcessSyscallStat> byProcess, List<AioProcess> aio,
                             List<FileAlignment> alignment, List<SleepStack> sleepStacks) {
    public SyscallSection {
        byName = List.copyOf(byName);
        byProcess = List.copyOf(byProcess);
        aio = List.copyOf(aio);
        alignment = List.copyOf(alignment);
        sleepStacks = List.copyOf(sleepStacks);
    }
}
