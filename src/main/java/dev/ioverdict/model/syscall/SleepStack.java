package dev.ioverdict.model.syscall;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * Where a process slept: a kernel stack (innermost sleeping function first, scheduler frames
 * dropped) with how often and how long. From a LinuxKI "Process Sleep stack traces" row or folded
 * from perf {@code sched:sched_switch -g}. {@code pid} null for system-wide tables. {@code total},
 * {@code avg}, {@code max} in seconds (null when unknown); {@code pct} LinuxKI's wpct.
 * {@code line}/{@code text}: the row, or the first switch-out with this stack. {@code open}: of
 * {@code count}, the sleeps nothing in the bundle ended (counted, not timed; null when none or not
 * known); {@code timing}: how the sleeps were timed when not from switch-out to switch-in (a
 * recording of switch-outs only), null otherwise.
 */
public record SleepStack(String source, String input, long line, String text, Integer pid, String comm,
                         List<String> frames, long count, Double total, Double avg, Double max, Double pct,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Long open,
                         @JsonInclude(JsonInclude.Include.NON_NULL) String timing) implements SyscallFact {
    public SleepStack {
        frames = List.copyOf(frames);
    }

    /** A stack whose sleeps were all timed or whose source does not say (LinuxKI's tables). */
    public SleepStack(String source, String input, long line, String text, Integer pid, String comm,
                      List<String> frames, long count, Double total, Double avg, Double max, Double pct) {
        this(source, input, line, text, pid, comm, frames, count, total, avg, max, pct, null, null);
    }

    /** {@code inode_dio_wait <- xfs_file_dio_write_unaligned <- ... <- __x64_sys_io_submit}. */
    public String folded() {
        return String.join(" <- ", frames);
    }

    /** Whether any frame is one of {@code functions}. */
    public boolean passesThrough(java.util.Collection<String> functions) {
        for (String f : frames) {
            if (functions.contains(f)) {
                return true;
            }
        }
        return false;
    }
}
