package dev.ioverdict.analysis.syscall;

import dev.ioverdict.analysis.Analysis;
import dev.ioverdict.analysis.Capped;
import dev.ioverdict.analysis.Dataflow;
import dev.ioverdict.analysis.Results;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.config.FilesystemInfo;
import dev.ioverdict.model.syscall.AioProcess;
import dev.ioverdict.model.syscall.FileAlignment;
import dev.ioverdict.model.syscall.IoRequest;
import dev.ioverdict.model.syscall.ProcessSyscallStat;
import dev.ioverdict.model.syscall.SleepStack;
import dev.ioverdict.model.syscall.SyscallCall;
import dev.ioverdict.model.syscall.SyscallSection;
import dev.ioverdict.model.syscall.SyscallStat;
import dev.ioverdict.model.syscall.SyscallSummary;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Syscall statistics per name and per process of every input (strace, perf syscall tracepoints,
 * LinuxKI), the AIO view (io_submit against io_getevents per process), alignment classes of the
 * I/O per file with the filesystem each file lives on, and the top sleep stacks per process.
 * Traced calls are streamed: memory grows with distinct names, processes and files, not calls.
 */
public final class SyscallAnalysis implements Analysis {
    /** Stacks kept per process, most sleep first; the report lists them most sleep first over all processes. */
    static final int SLEEP_STACKS_PER_PROCESS = 10;
    /** Sleep stacks itemised over all processes, most time first; the others are counted in a note. */
    static final int SLEEP_STACKS = 1_000;
    static final int SLOWEST_PER_PROCESS = 3;
    static final int MAX_PROCESS_ROWS = 300;
    /** (process, call name) pairs and files kept with their figures: a million pids stay a few MB (the rest counted). */
    static final int PROCESS_CAP = 5_000;
    static final int FILE_CAP = 1_000;
    static final java.util.Set<String> AIO_NAMES = java.util.Set.of("io_submit", "io_getevents", "io_pgetevents");

    // hashed for every call: plain hashes, not the records' generated ones (a method-handle chain each)
    private record NameKey(String source, String input, String name) {
        @Override
        public int hashCode() {
            return (Objects.hashCode(source) * 31 + Objects.hashCode(input)) * 31 + Objects.hashCode(name);
        }
    }

    private record ProcKey(String source, String input, int pid, String name) {
        @Override
        public int hashCode() {
            return ((Objects.hashCode(source) * 31 + Objects.hashCode(input)) * 31 + pid) * 31 + Objects.hashCode(name);
        }
    }

    /** A process of one input; its {@link SyscallEvidence#key} string is made once per map, not per call. */
    private record ProcId(String source, String input, int pid) {
        @Override
        public int hashCode() {
            return (Objects.hashCode(source) * 31 + Objects.hashCode(input)) * 31 + pid;
        }

        String key() {
            return SyscallEvidence.key(source, input, pid);
        }
    }

    private record SlowKey(ProcId proc, String name) {
    }

    /** A file by path, or (path null) by descriptor and process: its label is made once, when first seen. */
    private record FileKey(String source, String input, String path, int fd, int pid, String via, String op) {
        @Override
        public int hashCode() {
            int h = (Objects.hashCode(source) * 31 + Objects.hashCode(input)) * 31 + Objects.hashCode(path);
            return ((h * 31 + fd) * 31 + pid) * 31 + Objects.hashCode(via) * 31 + Objects.hashCode(op);
        }

        String file() {
            return path != null ? path : "fd " + fd + " (pid " + pid + ")";
        }
    }

    /**
     * What the calls of one (input, process, call name) feed, found once and then kept in
     * {@link #recent}: a trace repeats a few such groups on every line, and each call then costs no
     * map lookup (the maps stay the record of everything, in the order things were first seen).
     */
    private static final class Group {
        final String source;
        final String input;
        final int pid;
        final String name;
        final ProcId proc;
        final Latency byName;
        final Latency byProcess;
        final boolean aio;
        final boolean submit;
        final boolean wait;
        boolean commSeen;
        long[] iocbCount;
        List<SyscallCall> slowest;
        /** The duration a call must pass to enter {@link #slowest} once it is full. */
        double slowestFloor = Double.NEGATIVE_INFINITY;
        /** The file this group's last request went to, and the alignment it feeds. */
        FileKey lastFile;
        Alignment lastAlignment;

        Group(String source, String input, int pid, String name, ProcId proc, Latency byName, Latency byProcess) {
            this.source = source;
            this.input = input;
            this.pid = pid;
            this.name = name;
            this.proc = proc;
            this.byName = byName;
            this.byProcess = byProcess;
            this.submit = name.equals("io_submit");
            this.aio = submit || name.equals("io_getevents");
            this.wait = SlowestWaits.WAITS.contains(name);
        }

