package dev.ioverdict.analysis.timemodel;

import dev.ioverdict.analysis.Analysis;
import dev.ioverdict.analysis.Dataflow;
import dev.ioverdict.analysis.Results;
import dev.ioverdict.analysis.config.DeviceStacks;
import dev.ioverdict.analysis.config.KernelMajors;
import dev.ioverdict.analysis.config.MediaClass;
import dev.ioverdict.analysis.config.StorageConfig;
import dev.ioverdict.analysis.syscall.AioWaits;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.UnnamedProcess;
import dev.ioverdict.model.block.BlockProcessTimes;
import dev.ioverdict.model.block.RequestTimes;
import dev.ioverdict.model.bpf.BioIo;
import dev.ioverdict.model.iostat.IostatDevice;
import dev.ioverdict.model.iostat.IostatSection;
import dev.ioverdict.analysis.iostat.DeviceSeries;
import dev.ioverdict.analysis.iostat.IostatTimeline;
import dev.ioverdict.model.syscall.FileAlignment;
import dev.ioverdict.model.syscall.SleepStack;
import dev.ioverdict.model.syscall.SyscallSection;
import dev.ioverdict.model.syscall.SyscallCall;
import dev.ioverdict.model.syscall.SyscallSummary;
import dev.ioverdict.model.timemodel.DeviceTime;
import dev.ioverdict.model.timemodel.Part;
import dev.ioverdict.model.timemodel.ProcessWait;
import dev.ioverdict.model.timemodel.Slice;
import dev.ioverdict.model.timemodel.TimeModel;
import dev.ioverdict.model.timemodel.WaitPart;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The time model: every second the application spent in I/O system calls, assigned to where it
 * went. The syscalls give the wait per command and kind of call; sleep stacks split io_submit into
 * the inode lock, request tags, throttling, writeback and the submission itself; the block trace
 * splits the waits for completions by the command's own requests' phases (tag wait, scheduler,
 * device per direction, cache flushes), and the device part again into the device's own service
 * and the time spent behind other processes' requests, slice by slice; without a block trace,
 * iostat places the completion waits on the device the files live on. What no input covers is
 * "not measured"; what the layers below do not account for is "not explained". With no
 * application trace, the unit is the devices' own time. Runs after the config, syscall, iostat
 * and block analyses.
 */
public final class TimeModelAnalysis implements Analysis {
    /** Commands whose wait is below this share of the largest are listed, not modelled part by part. */
    static final double MIN_SHARE_OF_LARGEST = 0.01;
    /** Reads below this many are a process's start-up (its program's pages), not a wait worth a group. */
    private static final long MIN_FAULTING_READS = 10;
    static final int MAX_COMMANDS = 12;
    static final int MAX_NEIGHBOURS = 3;
    /** The share of a process's wait spent behind others from which it is a victim and they its neighbours. */
    static final double MATERIAL_PCT = 10;
    /** A neighbour holds at least this share of the device's time while the victim waits behind it. */
    static final double HOLDS_THE_DEVICE_PCT = 50;

    private final ApplicationWaits waits = new ApplicationWaits();

    private final BiosnoopTimes biosnoop = new BiosnoopTimes();

    @Override
    public void attach(Facts facts) {
        facts.stream(SyscallCall.class, waits::add);
        facts.stream(BioIo.class, biosnoop::add);
    }

    @Override
    public Dataflow dataflow() {
        return Dataflow.writes(TimeModel.class).reading(StorageConfig.class, DeviceStacks.class, BlockProcessTimes.class,
                IostatSection.class, IostatTimeline.class, SyscallSection.class, RequestTimes.class).readingFacts(SleepStack.class, BioIo.class);
    }

