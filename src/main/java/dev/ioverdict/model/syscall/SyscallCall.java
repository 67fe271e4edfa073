package dev.ioverdict.model.syscall;

import java.util.List;

/**
 * One completed system call from strace, perf syscall tracepoints or LinuxKI kitrace.
 * {@code line}..{@code lastLine} are the lines it spans (an unfinished/resumed pair, or a call a
 * terminal copy wrapped); {@code text} is the call as captured (joined when it spanned lines).
 * {@code pid} is the process (tgid) when the trace says it, else the traced id; {@code tid} the thread.
 * {@code start} and {@code duration} are seconds (null when the trace did not record them);
 * {@code ret} null for {@code ?}; {@code error} the errno name (EAGAIN) or null.
 * {@code nr}: the iocbs offered to io_submit, or min_nr of io_getevents. {@code io}: the decoded
 * requests; {@code eventRes}: the {@code res} of each event io_getevents returned.
 */
public record SyscallCall(String source, String input, long line, long lastLine, String text, int pid, int tid,
                          String comm, String name, Double start, Double duration, Long ret, String error,
                          Integer nr, List<IoRequest> io, List<Long> eventRes) implements SyscallFact {
    public SyscallCall {
        io = io == null ? List.of() : List.copyOf(io);
        eventRes = eventRes == null ? List.of() : List.copyOf(eventRes);
    }

    public boolean failed() {
        return error != null;
    }
}
