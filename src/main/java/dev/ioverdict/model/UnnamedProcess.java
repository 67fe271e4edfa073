package dev.ioverdict.model;

import java.util.List;

/**
 * How a process the traces give no command name is named: by its pid, "pid 15626" (a server's
 * workers under strace -p, a block trace's request of a process no syscall trace shows). Whatever
 * builds such a name, or asks whether a name is one, goes through here.
 */
public final class UnnamedProcess {
    private static final String PREFIX = "pid ";

    private UnnamedProcess() {
    }

    /** The name of process {@code pid}, which has no command name: "pid 15626". */
    public static String name(long pid) {
        return PREFIX + pid;
    }

    /** Whether {@code command} is such a name rather than a command's. */
    public static boolean is(String command) {
        return command != null && command.startsWith(PREFIX);
    }

    /** Whether a block trace's process name names nobody: none, blank, or blkparse's "(null)" for the kernel's blk tracer. */
    public static boolean nameless(String comm) {
        return comm == null || comm.isBlank() || comm.equals("(null)");
    }

    /** "fio pid 13129" for one named process, "pid 13129" for one unnamed, the command alone for several. */
    public static String who(String command, List<Integer> pids) {
        return command + (pids.size() == 1 && !is(command) ? " " + PREFIX + pids.get(0) : "");
    }
}