    @Override
    public void finish(Facts facts, Results results) {
        StorageConfig config = results.get(StorageConfig.class).orElse(null);
        BlockProcessTimes block = results.get(BlockProcessTimes.class).orElse(null);
        String blockSource = "block trace";
        List<String> notes = new ArrayList<>();
        if (block == null && biosnoop.ios() > 0) {
            // no block trace: biosnoop's I/Os are the block-layer side, with what they do not measure said
            block = biosnoop.times();
            blockSource = BiosnoopTimes.SOURCE;
            notes.add("the block-layer side of the model is from biosnoop, not a block trace: "
                    + BiosnoopTimes.METHOD);
            if (biosnoop.untracked() > 0) {
                notes.add(biosnoop.untracked() + " biosnoop I/Os of processes beyond the first "
                        + BiosnoopTimes.MAX_KEYS + " are not in the model");
            }
        }
        List<IostatDevice> iostat = results.get(IostatSection.class).map(IostatSection::devices).orElse(List.of());
        List<DeviceSeries> series = results.get(IostatTimeline.class).map(IostatTimeline::series).orElse(List.of());
        DeviceNaming names = new DeviceNaming(config);
        List<DeviceTime> devices = DeviceTimes.of(block, iostat, config, names, blockSource);
        waits.addSummaries(facts.all(SyscallSummary.class));
        List<Group> groups = groups(waits.processes());
        if (!groups.isEmpty() && block != null) {
            List<Group> faulting = faultingReaders(groups, block, blockSource);
            if (!faulting.isEmpty()) {
                for (Group g : faulting) {
                    notes.add(String.format(java.util.Locale.ROOT, "%s %d made no I/O system call the traces show, "
                            + "yet queued %d reads in the %s: its wait is in page faults (a mapped file) or swap-in, "
                            + "measured by its requests' queue-to-completion time", UnnamedProcess.is(g.command)
                            ? "pid" : g.command + " pid", g.pids.iterator().next(), g.waits.calls(WaitClass.READ),
                            blockSource));
                }
                List<Group> all = new ArrayList<>(groups);
                all.addAll(faulting);
                all.sort(Comparator.comparingDouble(Group::total).reversed().thenComparing(g -> g.command));
                groups = all;
            }
        }
        if (waits.dropped() > 0) {
            notes.add(waits.dropped() + " I/O calls of processes beyond the first " + ApplicationWaits.MAX_PROCESSES
                    + " are not in the model");
        }
        if (groups.isEmpty() && block != null && !block.entries().isEmpty()) {
            // no application trace: the unit is the devices' own time, each request's Q2C, split per I/O by
            // the process that queued it
            Assigner assigner = new Assigner(block, iostat, series, 0, 0, config, names, List.of(), Set.of(), Set.of(), null,
                    Map.of());
            // every process's device time is the devices' time: a neighbour's is counted like the rest
            List<ProcessWait> processes = relabelled(blockGroups(block, blockSource).stream().limit(MAX_COMMANDS)
                    .map(assigner::assign).toList(), blockSource);
            double total = processes.stream().mapToDouble(ProcessWait::waitSeconds).sum();
            if (total > 0) {
                results.put(TimeModel.class, new TimeModel(TimeModel.BLOCK_UNIT, TimeModel.Basis.DEVICE,
                        block.spanSeconds(), total, processes, devices, slices(List.of(), block, names, Map.of()),
                        withFirst("the bundle holds no trace of the application's system calls: impact is measured "
                                + "in the devices' own time, the queue-to-completion time of the requests each "
                                + "process queued", notes)));
                return;
            }
        }
        if (groups.isEmpty()) {
            // a device stacked on another the bundle measured spends its time in that one: one stack counted once
            DeviceStacks stacks = results.get(DeviceStacks.class).orElse(DeviceStacks.NONE);
            List<String> measured = devices.stream().filter(d -> d.deviceSeconds() != null).map(DeviceTime::device).toList();
            List<String> aboveOthers = measured.stream().filter(d -> measured.stream()
                    .anyMatch(lower -> !lower.equals(d) && !stacks.path(d, lower).isEmpty())).toList();
            double total = devices.stream().filter(d -> d.deviceSeconds() != null && !aboveOthers.contains(d.device()))
                    .mapToDouble(DeviceTime::deviceSeconds).sum();
            if (total <= 0) {
                return;
            }
            double span = DeviceTimes.span(iostat);
            List<String> deviceNotes = new ArrayList<>(List.of("the bundle holds no trace of the application's system "
                    + "calls: impact is measured in the devices' own time (await x IOPS over the capture)"));
            aboveOthers.forEach(d -> measured.stream().filter(lower -> !aboveOthers.contains(lower)
                    && !stacks.path(d, lower).isEmpty()).findFirst().ifPresent(lower -> deviceNotes.add(d
                    + " is stacked on " + lower + ": its time is " + lower + "'s, counted once")));
            results.put(TimeModel.class, new TimeModel(TimeModel.DEVICE_UNIT, TimeModel.Basis.DEVICE, span, total,
                    List.of(), devices, List.of(), deviceNotes));
            return;
        }
        // every traced process's bytes a second: the I/O the traces show, whatever device it went to; not known when
        // a process submitted through io_uring, whose requests' sizes no trace of the calls shows
        double traced = groups.stream().anyMatch(g -> g.ringRequests > 0) ? Double.NaN
                : groups.stream().filter(g -> g.span > 0).mapToDouble(g -> (g.readBytes + g.writeBytes) / g.span).sum();
        double tracedReads = groups.stream().filter(g -> g.span > 0).mapToDouble(g -> g.reads / g.span).sum();
        Map<Integer, String> tracedCommands = tracedCommands(groups);
        List<FileAlignment> alignment = results.get(SyscallSection.class).map(SyscallSection::alignment).orElse(List.of());
        Assigner assigner = new Assigner(block, iostat, series, traced, tracedReads, config, names, facts.all(SleepStack.class),
                unalignedWriters(groups, alignment), bufferedSubmitters(groups, alignment),
                results.get(RequestTimes.class).orElse(null), tracedCommands);
        List<ProcessWait> processes = new ArrayList<>();
        double largest = groups.get(0).total();
        for (Group g : groups) {
            if (processes.size() >= MAX_COMMANDS || g.total() < MIN_SHARE_OF_LARGEST * largest) {
                continue;
            }
            processes.add(assigner.assign(g));
        }
        processes = relabelled(withNeighbours(processes, notes), blockSource);
        double waitSeconds = processes.stream().filter(ProcessWait::application).mapToDouble(ProcessWait::waitSeconds)
                .sum();
        double span = groups.stream().mapToDouble(g -> g.span).max().orElse(0);
        results.put(TimeModel.class, new TimeModel(TimeModel.APPLICATION_UNIT, TimeModel.Basis.APPLICATION, span,
                waitSeconds, processes, devices, slices(groups, block, names, tracedCommands), notes));
    }

