package dev.ioverdict.parse.perf;

import dev.ioverdict.model.Fact;
import dev.ioverdict.model.syscall.Sleep;
import dev.ioverdict.parse.OpenItems;
import dev.ioverdict.parse.ParseContext;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Each thread's open switch-out, the way LinuxKI accounts sleeps: a sleep begins when a task is
 * switched out in S or D state, with the kernel stack it slept with, and ends at the task's next
 * event in the same recording: its switch-in (the exact end), or, where switch-ins were not
 * recorded, its next switch-out or any other sample of it (it was running by then). Each ended
 * sleep is handed on as a {@link Sleep}, the ones nothing ended when the recording ends as open:
 * another input (a syscall trace) may still end them, and timing them is the analyses' work.
 * Memory is one entry per task asleep, never per event, for at most {@link OpenItems#MAX} tasks at
 * once: past them the longest asleep is given up (not handed on) and counted in one warning.
 */
public final class SleepTracker {
    /** Frames of the scheduler itself: a sleep is named by the function that called into it. */
    private static final Set<String> SCHEDULER = Set.of("__schedule", "schedule", "io_schedule",
            "io_schedule_timeout", "schedule_timeout", "schedule_hrtimeout_range", "schedule_hrtimeout_range_clock",
            "schedule_preempt_disabled", "schedule_idle", "preempt_schedule", "preempt_schedule_common",
            "preempt_schedule_irq", "__cond_resched", "_cond_resched", "schedule_timeout_uninterruptible",
            "schedule_timeout_interruptible", "schedule_timeout_killable", "freezable_schedule");

    private final String source;
    private final String input;
    private final Consumer<? super Fact> out;
    private final OpenItems<Asleep> asleep = new OpenItems<>(Asleep::line);

    public SleepTracker(String source, String input, Consumer<? super Fact> out) {
        this.source = source;
        this.input = input;
        this.out = out;
    }

    private record Asleep(int pid, int tid, String comm, double since, List<String> frames, long line, String text) {
    }

    /** Task {@code tid} of process {@code pid} went to sleep at {@code time} with {@code stack} (innermost first). */
    public void sleeps(int pid, int tid, String comm, double time, List<String> stack, long line, String text) {
        end(tid, time, Sleep.End.NEXT_EVENT); // still asleep: its switch-in was not recorded
        asleep.put(tid, new Asleep(pid, tid, comm, time, fold(stack), line, text));
    }

    /** Task {@code tid} was switched in at {@code time}: the sleep it was in ends there. */
    public void switchedIn(int tid, double time) {
        end(tid, time, Sleep.End.SWITCH_IN);
    }

    /** Task {@code tid} was seen running at {@code time} (switched out running, or any sample of it). */
    public void seen(int tid, double time) {
        if (!asleep.isEmpty()) {
            end(tid, time, Sleep.End.NEXT_EVENT);
        }
    }

    /**
     * The recording ended: the sleeps still open are handed on open, in the order they began, and
     * the sleeps given up to the bound are told in {@code ctx}'s warnings.
     */
    public void finish(ParseContext ctx) {
        asleep.values().stream().sorted(Comparator.comparingLong(Asleep::line)).forEach(a -> emit(a, null,
                Sleep.End.OPEN));
        asleep.clear();
        asleep.report(ctx, "sleeps (a switch-out in S or D state)",
                "they are neither timed nor counted open, as their end would no longer be seen");
    }

    private void end(int tid, double time, Sleep.End how) {
        Asleep a = asleep.remove(tid);
        if (a != null) {
            // a clock that ran backwards times nothing: the sleep stays open rather than negative
            emit(a, time < a.since ? null : time, time < a.since ? Sleep.End.OPEN : how);
        }
    }

    private void emit(Asleep a, Double end, Sleep.End how) {
        out.accept(new Sleep(source, input, a.line, a.text, a.pid, a.tid, a.comm, a.frames, a.since, end, how));
    }

    /**
     * The kernel part of a sleeping stack, from the function that called into the scheduler to the
     * syscall it serves: {@code inode_dio_wait, xfs_file_dio_write_unaligned, ..., __x64_sys_io_submit}.
     */
    public static List<String> fold(List<String> stack) {
        int from = 0;
        while (from < stack.size() && isScheduler(stack.get(from))) {
            from++;
        }
        List<String> out = new ArrayList<>();
        for (int i = from; i < stack.size(); i++) {
            String f = stack.get(i);
            if (isEntry(f)) {
                break;
            }
            out.add(f);
        }
        if (out.isEmpty()) {
            out.add(from < stack.size() ? stack.get(from) : "[unknown]");
        }
        return List.copyOf(out);
    }

    private static boolean isScheduler(String f) {
        return SCHEDULER.contains(f);
    }

    /** Where kernel entry begins: below it are the entry glue and user space. */
    private static boolean isEntry(String f) {
        return f.equals("do_syscall_64") || f.startsWith("entry_SYSCALL") || f.startsWith("asm_")
                || f.startsWith("ret_from_fork") || f.equals("[unknown]") || f.startsWith("syscall_exit")
                || f.equals("do_int80_syscall_32") || f.startsWith("entry_INT80");
    }
}
