package dev.ioverdict.parse.perf;

import dev.ioverdict.model.syscall.SleepStack;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where time asleep went, the way LinuxKI accounts it: a sleep begins when a task is switched out
 * in S or D state and ends when that task is next seen running (switched in); its duration is
 * charged to the kernel stack it slept with. Memory is one entry per task asleep and per distinct
 * (process, stack), never per event.
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
    private final Map<Integer, Asleep> asleep = new HashMap<>();
    private final Map<StackKey, Agg> stacks = new LinkedHashMap<>();
    private long untimed;

    public SleepTracker(String source, String input) {
        this.source = source;
        this.input = input;
    }

    private record Asleep(double since, Agg agg) {
    }

    /** One process's folded stack: its frames are interned, so hashing and comparing them is cheap. */
    private record StackKey(int pid, List<String> frames) {
    }

    private static final class Agg {
        final int pid;
        final String comm;
        final List<String> frames;
        final long line;
        final String text;
        long count;
        long timed;
        double total;
        double max;

        Agg(int pid, String comm, List<String> frames, long line, String text) {
            this.pid = pid;
            this.comm = comm;
            this.frames = frames;
            this.line = line;
            this.text = text;
        }
    }

    /** Task {@code tid} of process {@code pid} went to sleep at {@code time} with {@code stack} (innermost first). */
    public void sleeps(int pid, int tid, String comm, double time, List<String> stack, long line, String text) {
        List<String> frames = fold(stack);
        StackKey key = new StackKey(pid, frames);
        Agg agg = stacks.get(key);
        if (agg == null) {
            agg = new Agg(pid, comm, frames, line, text);
            stacks.put(key, agg);
        }
        agg.count++;
        if (asleep.put(tid, new Asleep(time, agg)) != null) {
            untimed++; // its wake-up was not in the trace (a filtered recording)
        }
    }

    /** Task {@code tid} runs at {@code time}: a sleep it was in ends. */
    public void runs(int tid, double time) {
        Asleep a = asleep.remove(tid);
        if (a == null) {
            return;
        }
        double d = time - a.since;
        if (d < 0) {
            untimed++;
            return;
        }
        a.agg.timed++;
        a.agg.total += d;
        a.agg.max = Math.max(a.agg.max, d);
    }

    /** Sleeps whose end was never seen (their task was not seen running again). */
    public long untimed() {
        return untimed + asleep.size();
    }

    public boolean isEmpty() {
        return stacks.isEmpty();
    }

    /** One record per (process, stack), most time first; {@code pct} is the share of that process's sleep. */
    public List<SleepStack> stacks() {
        Map<Integer, Double> perPid = new HashMap<>();
        for (Agg a : stacks.values()) {
            perPid.merge(a.pid, a.total, Double::sum);
        }
        List<SleepStack> out = new ArrayList<>();
        for (Agg a : stacks.values()) {
            double all = perPid.get(a.pid);
            out.add(new SleepStack(source, input, a.line, a.text, a.pid, a.comm, a.frames, a.count,
                    a.timed == 0 ? null : a.total, a.timed == 0 ? null : a.total / a.timed,
                    a.timed == 0 ? null : a.max, all > 0 ? 100.0 * a.total / all : null));
        }
        out.sort((x, y) -> Double.compare(y.total() == null ? -1 : y.total(), x.total() == null ? -1 : x.total()));
        return out;
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
