package dev.ioverdict.report;

import dev.ioverdict.model.syscall.SyscallStat;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The syscall latency table as the page shows it: the calls that do or wait for I/O one row each,
 * a process's housekeeping (memory mapping, signals, clocks, futexes, sleeps) summed into one
 * "other" row per input, so fio's or a database's bookkeeping does not crowd out what it waits
 * on. Rendering only: report.json lists every call. Templates reach it as
 * {@code ${syscallRows.of(r.syscalls.byName)}}.
 */
public final class SyscallRows {
    /** Calls no I/O waits in: the process's own memory, signals, clocks, threads and identity. */
    static final Set<String> HOUSEKEEPING = Set.of("brk", "mmap", "mmap2", "munmap", "mprotect", "mremap", "madvise",
            "mlock", "munlock", "futex", "futex_waitv", "rt_sigaction", "rt_sigprocmask", "rt_sigreturn",
            "rt_sigtimedwait", "sigaltstack", "clock_gettime", "clock_getres", "clock_nanosleep", "nanosleep",
            "gettimeofday", "time", "times", "getpid", "gettid", "getppid", "getuid", "geteuid", "getgid", "getegid",
            "getrusage", "getrlimit", "setrlimit", "prlimit64", "sched_yield", "sched_getaffinity",
            "sched_setaffinity", "set_robust_list", "get_robust_list", "set_tid_address", "arch_prctl", "prctl",
            "rseq", "getrandom", "uname", "sysinfo", "capget", "umask", "kill", "tgkill", "tkill", "restart_syscall",
            "exit", "exit_group", "wait4", "clone", "clone3", "execve", "getcwd", "sched_getparam",
            "sched_getscheduler");

    SyscallRows() {
    }

    /**
     * One row of the table: {@code members} names the calls an "other" row sums (null for a call
     * of its own); its percentiles are null, as sums of other calls have none.
     */
    public record Row(String source, String input, String name, String members, long count, long errors, Double total,
                      Double avg, Double p50, Double p95, Double p99, Double max) {
    }

    /** The rows, most time first, the "other" row of each input after its own calls. */
    public List<Row> of(List<SyscallStat> byName) {
        List<Row> rows = new ArrayList<>();
        Map<String, List<SyscallStat>> other = new LinkedHashMap<>();
        for (SyscallStat s : byName) {
            if (HOUSEKEEPING.contains(s.name())) {
                other.computeIfAbsent(s.source() + "\u0000" + s.input(), k -> new ArrayList<>()).add(s);
            } else {
                rows.add(new Row(s.source(), s.input(), s.name(), null, s.count(), s.errors(), s.total(), s.avg(),
                        s.p50(), s.p95(), s.p99(), s.max()));
            }
        }
        for (List<SyscallStat> group : other.values()) {
            rows.add(sum(group));
        }
        rows.sort(Comparator.comparing((Row r) -> r.members() != null)
                .thenComparing(r -> r.total() == null ? 0 : -r.total()));
        return rows;
    }

    private static Row sum(List<SyscallStat> group) {
        long count = 0;
        long errors = 0;
        double total = 0;
        boolean timed = false;
        Double max = null;
        List<String> names = new ArrayList<>();
        for (SyscallStat s : group) {
            count += s.count();
            errors += s.errors();
            if (s.total() != null) {
                total += s.total();
                timed = true;
            }
            if (s.max() != null) {
                max = max == null ? s.max() : Math.max(max, s.max());
            }
            names.add(s.name());
        }
        SyscallStat first = group.get(0);
        return new Row(first.source(), first.input(), "other", String.join(", ", names), count, errors,
                timed ? total : null, timed && count > 0 ? total / count : null, null, null, null, max);
    }
}