    /** One command's processes, each kind of call timed by the most exact trace that saw it. */
    static final class Group {
        final String command;
        final Set<Integer> pids = new LinkedHashSet<>();
        final Set<Integer> threads = new LinkedHashSet<>();
        final ClassTotals waits = new ClassTotals();
        final Map<String, Long> bytesByFile = new LinkedHashMap<>();
        /** The files it opened with O_DIRECT, whatever its calls name (io_uring's requests name none). */
        final Set<String> directFiles = new LinkedHashSet<>();
        final Set<String> sources = new LinkedHashSet<>();
        long readBytes;
        long writeBytes;
        long reads;
        long writes;
        long bufferedWrites;
        long directWrites;
        long syncWrites;
        long durableSubmits;
        /** Its asynchronous requests' lives summed, seconds (0 without io_submit). */
        double aioLives;
        long ringRequests;
        long longSubmits;
        double sleptInSubmits;
        double sleptInWrites;
        long longWrites;
        double span;
        /** Built from the block trace alone: its seconds are its requests' Q2C, split per I/O. */
        boolean blockOnly;
        /** Built from the block trace alone: per device, its empty preflush requests' wait for the cache flush. */
        final Map<String, Double> flushWaits = new LinkedHashMap<>();
        final List<ApplicationWaits.Process> chosen = new ArrayList<>();
        /** For each kind of call, the traces whose calls of that kind were counted (one per process). */
        final Map<WaitClass, List<ApplicationWaits.Process>> chosenFor = new java.util.EnumMap<>(WaitClass.class);