        boolean of(SyscallCall c) {
            return pid == c.pid() && name.equals(c.name()) && Objects.equals(input, c.input()) && Objects.equals(source, c.source());
        }
    }

    private final Group[] recent = new Group[256];
    private final Map<ProcId, long[]> iocbCounts = new HashMap<>();
    private final Map<NameKey, Latency> byName = new LinkedHashMap<>();
    private final Capped<ProcKey, Latency> byProcess = new Capped<>(PROCESS_CAP, l -> l.total);
    private final Map<ProcId, String> comms = new HashMap<>();
    private final Map<SlowKey, List<SyscallCall>> slowest = new HashMap<>();
    private final Capped<FileKey, Alignment> files = new Capped<>(FILE_CAP, a -> a.requests);
    /** The compactions of {@link #byProcess} and {@link #files} the {@link #recent} groups were made after. */
    private long compactions;
    private final SlowestWaits.Keeper waits = new SlowestWaits.Keeper();

    @Override
    public void attach(Facts facts) {
        facts.stream(SyscallCall.class, this::add);
    }

    void add(SyscallCall c) {
        Group g = group(c);
        g.byName.add(c.duration(), c.failed());
        g.byProcess.add(c.duration(), c.failed());
        if (!g.commSeen && c.comm() != null) {
            comms.putIfAbsent(g.proc, c.comm());
            g.commSeen = true;
        }
        waits.add(c, g.wait);
        if (g.submit) {
            if (g.iocbCount == null) {
                g.iocbCount = iocbCounts.computeIfAbsent(g.proc, k -> new long[1]);
            }
            g.iocbCount[0] += c.io().size();
        }
        if (g.aio && c.duration() != null) {
            if (g.slowest == null) {
                g.slowest = slowest.computeIfAbsent(new SlowKey(g.proc, g.name), k -> new ArrayList<>());
            }
            if (c.duration() > g.slowestFloor) {
                keepSlowest(g.slowest, c);
                if (g.slowest.size() == SLOWEST_PER_PROCESS) {
                    g.slowestFloor = g.slowest.get(SLOWEST_PER_PROCESS - 1).duration();
                }
            }
        }
        List<IoRequest> requests = c.io();
        for (int i = 0; i < requests.size(); i++) { // indexed: an iterator per call is garbage by the million
            IoRequest r = requests.get(i);
            if (!r.op().transfers()) {
                continue;
            }
            boolean byPath = r.path() != null;
            FileKey last = g.lastFile;
            if (last != null && Objects.equals(last.path(), r.path()) && last.fd() == (byPath ? -1 : r.fd())
                    && last.op().equals(r.op().label())) {
                g.lastAlignment.add(r, c);
                continue;
            }
            FileKey key = new FileKey(c.source(), c.input(), r.path(), byPath ? -1 : r.fd(), byPath ? -1 : c.pid(),
                    c.name(), r.op().label());
            Alignment a = files.computeIfAbsent(key, k -> new Alignment(k.source(), k.input(), k.file(), r.path(), k.via(), k.op()));
            g.lastFile = key;
            g.lastAlignment = a;
            a.add(r, c);
            forgetDropped();
        }
    }

    /**
     * After the capped tables dropped their lightest keys: the cached groups may hold dropped
     * state, and the per-process maps beside them keep only the processes still kept.
     */
    private void forgetDropped() {
        long now = byProcess.compactions() + files.compactions();
        if (now == compactions) {
            return;
        }
        compactions = now;
        java.util.Arrays.fill(recent, null);
        java.util.Set<ProcId> kept = new java.util.HashSet<>();
        byProcess.kept().keySet().forEach(k -> kept.add(new ProcId(k.source(), k.input(), k.pid())));
        comms.keySet().retainAll(kept);
        iocbCounts.keySet().retainAll(kept);
        slowest.keySet().removeIf(k -> !kept.contains(k.proc()));
    }

    private Group group(SyscallCall c) {
        int slot = (c.pid() * 31 + c.name().hashCode()) & (recent.length - 1);
        Group g = recent[slot];
        if (g != null && g.of(c)) {
            return g;
        }
        Latency name = byName.computeIfAbsent(new NameKey(c.source(), c.input(), c.name()), k -> new Latency(true));
        Latency process = byProcess.computeIfAbsent(new ProcKey(c.source(), c.input(), c.pid(), c.name()), k -> new Latency(false));
        forgetDropped();
        g = new Group(c.source(), c.input(), c.pid(), c.name(), new ProcId(c.source(), c.input(), c.pid()), name, process);
        recent[slot] = g;
        return g;
    }

