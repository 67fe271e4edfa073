package dev.ioverdict.parse;

/**
 * How a format's tracer times system calls, the most exact first. When several traces timed one
 * process the most exact speaks for it, and every reader of the application's time (the AIO view,
 * the time model, "Where the time goes", compare) ranks the traces by this one order, declared on
 * the formats ({@link InputFormat#syscallTiming}) and read through {@link InputFormats#tracerRank}.
 */
public enum SyscallTiming {
    /** perf script: the kernel's syscall tracepoints, stamped to the nanosecond. */
    TRACEPOINTS,
    /** perf trace: the same tracepoints, durations printed to the microsecond. */
    TRACEPOINTS_ROUNDED,
    /** LinuxKI's kitrace: kernel trace events, no stop of the traced process. */
    KERNEL_TRACE,
    /** strace: ptrace stops the process at every call, which inflates short calls. */
    PTRACE,
    /** The format times no system calls. */
    NONE
}
