package dev.ioverdict.rules.wait;

import dev.ioverdict.analysis.syscall.SlowestWaits;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Subject;
import dev.ioverdict.model.UnnamedProcess;
import dev.ioverdict.model.syscall.SyscallCall;
import dev.ioverdict.model.timemodel.ProcessWait;
import dev.ioverdict.model.timemodel.WaitPart;
import dev.ioverdict.rules.RuleContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** A process of the time model as the rules about its own wait name it and quote its calls. */
final class WaitingProcess {
    /** The write calls of the system call traces. */
    static final Set<String> WRITE_CALLS = Set.of("write", "pwrite64", "pwrite", "writev", "pwritev", "pwritev2");
    /** The calls in which a process waits for its own I/O: for its completions, or in a read or write. */
    static final Set<String> WAIT_CALLS = Set.of("io_getevents", "io_pgetevents", "io_uring_enter", "pread64",
            "pwrite64", "pread", "pwrite", "preadv", "pwritev", "preadv2", "pwritev2", "read", "write");

    private WaitingProcess() {
    }

    /**
     * The command of processes the traces give no name (strace attached with -p shows no exec) judged
     * together: its id in a finding's subject.
     */
    static final String UNNAMED = "unnamed processes";

    /** Its pid, with its command; several processes of one command (its threads) by the command. */
    static Subject subject(ProcessWait p) {
        if (p.pids().size() > 1) {
            return unnamed(p) ? Subject.processes(p.pids(), who(p)) : Subject.command(p.command(), who(p));
        }
        return Subject.process(p.pids().get(0), unnamed(p) ? null : p.command());
    }

    /** Whether the traces give the process no name: it goes by its pid ("pid 15675"). */
    static boolean unnamed(ProcessWait p) {
        return UnnamedProcess.is(p.command()) || p.command().equals(UNNAMED);
    }

    /**
     * "fio pid 13129"; several processes of one command by their pids: "fio (pids 32201, 32202 and 2 more)";
     * several without a name by their pids alone: "pids 15675, 15676, 15677 and 15678".
     */
    static String who(ProcessWait p) {
        if (p.pids().size() <= 1) {
            return p.who();
        }
        List<Integer> pids = p.pids().stream().sorted().toList();
        if (unnamed(p)) {
            List<String> shown = pids.stream().limit(pids.size() <= 4 ? 4 : 3).map(String::valueOf).toList();
            String head = String.join(", ", shown.subList(0, shown.size() - (pids.size() <= 4 ? 1 : 0)));
            return "pids " + head + (pids.size() <= 4 ? " and " + shown.get(shown.size() - 1)
                    : " and " + (pids.size() - 3) + " more");
        }
        String shown = pids.stream().limit(pids.size() <= 4 ? 4 : 3).map(String::valueOf)
                .collect(java.util.stream.Collectors.joining(", "));
        return p.command() + " (pids " + shown + (pids.size() <= 4 ? "" : " and " + (pids.size() - 3) + " more") + ")";
    }

    /** Whether {@link #who} names several processes by their pids alone, the subject of a plural verb. */
    static boolean plural(ProcessWait p) {
        return p.pids().size() > 1 && unnamed(p);
    }

    /**
     * The processes of one command judged together: a database's writer threads, fio's jobs, each
     * committing the same way, are one finding, not one per thread; so are the processes the traces
     * name none of (a server's workers under strace -p), which would otherwise be one finding each for
     * one cause. Their waits and calls add up; their parts are kept side by side.
     */
    static List<ProcessWait> byCommand(List<ProcessWait> processes) {
        java.util.Map<String, List<ProcessWait>> groups = new java.util.LinkedHashMap<>();
        for (ProcessWait p : processes) {
            groups.computeIfAbsent(unnamed(p) ? UNNAMED : p.command(), k -> new ArrayList<>()).add(p);
        }
        List<ProcessWait> out = new ArrayList<>();
        for (var g : groups.entrySet()) {
            ProcessWait first = g.getValue().get(0);
            if (g.getValue().size() == 1) {
                out.add(first);
                continue;
            }
            List<Integer> pids = g.getValue().stream().flatMap(p -> p.pids().stream()).toList();
            List<WaitPart> parts = g.getValue().stream().flatMap(p -> p.parts().stream()).toList();
            out.add(new ProcessWait(g.getKey(), pids, first.source(),
                    g.getValue().stream().mapToLong(ProcessWait::calls).sum(),
                    g.getValue().stream().mapToDouble(ProcessWait::waitSeconds).sum(), parts));
        }
        return out;
    }

    /** The one direction of {@code parts} ("read", "write"), or null when they are of both or of none. */
    static String direction(List<WaitPart> parts) {
        return parts.stream().map(WaitPart::direction).distinct().count() == 1 ? parts.get(0).direction() : null;
    }

    /** Its slowest calls named {@code names}, at most three, as the traces quote them. */
    static List<Evidence> slowest(RuleContext ctx, ProcessWait p, Set<String> names) {
        List<Evidence> out = new ArrayList<>();
        ctx.data().results().get(SlowestWaits.class).ifPresent(w -> w.traces().forEach(t -> {
            for (SyscallCall c : t.calls()) {
                if (names.contains(c.name()) && p.pids().contains(c.pid()) && out.size() < 3) {
                    out.add(new Evidence(c.input(), c.line(), c.text()));
                }
            }
        }));
        return out;
    }
}