        Group(String command) {
            this.command = command;
        }

        /** Whether {@code pid} is one of its processes or threads. */
        boolean owns(int pid) {
            return pids.contains(pid) || threads.contains(pid);
        }

        /** A block trace's requests of one of its processes: their Q2C is its wait, read or write. */
        void addRequests(BlockProcessTimes.Entry e, String blockSource) {
            blockOnly = true;
            pids.add(e.pid());
            threads.add(e.pid());
            sources.add(blockSource);
            if (e.direction().equals("read")) {
                waits.add(WaitClass.READ, e.q2c(), e.n());
            } else if (e.direction().equals("write")) {
                waits.add(WaitClass.WRITE, e.q2c(), e.n());
            }
        }

        /** A block trace's empty preflush requests of one of its processes: their wait for the flush is its sync wait. */
        void addFlushWait(BlockProcessTimes.FlushWait w, String blockSource) {
            blockOnly = true;
            pids.add(w.pid());
            threads.add(w.pid());
            sources.add(blockSource);
            waits.add(WaitClass.SYNC, w.seconds(), w.n());
            flushWaits.merge(w.device(), w.seconds(), Double::sum);
        }

        double seconds(WaitClass c) {
            return waits.seconds(c);
        }

        double total() {
            return waits.total();
        }

        long allCalls() {
            return waits.allCalls();
        }
    }

    /**
     * The processes others wait behind: named as holding most of the device's time in a victim's
     * material wait behind other processes' I/O, and not waiting behind others materially
     * themselves. Their load is the cause; their own wait (a restore's, a backup's) is listed but is
     * not the application's, so it does not dilute the victims' shares.
     */
    static List<ProcessWait> withNeighbours(List<ProcessWait> processes, List<String> notes) {
        Set<ProcessWait> victims = new LinkedHashSet<>();
        Set<String> named = new LinkedHashSet<>();
        for (ProcessWait p : processes) {
            double behind = p.seconds(Part.BEHIND_OTHER_IO, null);
            if (p.waitSeconds() > 0 && 100 * behind / p.waitSeconds() >= MATERIAL_PCT) {
                victims.add(p);
                p.parts().stream().filter(w -> w.part() == Part.BEHIND_OTHER_IO).flatMap(w -> w.others().stream())
                        .filter(n -> n.sharePct() >= HOLDS_THE_DEVICE_PCT).forEach(n -> named.add(n.command()));
            }
        }
        List<ProcessWait> out = new ArrayList<>();
        for (ProcessWait p : processes) {
            boolean neighbour = !victims.contains(p) && named.contains(p.command());
            out.add(neighbour ? p.as(ProcessWait.Role.NEIGHBOUR) : p);
            if (neighbour) {
                notes.add(String.format(java.util.Locale.ROOT, "%s (%.3g s of I/O wait) is the load %s wait%s behind: "
                        + "its own wait is listed, not counted in the application's", p.who(), p.waitSeconds(),
                        victims.stream().map(ProcessWait::who).collect(java.util.stream.Collectors.joining(", ")),
                        victims.size() == 1 ? "s" : ""));
            }
        }
        return out.stream().anyMatch(ProcessWait::application) ? out : processes;
    }

    private static List<String> withFirst(String first, List<String> rest) {
        List<String> out = new ArrayList<>(List.of(first));
        out.addAll(rest);
        return out;
    }

