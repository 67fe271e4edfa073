package dev.ioverdict.parse.perf;

import dev.ioverdict.model.perf.PerfEvent;
import dev.ioverdict.model.syscall.Sleep;
import dev.ioverdict.parse.ParseContext;

/**
 * {@code sched:sched_switch} recorded with -g: each switch-out in S or D state begins a
 * {@link Sleep} with its folded kernel call chain, ended by the task's switch-in or, in a recording
 * of switch-outs only ({@code --filter 'prev_comm == "fio"'}), by its next event in this recording:
 * its next switch-out in any state, or any other sample of it ({@link #seen}). Payload (include/trace/events/sched.h): {@code prev_comm=fio prev_pid=123 prev_prio=120
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
            tracker = new SleepTracker("perf-script", ctx.input(), ctx::emit);
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
        if (nextPid != 0) {
            tracker.switchedIn(nextPid, t);
        }
        char s = state + 11 < p.length() ? p.charAt(state + 11) : ' ';
        if ((s == 'S' || s == 'D') && prevPid != 0) {
            int pid = e.tid() == prevPid ? e.pid() : prevPid;
            tracker.sleeps(pid, prevPid, comm(p, e), t, e.stack(), e.line(), e.text());
        } else if (prevPid != 0) {
            tracker.seen(prevPid, t); // switched out running or stopped: it ran until now
        }
    }

    /** Another event of this recording: its task was running at {@code timeNs}, so a sleep it was in has ended. */
    void seen(int tid, long timeNs) {
        if (tracker != null && tid > 0) {
            tracker.seen(tid, timeNs / 1e9);
        }
    }

    /**
     * Hands on the sleeps still open. A recording filtered to switch-outs only (capture.sh's default)
     * ends most sleeps at the task's next switch-out, an upper bound that other inputs may lower.
     */
    @Override
    public void finish(ParseContext ctx) {
        if (tracker != null) {
            tracker.finish(ctx);
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
