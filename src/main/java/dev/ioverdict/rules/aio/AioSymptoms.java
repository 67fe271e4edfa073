package dev.ioverdict.rules.aio;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.analysis.syscall.AioWaits;
import dev.ioverdict.analysis.syscall.SyscallEvidence;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Metric;
import dev.ioverdict.model.Platform;
import dev.ioverdict.model.block.BlockSection;
import dev.ioverdict.model.config.FilesystemInfo;
import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.block.PhaseStat;
import dev.ioverdict.model.syscall.AioProcess;
import dev.ioverdict.model.syscall.BlockWriteAlignment;
import dev.ioverdict.model.syscall.PhysicalDeviceStat;
import dev.ioverdict.model.syscall.SleepFunc;
import dev.ioverdict.model.syscall.SleepStack;
import dev.ioverdict.model.syscall.SyscallSection;
import dev.ioverdict.model.syscall.SyscallSummary;
import dev.ioverdict.rules.Input;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What the AIO rules look for in a case, resolved once: the syscall section (AIO timing per
 * process, alignment per file), sleeps in the direct-I/O drain, LinuxKI's per-call rows and device
 * service times, and the slowest calls to quote.
 */
public final class AioSymptoms {
    /** Where an unaligned direct write waits for the inode's other direct I/O to drain (XFS). */
    static final Set<String> DIO_WAIT = Set.of("inode_dio_wait", "xfs_file_dio_write_unaligned");
    /** Frames that say a sleep happened inside io_submit. */
    static final Set<String> IO_SUBMIT = Set.of("__x64_sys_io_submit", "__arm64_sys_io_submit", "sys_io_submit",
            "do_io_submit", "io_submit_one", "__se_sys_io_submit");

    /** The AIO figures every AIO finding reports, whichever rule made it. */
    public static final Metric SUBMIT_AVG = Metric.duration("submitAvg", "io_submit average");
    public static final Metric GETEVENTS_AVG = Metric.duration("geteventsAvg", "io_getevents average");
    /** The io_submit average a finding was judged against: what its chart draws. */
    public static final Metric LIMIT_SUBMIT_AVG = Metric.duration("limitSubmitAvg", "limit for the io_submit average");
    public static final Input<AioSymptoms> AIO_TIMING = new Input<>("aio syscall timing",
            "timed io_submit/io_getevents calls (strace -T, perf syscall tracepoints or LinuxKI)",
            "strace -f -ttT -p <pid> -o strace.txt   or   perf record -e 'syscalls:sys_*_io_submit,"
                    + "syscalls:sys_*_io_getevents' -p <pid>; perf script > perf-syscalls.txt",
            c -> of(c).filter(a -> !a.section.aio().isEmpty())).on(Platform.LINUX);

    public static final Input<AioSymptoms> DIRECT_WRITE_SIZES = new Input<>("syscall I/O sizes",
            "syscall trace with direct I/O sizes and offsets (strace of io_submit/pwrite64, LinuxKI kitrace), or a "
                    + "block trace of the writes beside timed AIO calls",
            "strace -f -ttT -p <pid> -o strace.txt   or   kiinfo -kitrace pid=<pid> > kitrace.txt",
            c -> of(c).filter(a -> !a.section.alignment().isEmpty() || !a.blockWrites.isEmpty())).on(Platform.LINUX);

    public static final Input<AioSymptoms> SUBMIT_SLEEP_STACKS = new Input<>("aio sleep stacks",
            "kernel stacks of the asynchronous I/O calls' sleeps (perf sched_switch with call chains, LinuxKI)",
            "perf record -e sched:sched_switch -g -p <pid> -- sleep 10; perf script > perf-sched-stacks.txt",
            c -> of(c).filter(a -> a.stacks.stream().anyMatch(dev.ioverdict.analysis.syscall.AioWaits::inAioCall)))
            .on(Platform.LINUX);

    private final SyscallSection section;
    private final List<SleepStack> stacks;
    private final List<SyscallSummary> summaries;
    private final List<PhysicalDeviceStat> devices;
    private final BlockSection block;
    private final SyscallEvidence calls;
    private final List<BlockWriteAlignment.Row> blockWrites;
    private final List<FilesystemInfo> filesystems;

    private AioSymptoms(SyscallSection section, List<SleepStack> stacks, List<SyscallSummary> summaries,
                        List<PhysicalDeviceStat> devices, BlockSection block, SyscallEvidence calls,
                        List<BlockWriteAlignment.Row> blockWrites, List<FilesystemInfo> filesystems) {
        this.blockWrites = blockWrites;
        this.filesystems = filesystems;
        this.section = section;
        this.stacks = stacks;
        this.summaries = summaries;
        this.devices = devices;
        this.block = block;
        this.calls = calls;
    }

    static Optional<AioSymptoms> of(CaseData c) {
        return c.results().get(SyscallSection.class).map(s -> new AioSymptoms(s, c.facts().all(SleepStack.class),
                c.facts().all(SyscallSummary.class), c.facts().all(PhysicalDeviceStat.class),
                c.results().get(BlockSection.class).orElse(null),
                c.results().get(SyscallEvidence.class).orElse(new SyscallEvidence(Map.of())),
                c.results().get(BlockWriteAlignment.class).map(BlockWriteAlignment::rows).orElse(List.of()),
                c.facts().all(FilesystemInfo.class)));
    }