    /**
     * Per process, each kind of call from the most exact trace that timed it (perf's syscall
     * tracepoints often hold only the AIO calls while strace holds them all); processes grouped by
     * command, the group waiting longest first.
     */
    List<Group> groups(List<ApplicationWaits.Process> all) {
        Map<Integer, List<ApplicationWaits.Process>> byPid = new LinkedHashMap<>();
        all.forEach(p -> byPid.computeIfAbsent(p.pid, k -> new ArrayList<>()).add(p));
        Map<String, Group> byCommand = new LinkedHashMap<>();
        for (List<ApplicationWaits.Process> views : byPid.values()) {
            views.sort(Comparator.comparingInt(p -> AioWaits.rank(p.source)));
            String comm = views.stream().map(p -> p.comm).filter(c -> c != null && !c.isEmpty()).findFirst()
                    .orElse(null);
            Group g = byCommand.computeIfAbsent(groupKey(views.get(0).pid, comm, byPid.size()),
                    k -> new Group(comm == null ? UnnamedProcess.name(views.get(0).pid) : comm));
            g.pids.add(views.get(0).pid);
            for (WaitClass c : WaitClass.values()) {
                List<ApplicationWaits.Process> ranked = views.stream()
                        .sorted(Comparator.comparingInt((ApplicationWaits.Process p) -> AioWaits.rank(p.source))
                                .thenComparing(p -> -p.waits.calls(c))).toList();
                for (ApplicationWaits.Process p : ranked) {
                    if (p.waits.calls(c) > 0) {
                        g.waits.add(c, p.waits.seconds(c), p.waits.calls(c));
                        if (c == WaitClass.SUBMIT) {
                            g.longSubmits += p.longSubmits;
                            g.sleptInSubmits += p.sleptInSubmits;
                        } else if (c == WaitClass.WRITE) {
                            g.sleptInWrites += p.sleptInWrites;
                            g.longWrites += p.longWrites;
                        }
                        g.sources.add(p.source);
                        g.chosenFor.computeIfAbsent(c, k -> new ArrayList<>()).add(p);
                        if (!g.chosen.contains(p)) {
                            g.chosen.add(p);
                        }
                        break;
                    }
                }
            }
            for (ApplicationWaits.Process p : views) {
                g.threads.addAll(p.threads);
                g.threads.add(p.pid);
                p.bytesByFile().forEach((f, b) -> g.bytesByFile.merge(f, b, Long::sum));
                g.directFiles.addAll(waits.directOpens(p.input, p.pid));
                g.bufferedWrites += p.bufferedWrites;
                g.directWrites += p.directWrites;
                g.syncWrites += p.syncWrites;
                g.durableSubmits += p.durableSubmits;
                g.aioLives += p.aioLives;
                g.ringRequests += p.ringRequests;
                g.span = Math.max(g.span, waits.span(p.input));
            }
            ApplicationWaits.Process best = views.get(0);
            g.readBytes += best.readBytes;
            g.writeBytes += best.writeBytes;
            g.reads += best.reads;
            g.writes += best.writes;
        }
        return byCommand.values().stream().filter(g -> g.total() > 0)
                .sorted(Comparator.comparingDouble(Group::total).reversed().thenComparing(g -> g.command)).toList();
    }

    /**
     * The groups that write direct I/O unaligned to the XFS block size: the files they wrote to (by
     * path, or "fd N (pid P)" where the trace never showed the path) among those the alignment analysis
     * found unaligned on XFS.
     */
    private static Set<Group> unalignedWriters(List<Group> groups, List<FileAlignment> alignment) {
        Set<Group> out = new LinkedHashSet<>();
        for (FileAlignment a : alignment) {
            if (!"xfs".equals(a.fsType()) || Boolean.FALSE.equals(a.direct()) || a.unalignedToFsBlock() == null
                    || a.unalignedToFsBlock() == 0 || !"write".equalsIgnoreCase(String.valueOf(a.op()))) {
                continue;
            }
            for (Group g : groups) {
                if (moved(g, a)) {
                    out.add(g);
                }
            }
        }
        return out;
    }

    /**
     * Whether the group's calls moved the bytes of {@code a}'s file: by its path, or by "fd N (pid P)" where the
     * trace never showed the path.
     */
    private static boolean moved(Group g, FileAlignment a) {
        return g.bytesByFile.containsKey(a.file()) || g.pids.stream().anyMatch(p -> a.file().contains("(pid " + p + ")"));
    }

