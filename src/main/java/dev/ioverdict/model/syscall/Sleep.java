package dev.ioverdict.model.syscall;

import java.util.List;

/**
 * One sleep of one thread as a sched_switch recording saw it: switched out in S or D state at
 * {@code start} with the kernel stack {@code frames} (folded as in {@link SleepStack}), until
 * {@code end} (seconds; null when nothing in its own recording ended it). {@code endedBy} says what
 * ended it there: its switch-in (the exact end), its next event in that recording (its next
 * switch-out or any other sample of the thread: an upper bound, which another input may lower),
 * or nothing. {@code line}/{@code text}: the switch-out. Streamed to the analysis that times sleeps
 * across inputs, never kept one per sleep.
 */
public record Sleep(String source, String input, long line, String text, int pid, int tid, String comm,
                    List<String> frames, double start, Double end, End endedBy) implements SyscallFact {
    /** What ended a sleep in its own recording. */
    public enum End { SWITCH_IN, NEXT_EVENT, OPEN }

    public Sleep {
        frames = List.copyOf(frames);
    }
}