    /** The filesystems the bundle describes (mounts, xfs_info, lsblk). */
    public List<FilesystemInfo> filesystems() {
        return filesystems;
    }

    /** The data writes of each process on each device as the block trace shows them (none without a trace). */
    public List<BlockWriteAlignment.Row> blockWrites() {
        return blockWrites;
    }

    public SyscallSection section() {
        return section;
    }

    public List<AioProcess> aio() {
        return section.aio();
    }

    /** Sleep stacks through the direct-I/O drain, most time first. */
    public List<SleepStack> dioWaitStacks() {
        return stacks.stream().filter(s -> s.passesThrough(DIO_WAIT))
                .sorted(Comparator.comparing((SleepStack s) -> s.total() == null ? 0 : s.total()).reversed()
                        .thenComparing(SleepStack::count, Comparator.reverseOrder()))
                .toList();
    }

    /** LinuxKI io_submit rows whose sleep went to inode_dio_wait. */
    public List<SyscallSummary> dioWaitSummaries() {
        return summaries.stream()
                .filter(s -> s.name().equals("io_submit"))
                .filter(s -> s.sleepFuncs().stream().map(SleepFunc::function).anyMatch(DIO_WAIT::contains))
                .toList();
    }

    /** Every sleep stack of the bundle. */
    public List<SleepStack> stacks() {
        return stacks;
    }

    public List<SleepStack> submitStacks(Integer pid) {
        return stacks.stream()
                .filter(s -> Objects.equals(s.pid(), pid) && s.passesThrough(IO_SUBMIT))
                .sorted(Comparator.comparing((SleepStack s) -> s.total() == null ? 0 : s.total()).reversed())
                .toList();
    }

    /** A process's sleep stacks through the direct-I/O drain. */
    public List<SleepStack> dioWaitStacks(Integer pid) {
        return dioWaitStacks().stream().filter(s -> Objects.equals(s.pid(), pid)).toList();
    }

    public List<SyscallSummary> summaries(Integer pid, String name) {
        return summaries.stream().filter(s -> Objects.equals(s.pid(), pid) && s.name().equals(name)).toList();
    }

    /** The slowest calls named {@code name} of one process, as the trace that timed them shows them. */
    public List<Evidence> slowest(AioProcess a, String name) {
        return calls.slowest(a.source(), a.input(), a.pid(), name);
    }

    /** A device service time and the line that says it: LinuxKI avserv, else the block layer's D2C average. */
    public record Service(double seconds, Evidence evidence, String what) {
    }

    public Optional<Service> service(Integer pid) {
        List<PhysicalDeviceStat> rows = devices.stream().filter(d -> d.rw().equals("t") && d.iops() > 0).toList();
        List<PhysicalDeviceStat> own = rows.stream().filter(d -> Objects.equals(d.pid(), pid)).toList();
        List<PhysicalDeviceStat> use = own.isEmpty() ? rows : own;
        Optional<PhysicalDeviceStat> busiest = use.stream().max(Comparator.comparingDouble(PhysicalDeviceStat::iops));
        if (busiest.isPresent()) {
            PhysicalDeviceStat d = busiest.get();
            return Optional.of(new Service(d.avservMs() / 1000, new Evidence(d.input(), d.line(), d.text()),
                    "avserv of " + d.device()));
        }
        Optional<Service> d2c = Optional.ofNullable(block).map(BlockSection::all).map(a -> a.phase(Phase.D2C))
                .filter(p -> p.n() > 0 && p.avg() != null)
                .map((PhaseStat p) -> new Service(p.avg(), null, "D2C average of all devices"));
        // a trace with no dispatch at all (a bio-based device: zram, a volume traced without its legs): its Q2C is the
        // device's own time
        return d2c.or(() -> Optional.ofNullable(block).map(BlockSection::all)
                .filter(a -> a.phase(Phase.Q2C) == null || a.phase(Phase.Q2C).n() == 0).map(a -> a.phase(Phase.Q2Cdm))
                .filter(p -> p != null && p.n() > 0 && p.avg() != null)
                .map((PhaseStat p) -> new Service(p.avg(), null, "Q2C average of all devices: bio-based, no dispatch")));
    }

    public static Evidence evidence(SleepStack s) {
        return new Evidence(s.input(), s.line(), s.text());
    }

    public static Evidence evidence(SyscallSummary s) {
        return new Evidence(s.input(), s.line(), s.text());
    }

    /** The sleeps of the AIO calls of {@code pids} by what they wait for (see {@link AioWaits}). */
    public AioWaits.Breakdown waits(java.util.Collection<Integer> pids) {
        return AioWaits.of(stacks, pids);
    }

    /** "fio pid 19468" */
    public static String who(AioProcess a) {
        return (a.comm() != null ? a.comm() + " " : "") + "pid " + a.pid();
    }
}