    /**
     * The groups that submit most of their asynchronous I/O to files the trace shows opened without O_DIRECT: the kernel does
     * such a request inside io_submit, through the page cache (a read waits there for the device), so the
     * call is the request's wait, not a submission.
     */
    private static Set<Group> bufferedSubmitters(List<Group> groups, List<FileAlignment> alignment) {
        Set<Group> out = new LinkedHashSet<>();
        for (Group g : groups) {
            long buffered = 0;
            long other = 0; // direct, or opened before the trace began
            for (FileAlignment a : alignment) {
                if ("io_submit".equals(a.via()) && moved(g, a)) {
                    if (Boolean.FALSE.equals(a.direct())) {
                        buffered += a.requests();
                    } else {
                        other += a.requests();
                    }
                }
            }
            // most of its requests: a descriptor the trace saw reused for a file of /sys does not make it buffered
            if (buffered > other) {
                out.add(g);
            }
        }
        return out;
    }

    /**
     * The parts measured from biosnoop say so: the assigner words its methods after a block trace,
     * which here is biosnoop's per-I/O latencies.
     */
    private static List<ProcessWait> relabelled(List<ProcessWait> processes, String blockSource) {
        if (!blockSource.equals(BiosnoopTimes.SOURCE)) {
            return processes;
        }
        return processes.stream().map(p -> new ProcessWait(p.command(), p.pids(),
                p.source() == null ? null : p.source().replace("block trace", BiosnoopTimes.SOURCE), p.calls(),
                p.waitSeconds(), p.parts().stream().map(w -> new WaitPart(w.part(), w.direction(), w.device(),
                        w.seconds(), w.sharePct(), biosnoopMethod(w.method()), w.others())).toList(), p.role()))
                .toList();
    }

    private static String biosnoopMethod(String method) {
        if (method == null) {
            return null;
        }
        String m = method.replace("the block trace", "biosnoop's trace").replace("block trace", "biosnoop trace")
                .replace("Q2C", "latency");
        return m.contains("biosnoop") ? m : m + " (biosnoop's latency of each I/O, not a block trace)";
    }

    /** Processes as the block trace names them, by the Q2C of their requests, most first. */
    private static List<Group> blockGroups(BlockProcessTimes block, String blockSource) {
        Map<Integer, String> comms = new LinkedHashMap<>();
        block.entries().forEach(e -> comms.putIfAbsent(e.pid(), e.comm()));
        Map<String, Group> out = new LinkedHashMap<>();
        for (BlockProcessTimes.Entry e : block.entries()) {
            blockGroup(out, e.pid(), e.comm() == null || e.comm().isEmpty() ? null : e.comm(), comms.size())
                    .addRequests(e, blockSource);
        }
        for (BlockProcessTimes.FlushWait w : block.flushWaits()) {
            blockGroup(out, w.pid(), w.comm() == null || w.comm().isEmpty() ? comms.get(w.pid()) : w.comm(), comms.size())
                    .addFlushWait(w, blockSource);
        }
        return out.values().stream().filter(g -> g.total() > 0)
                .sorted(Comparator.comparingDouble(Group::total).reversed().thenComparing(g -> g.command)).toList();
    }

    /** The group of a block trace's process ({@code comm} null where the trace names none), made at its first request. */
    private static Group blockGroup(Map<String, Group> out, int pid, String comm, int commands) {
        return out.computeIfAbsent(groupKey(pid, comm, commands),
                k -> new Group(comm == null ? UnnamedProcess.name(pid) : comm));
    }

