package dev.ioverdict.rules.wait;

import dev.ioverdict.analysis.syscall.SlowestWaits;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Subject;
import dev.ioverdict.model.syscall.SyscallCall;
import dev.ioverdict.model.timemodel.ProcessWait;
import dev.ioverdict.rules.RuleContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** A process of the time model as the rules about its own wait name it and quote its calls. */
final class WaitingProcess {
    /** The write calls of the system call traces. */
    static final Set<String> WRITE_CALLS = Set.of("write", "pwrite64", "pwrite", "writev", "pwritev", "pwritev2");

    private WaitingProcess() {
    }

    /** Its pid, with its command; several processes of one command (its threads) by the command. */
    static Subject subject(ProcessWait p) {
        if (p.pids().size() > 1) {
            return Subject.command(p.command(), who(p));
        }
        return Subject.process(p.pids().get(0), p.command().startsWith("pid ") ? null : p.command());
    }

    /** "fio pid 13129"; several processes of one command by their pids: "fio (pids 32201, 32202 and 2 more)". */
    static String who(ProcessWait p) {
        if (p.pids().size() <= 1) {
            return p.who();
        }
        List<Integer> pids = p.pids().stream().sorted().toList();
        String shown = pids.stream().limit(pids.size() <= 4 ? 4 : 3).map(String::valueOf)
                .collect(java.util.stream.Collectors.joining(", "));
        return p.command() + " (pids " + shown + (pids.size() <= 4 ? "" : " and " + (pids.size() - 3) + " more") + ")";
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
