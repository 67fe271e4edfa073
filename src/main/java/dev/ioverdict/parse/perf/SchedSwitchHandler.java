package dev.ioverdict.parse.perf;

import dev.ioverdict.model.perf.PerfEvent;
import dev.ioverdict.model.syscall.SleepStack;
import dev.ioverdict.parse.ParseContext;

/**
 * {@code sched:sched_switch} recorded with -g: folds the kernel call chains of tasks going to sleep
 * into {@link SleepStack}s per process, timed from the switch-out in S or D state to the task's next
 * switch-in. Payload (include/trace/events/sched.h): {@code prev_comm=fio prev_pid=123 prev_prio=120
 * prev_state=D ==> next_comm=swapper/1 next_pid=0 next_prio=120}; comm may hold spaces, so fields
 * are found by their names.
 */
final class SchedSwitchHandler implements PerfEventHandler {
    private SleepTracker tracker;

    @Override
    public boolean accepts(String event) {
        return event.equals("sched:sched_switch");
    }

    @Override
    public boolean wantsStacks() {
        return true;
    }

    @Override
    public void handle(PerfEvent e, ParseContext ctx) {
        if (tracker == null) {
            tracker = new SleepTracker("perf-script", ctx.input());
        }
        String p = e.payload();
        int prevPid = intAfter(p, "prev_pid=");
        int nextPid = intAfter(p, "next_pid=");
        int state = p.indexOf("prev_state=");
        if (prevPid < 0 || nextPid < 0 || state < 0) {
            ctx.skip(e.line(), "sched_switch without prev_pid/prev_state/next_pid: " + p);
            return;
        }
        double t = e.timeSeconds();
        tracker.runs(nextPid, t);
        char s = state + 11 < p.length() ? p.charAt(state + 11) : ' ';
        if ((s == 'S' || s == 'D') && prevPid != 0) {
            int pid = e.tid() == prevPid ? e.pid() : prevPid;
            tracker.sleeps(pid, prevPid, comm(p, e), t, e.stack(), e.line(), e.text());
        }
    }

    /**
     * Emits the stacks. A recording filtered to switch-outs only (capture.sh's default) gives counts
     * without times: their {@code total} stays null rather than a guess; that is no damage to report.
     */
    @Override
    public void finish(ParseContext ctx) {
        if (tracker != null) {
            tracker.stacks().forEach(ctx::emit);
        }
    }

    private static String comm(String p, PerfEvent e) {
        int s = p.indexOf("prev_comm=");
        int end = p.indexOf(" prev_pid=");
        return s >= 0 && end > s ? p.substring(s + 10, end) : e.comm();
    }

    static int intAfter(String p, String key) {
        int k = p.indexOf(key);
        if (k < 0) {
            return -1;
        }
        int i = k + key.length();
        long v = 0;
        int start = i;
        while (i < p.length() && Character.isDigit(p.charAt(i))) {
            v = v * 10 + (p.charAt(i++) - '0');
        }
        return i == start || v > Integer.MAX_VALUE ? -1 : (int) v;
    }
}