    private static void keepSlowest(List<SyscallCall> kept, SyscallCall c) {
        SlowestWaits.insertSlowest(kept, c, SLOWEST_PER_PROCESS);
    }

    @Override
    public Dataflow dataflow() {
        return Dataflow.writes(SyscallSection.class, SyscallEvidence.class, SlowestWaits.class,
                SyscallHistograms.class).readingFacts(SleepStack.class);
    }

    @Override
    public void finish(Facts facts, Results results) {
        List<SyscallSummary> summaries = facts.all(SyscallSummary.class);
        List<SleepStack> stacks = facts.all(SleepStack.class);
        if (byName.isEmpty() && summaries.isEmpty() && stacks.isEmpty()) {
            return;
        }
        FilesystemResolver fs = new FilesystemResolver(facts.all(FilesystemInfo.class));
        byProcess.trim();
        files.trim();
        forgetDropped();
        List<ProcessSyscallStat> processes = processes(summaries);
        List<SleepStack> top = topStacks(stacks);
        List<String> notes = notes();
        if (top.size() > SLEEP_STACKS) {
            // a recording of a million threads each asleep once: one stack a process
            notes.add(String.format(java.util.Locale.ROOT, "%,d more sleep stacks not itemised: only the %,d with most "
                    + "time are kept", top.size() - SLEEP_STACKS, SLEEP_STACKS));
            top = List.copyOf(top.subList(0, SLEEP_STACKS));
        }
        SyscallSection section = new SyscallSection(names(summaries), limit(processes), aio(processes),
                files.kept().values().stream().map(a -> a.result(fs)).toList(), top, notes);
        results.put(SyscallSection.class, section);
        Map<String, List<Evidence>> calls = new HashMap<>();
        slowest.forEach((k, v) -> calls.put(k.proc().key() + "|" + k.name(), v.stream().map(c -> new Evidence(c.input(), c.line(), c.text())).toList()));
        results.put(SyscallEvidence.class, new SyscallEvidence(calls));
        SlowestWaits slow = waits.result();
        if (slow != null) {
            results.put(SlowestWaits.class, slow);
        }
        List<SyscallHistograms.Distribution> dists = new ArrayList<>();
        byName.forEach((k, l) -> {
            if (AIO_NAMES.contains(k.name()) && l.timed > 0) {
                dists.add(new SyscallHistograms.Distribution(k.source(), k.input(), k.name(), l.buckets()));
            }
        });
        results.put(SyscallHistograms.class, new SyscallHistograms(dists));
    }

    private List<SyscallStat> names(List<SyscallSummary> summaries) {
        List<SyscallStat> out = new ArrayList<>();
        byName.forEach((k, l) -> out.add(new SyscallStat(k.source(), k.input(), k.name(), l.count, l.errors,
                l.total(), l.min(), l.avg(), l.max(), l.percentile(50), l.percentile(95), l.percentile(99))));
        // a tool's own totals: several processes of one report add up per name
        Map<NameKey, List<SyscallSummary>> grouped = new LinkedHashMap<>();
        summaries.forEach(s -> grouped.computeIfAbsent(new NameKey(s.source(), s.input(), s.name()), k -> new ArrayList<>()).add(s));
        grouped.forEach((k, rows) -> {
            if (byName.containsKey(k)) {
                return; // the same input also traced the calls themselves
            }
            long count = rows.stream().mapToLong(SyscallSummary::count).sum();
            double total = rows.stream().mapToDouble(SyscallSummary::total).sum();
            Double max = rows.stream().map(SyscallSummary::max).filter(Objects::nonNull).max(Double::compare).orElse(null);
            Double avg = rows.size() == 1 && rows.get(0).avg() != null ? rows.get(0).avg() : count == 0 ? null : total / count;
            out.add(new SyscallStat(k.source(), k.input(), k.name(), count,
                    rows.stream().mapToLong(SyscallSummary::errors).sum(), total, null, avg, max, null, null, null));
        });
        // most time first across inputs: the same call seen by strace and perf lands side by side
        out.sort(Comparator.comparing((SyscallStat s) -> s.total() == null ? -1 : s.total(), Comparator.reverseOrder())
                .thenComparing(SyscallStat::name).thenComparing(SyscallStat::source).thenComparing(SyscallStat::input));
        return out;
    }

