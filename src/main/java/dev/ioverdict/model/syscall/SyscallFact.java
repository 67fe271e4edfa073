package dev.ioverdict.model.syscall;

import dev.ioverdict.model.Fact;

/** A fact of a tracer of processes (strace, perf, LinuxKI): calls, their summaries, sleeps and what the scheduler saw. */
public sealed interface SyscallFact extends Fact permits PhysicalDeviceStat, SchedActivity, SleepStack, SyscallCall, SyscallSummary, Sleep {
}
