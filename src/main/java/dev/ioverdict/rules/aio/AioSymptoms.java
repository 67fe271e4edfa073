package dev.ioverdict.rules.aio;

import dev.ioverdict.model.block.Phase;
import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.block.BlockSection;
import dev.ioverdict.model.block.PhaseStat;
import dev.ioverdict.model.syscall.PhysicalDeviceStat;
import dev.ioverdict.model.syscall.SleepFunc;
import dev.ioverdict.model.syscall.SleepStack;
import dev.ioverdict.model.syscall.SyscallSection;
import dev.ioverdict.model.syscall.SyscallSummary;
import dev.ioverdict.rules.Requirement;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/** What the AIO rules look for in a case: sleeps in the direct-I/O drain, device service time, LinuxKI rows. */
final class AioSymptoms {
    /** Where an unaligned direct write waits for the inode's other direct I/O to drain (XFS). */
    static final Set<String> DIO_WAIT = Set.of("inode_dio_wait", "xfs_file_dio_write_unaligned");
    /** Frames that say a sleep happened inside io_submit. */
    static final Set<String> IO_SUBMIT = Set.of("__x64_sys_io_submit", "__arm64_sys_io_submit", "sys_io_submit",
            "do_io_submit", "io_submit_one", "__se_sys_io_submit");

    static final Requirement AIO_TIMING = new Requirement("aio syscall timing",
            "timed io_submit/io_getevents calls (strace -T, perf syscall tracepoints or LinuxKI)",
            "strace -f -ttT -p <pid> -o strace.txt   or   perf record -e 'syscalls:sys_*_io_submit,syscalls:sys_*_io_getevents' -p <pid>; perf script > perf-syscalls.txt",
            c -> section(c).map(s -> !s.aio().isEmpty()).orElse(false));

    private AioSymptoms() {
    }

    static Optional<SyscallSection> section(CaseData c) {
        return c.results().get(SyscallSection.class);
    }

    /** Sleep stacks through the direct-I/O drain, most time first. */
    static List<SleepStack> dioWaitStacks(CaseData c) {
        return c.facts().all(SleepStack.class).stream().filter(s -> s.passesThrough(DIO_WAIT))
                .sorted(Comparator.comparing((SleepStack s) -> s.total() == null ? 0 : s.total()).reversed()
                        .thenComparing(SleepStack::count, Comparator.reverseOrder()))
                .toList();
    }

    /** LinuxKI io_submit rows whose sleep went to inode_dio_wait. */
    static List<SyscallSummary> dioWaitSummaries(CaseData c) {
        return c.facts().all(SyscallSummary.class).stream()
                .filter(s -> s.name().equals("io_submit"))
                .filter(s -> s.sleepFuncs().stream().map(SleepFunc::function).anyMatch(DIO_WAIT::contains))
                .toList();
    }

    static List<SleepStack> submitStacks(CaseData c, Integer pid) {
        return c.facts().all(SleepStack.class).stream()
                .filter(s -> Objects.equals(s.pid(), pid) && s.passesThrough(IO_SUBMIT))
                .sorted(Comparator.comparing((SleepStack s) -> s.total() == null ? 0 : s.total()).reversed())
                .toList();
    }

    static List<SyscallSummary> summaries(CaseData c, Integer pid, String name) {
        return c.facts().all(SyscallSummary.class).stream()
                .filter(s -> Objects.equals(s.pid(), pid) && s.name().equals(name)).toList();
    }

    /** A device service time in ms and the line that says it: LinuxKI avserv, else btt's D2C average. */
    record Service(double ms, Evidence evidence, String what) {
    }

    static Optional<Service> service(CaseData c, Integer pid) {
        List<PhysicalDeviceStat> rows = c.facts().all(PhysicalDeviceStat.class).stream()
                .filter(d -> d.rw().equals("t") && d.iops() > 0).toList();
        List<PhysicalDeviceStat> own = rows.stream().filter(d -> Objects.equals(d.pid(), pid)).toList();
        List<PhysicalDeviceStat> use = own.isEmpty() ? rows : own;
        Optional<PhysicalDeviceStat> busiest = use.stream().max(Comparator.comparingDouble(PhysicalDeviceStat::iops));
        if (busiest.isPresent()) {
            PhysicalDeviceStat d = busiest.get();
            return Optional.of(new Service(d.avservMs(), new Evidence(d.input(), d.line(), d.text()),
                    "avserv of " + d.device()));
        }
        return c.results().get(BlockSection.class).map(BlockSection::all).map(a -> a.phase(Phase.D2C))
                .filter(p -> p.n() > 0 && p.avg() != null)
                .map((PhaseStat p) -> new Service(p.avg() * 1000, null, "D2C average of all devices"));
    }

    static Evidence evidence(SleepStack s) {
        return new Evidence(s.input(), s.line(), s.text());
    }

    static Evidence evidence(SyscallSummary s) {
        return new Evidence(s.input(), s.line(), s.text());
    }

    /** Evidence in order, each captured line once (several views often quote the same call). */
    static List<Evidence> distinct(List<Evidence> all) {
        java.util.Map<String, Evidence> seen = new java.util.LinkedHashMap<>();
        all.forEach(e -> seen.putIfAbsent(e.location(), e));
        return List.copyOf(seen.values());
    }

    static double ms(Double seconds) {
        return seconds == null ? Double.NaN : Math.round(seconds * 1e6) / 1e3;
    }
}