    private List<ProcessSyscallStat> processes(List<SyscallSummary> summaries) {
        List<ProcessSyscallStat> out = new ArrayList<>();
        byProcess.kept().forEach((k, l) -> out.add(new ProcessSyscallStat(k.source(), k.input(), k.pid(),
                comms.get(new ProcId(k.source(), k.input(), k.pid())), k.name(), l.count, l.errors,
                l.total(), l.avg(), l.max())));
        for (SyscallSummary s : summaries) {
            if (s.pid() != null) {
                out.add(new ProcessSyscallStat(s.source(), s.input(), s.pid(), s.comm(), s.name(), s.count(), s.errors(),
                        s.total(), s.avg(), s.max()));
            }
        }
        out.sort(Comparator.comparing(ProcessSyscallStat::input).thenComparing(ProcessSyscallStat::source)
                .thenComparing((ProcessSyscallStat p) -> p.total() == null ? 0 : p.total(), Comparator.reverseOrder())
                .thenComparing(p -> p.pid() == null ? -1 : p.pid()).thenComparing(ProcessSyscallStat::name));
        return out;
    }

    private List<String> notes() {
        List<String> out = new ArrayList<>();
        if (byProcess.dropped() > 0) {
            out.add(String.format(java.util.Locale.ROOT, "%,d more (process, call) pairs, %.3f s, not itemised: only the %,d with most time are kept",
                    byProcess.dropped(), byProcess.droppedWeight(), PROCESS_CAP));
        }
        if (files.dropped() > 0) {
            out.add(String.format(java.util.Locale.ROOT, "%,d more files, %,.0f requests, not itemised: only the %,d with most requests are kept",
                    files.dropped(), files.droppedWeight(), FILE_CAP));
        }
        return out;
    }

    private static List<ProcessSyscallStat> limit(List<ProcessSyscallStat> rows) {
        return rows.size() <= MAX_PROCESS_ROWS ? rows : rows.subList(0, MAX_PROCESS_ROWS);
    }

    private List<AioProcess> aio(List<ProcessSyscallStat> processes) {
        Map<String, ProcessSyscallStat> submit = new LinkedHashMap<>();
        Map<String, List<ProcessSyscallStat>> wait = new HashMap<>();
        for (ProcessSyscallStat p : processes) {
            String k = SyscallEvidence.key(p.source(), p.input(), p.pid());
            if (p.name().equals("io_submit")) {
                submit.put(k, p);
            } else if (p.name().equals("io_getevents") || p.name().equals("io_pgetevents")) {
                wait.computeIfAbsent(k, x -> new ArrayList<>()).add(p);
                submit.putIfAbsent(k, null);
            }
        }
        Map<String, Long> iocbs = new HashMap<>();
        iocbCounts.forEach((p, n) -> iocbs.put(p.key(), n[0]));
        List<AioProcess> out = new ArrayList<>();
        submit.forEach((k, s) -> {
            List<ProcessSyscallStat> w = wait.getOrDefault(k, List.of());
            ProcessSyscallStat any = s != null ? s : w.get(0);
            long gets = w.stream().mapToLong(ProcessSyscallStat::count).sum();
            Double getTotal = w.stream().map(ProcessSyscallStat::total).filter(Objects::nonNull).reduce(Double::sum).orElse(null);
            Double getMax = w.stream().map(ProcessSyscallStat::max).filter(Objects::nonNull).max(Double::compare).orElse(null);
            Double subTotal = s == null ? null : s.total();
            double both = (subTotal == null ? 0 : subTotal) + (getTotal == null ? 0 : getTotal);
            Long n = iocbs.get(k);
            out.add(new AioProcess(any.source(), any.input(), any.pid(), any.comm(), s == null ? 0 : s.count(), subTotal,
                    s == null ? null : s.avg(), s == null ? null : s.max(), gets, getTotal,
                    getTotal == null || gets == 0 ? null : getTotal / gets, getMax,
                    both > 0 && subTotal != null ? 100 * subTotal / both : null, n == null || n == 0 ? null : n));
        });
        out.sort(Comparator.comparing(AioProcess::input).thenComparing(AioProcess::source)
                .thenComparing(a -> a.pid() == null ? -1 : a.pid()));
        return out;
    }

    private static List<SleepStack> topStacks(List<SleepStack> stacks) {
        Map<String, List<SleepStack>> per = new LinkedHashMap<>();
        for (SleepStack s : stacks) {
            per.computeIfAbsent(s.source() + "|" + s.input() + "|" + s.pid(), k -> new ArrayList<>()).add(s);
        }
        Comparator<SleepStack> most = Comparator.comparing((SleepStack s) -> s.total() == null ? -1 : s.total())
                .thenComparing(SleepStack::count).reversed().thenComparing(SleepStack::line);
        List<SleepStack> out = new ArrayList<>();
        per.values().forEach(list -> list.stream().sorted(most).limit(SLEEP_STACKS_PER_PROCESS).forEach(out::add));
        out.sort(most.thenComparing(SleepStack::input));
        return out;
    }
}
