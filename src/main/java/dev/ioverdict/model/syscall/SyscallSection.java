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
}
