package dev.ioverdict.parse.strace;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The command each traced id runs, learnt as the kernel names it: an execve that succeeds names the
 * process after its program's file (its comm: the base name, at most 15 characters), and a clone, fork
 * or vfork gives the child its parent's name. strace -f prints ids, not names; without this a report
 * of a plain strace says "pid 28559" where the program was fio. At most {@link #PIDS} ids are kept,
 * the longest unused forgotten first, as the descriptor tables are.
 */
final class ProcessNames {
    /** The kernel's TASK_COMM_LEN less its terminating zero. */
    static final int COMM_LENGTH = 15;
    static final int PIDS = 50_000;

    private final Map<Integer, String> byPid = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, String> eldest) {
            return size() > PIDS;
        }
    };

    /**
     * The id asked for last and its name, until a name is learnt: a trace asks for the same id many
     * times in a row, and a map look-up boxes it. Asking again for the id asked for last leaves the
     * least-recently-used order as it is, so the memo changes nothing of which ids are forgotten.
     */
    private int lastPid = -1;
    private String lastName;

    /** The name of {@code pid}, or null when the trace showed neither its exec nor its birth from a named one. */
    String of(int pid) {
        if (byPid.isEmpty()) {
            return null;
        }
        if (pid != lastPid || pid < 0) {
            lastName = byPid.get(pid);
            lastPid = pid;
        }
        return lastName;
    }

    private void name(int pid, String name) {
        byPid.put(pid, name);
        lastPid = -1;
    }

    /** {@code pid} executed the program at {@code path}. */
    void executed(int pid, String path) {
        if (path == null || path.isEmpty()) {
            return;
        }
        String base = path.substring(path.lastIndexOf('/') + 1);
        if (!base.isEmpty()) {
            name(pid, base.length() > COMM_LENGTH ? base.substring(0, COMM_LENGTH) : base);
        }
    }

    /** {@code parent} cloned or forked {@code child}. */
    void born(int parent, long child) {
        String name = of(parent);
        if (name != null && child > 0 && child <= Integer.MAX_VALUE) {
            name((int) child, name);
        }
    }
}