    /**
     * The processes the block trace shows reading that no syscall trace shows at all: a task that queues a
     * read waits for it (a page fault of a mapped file, a swap-in) unless it is the kernel's own (writeback,
     * journal, loop) or the trace does not name it. Each is its own group, its reads' Q2C its wait.
     */
    private static List<Group> faultingReaders(List<Group> groups, BlockProcessTimes block, String blockSource) {
        Set<Integer> traced = new java.util.HashSet<>();
        groups.forEach(g -> {
            traced.addAll(g.pids);
            traced.addAll(g.threads);
        });
        Map<Integer, String> commands = tracedCommands(groups);
        Map<Integer, Group> out = new LinkedHashMap<>();
        for (BlockProcessTimes.Entry e : block.entries()) {
            if (!e.direction().equals("read") || e.n() == 0 || traced.contains(e.pid()) || UnnamedProcess.nameless(e.comm())
                    || PerIoMatch.kernelWriter(e.comm()) || e.comm().startsWith("kswapd")) {
                continue;
            }
            // io_uring's kernel threads (iou-sqp-PID polling the submission queue, iou-wrk-PID) queue PID's requests
            int owner = ringOwner(e.comm());
            String command = owner < 0 ? null : commands.get(owner);
            Group g = out.computeIfAbsent(command == null ? e.pid() : owner,
                    k -> new Group(command == null ? e.comm() : command));
            g.addRequests(e, blockSource);
            if (command != null) {
                g.pids.remove(e.pid());
                g.pids.add(owner);
            }
            g.span = block.spanSeconds();
        }
        // material beside the traced processes' own wait, as a cause must be: a shell's or a compiler's few page
        // faults while the capture ran are not the application's
        double tracedWait = groups.stream().mapToDouble(Group::total).sum();
        return out.values().stream().filter(g -> g.waits.calls(WaitClass.READ) >= MIN_FAULTING_READS
                && 100 * g.total() >= MATERIAL_PCT * (tracedWait + g.total())).toList();
    }

    /** The process an io_uring kernel thread works for ({@code iou-sqp-18865}, {@code iou-wrk-18865}: 18865), or -1. */
    static int ringOwner(String comm) {
        if (comm == null || !(comm.startsWith("iou-sqp-") || comm.startsWith("iou-wrk-"))) {
            return -1;
        }
        String digits = comm.substring("iou-sqp-".length());
        if (digits.isEmpty() || digits.length() > 9 || !digits.chars().allMatch(Character::isDigit)) {
            return -1;
        }
        return Integer.parseInt(digits);
    }

    /**
     * Who queued a block trace's requests: its name, else (the kernel's blk tracer records none) the command the
     * syscall traces give the pid, else the name as the trace printed it.
     */
    static String holder(BlockProcessTimes.SliceEntry e, Map<Integer, String> tracedCommands) {
        return UnnamedProcess.nameless(e.comm()) ? tracedCommands.getOrDefault(e.pid(), e.comm()) : e.comm();
    }

    /** The command of every pid and thread of the groups the syscall traces name (not those known by pid alone). */
    private static Map<Integer, String> tracedCommands(List<Group> groups) {
        Map<Integer, String> out = new HashMap<>();
        for (Group g : groups) {
            if (!UnnamedProcess.is(g.command)) {
                g.pids.forEach(p -> out.putIfAbsent(p, g.command));
                g.threads.forEach(t -> out.putIfAbsent(t, g.command));
            }
        }
        return out;
    }

    /**
     * A process is its own group while there are few (fio's jobs, a database's writer and reader
     * are told apart); past {@link #MAX_COMMANDS} processes, those of one command are one group.
     */
    private static String groupKey(int pid, String comm, int processes) {
        return processes <= MAX_COMMANDS || comm == null ? UnnamedProcess.name(pid) : comm;
    }

    /** Each slice's wait per command (its chosen traces), and per device who held its time. */
    private List<Slice> slices(List<Group> groups, BlockProcessTimes block, DeviceNaming names,
                               Map<Integer, String> tracedCommands) {
        double width = waits.sliceWidth();
        int n = 0;
        for (Group g : groups) {
            for (ApplicationWaits.Process p : g.chosen) {
                for (int i = p.slices.slices() - 1; i >= 0; i--) {
                    if (p.slices.count(i) > 0) {
                        n = Math.max(n, i + 1);
                        break;
                    }
                }
            }
        }
        List<Slice> out = new ArrayList<>();
        List<Slice.DeviceShare> noDevices = List.of();
        Map<Integer, List<Slice.DeviceShare>> deviceSlices = block == null || block.sliceSeconds() != width
                ? Map.of() : deviceSlices(block, names, tracedCommands);
        int slices = Math.max(n, deviceSlices.keySet().stream().mapToInt(i -> i + 1).max().orElse(0));
        for (int i = 0; i < slices; i++) {
            List<Slice.CommandWait> cw = new ArrayList<>();
            for (Group g : groups.stream().limit(MAX_COMMANDS).toList()) {
                double s = 0;
                long c = 0;
                for (ApplicationWaits.Process p : new LinkedHashSet<>(g.chosen)) {
                    s += p.slices.total(i);
                    c += p.slices.count(i);
                }
                if (c > 0) {
                    cw.add(new Slice.CommandWait(g.command, g.pids.stream().sorted().toList(), s, c));
                }
            }
            out.add(new Slice(i * width, (i + 1) * width, cw, deviceSlices.getOrDefault(i, noDevices)));
        }
        return out;
    }

    /**
     * Who held each device in each slice, by command: the block trace's name, else (the kernel's blk tracer
     * records none) the command the syscall traces give the pid.
     */
    private static Map<Integer, List<Slice.DeviceShare>> deviceSlices(BlockProcessTimes block, DeviceNaming names,
                                                                     Map<Integer, String> tracedCommands) {
        Map<Integer, Map<String, Map<String, double[]>>> bySlice = new java.util.TreeMap<>();
        for (BlockProcessTimes.SliceEntry e : block.slices()) {
            String comm = e.comm() == null ? "?" : holder(e, tracedCommands);
            double[] sum = bySlice.computeIfAbsent(e.slice(), k -> new java.util.TreeMap<>())
                    .computeIfAbsent(names.name(e.device()), k -> new LinkedHashMap<>())
                    .computeIfAbsent(comm, k -> new double[2]);
            sum[0] += e.n();
            sum[1] += e.d2c();
        }
        Map<Integer, List<Slice.DeviceShare>> out = new LinkedHashMap<>();
        bySlice.forEach((slice, devices) -> {
            List<Slice.DeviceShare> shares = new ArrayList<>();
            devices.forEach((device, holders) -> {
                double total = holders.values().stream().mapToDouble(h -> h[1]).sum();
                long requests = (long) holders.values().stream().mapToDouble(h -> h[0]).sum();
                List<Slice.Holder> hs = holders.entrySet().stream()
                        .sorted(Comparator.comparingDouble((Map.Entry<String, double[]> h) -> -h.getValue()[1]))
                        .limit(MAX_NEIGHBOURS + 1)
                        .map(h -> new Slice.Holder(h.getKey(), (long) h.getValue()[0],
                                total > 0 ? 100 * h.getValue()[1] / total : 0,
                                h.getValue()[0] > 0 ? h.getValue()[1] / h.getValue()[0] : 0)).toList();
                shares.add(new Slice.DeviceShare(device, total, requests, hs));
            });
            out.put(slice, shares);
        });
        return out;
    }

    /** Names devices as findings do: the kernel name when the bundle gives it ("loop0" for "7,0"). */
    static final class DeviceNaming {
        private final StorageConfig config;

        DeviceNaming(StorageConfig config) {
            this.config = config;
        }

        String name(String device) {
            Optional<String> known = config == null ? Optional.empty() : config.deviceName(device);
            if (known.isPresent()) {
                return known.get();
            }
            String fixed = KernelMajors.name(device);
            return fixed != null ? fixed : device;
        }

        String label(String device) {
            return config == null ? device : config.label(device);
        }

        MediaClass.Media media(String device) {
            return MediaClass.of(name(device), config);
        }

        Optional<String> deviceOfFile(String path) {
            return config == null ? Optional.empty() : config.filesystemOf(path).map(f -> f.device())
                    .filter(d -> d != null).map(d -> d.startsWith("/dev/") ? d.substring(5) : d)
                    .map(d -> d.startsWith("mapper/") ? config.deviceName(d).orElse(d) : d);
        }
    }

    /** The parts of one group's wait. */
    static WaitPart part(Part part, String direction, String device, double seconds, double whole, String method,
                         List<WaitPart.Neighbour> others) {
        return new WaitPart(part, direction, device, Math.max(0, seconds), whole > 0 ? 100 * seconds / whole : 0,
                method, others);
    }
}
