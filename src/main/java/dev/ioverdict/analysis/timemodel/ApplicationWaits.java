package dev.ioverdict.analysis.timemodel;

import dev.ioverdict.analysis.SliceTotals;
import dev.ioverdict.model.syscall.IoRequest;
import dev.ioverdict.model.syscall.SyscallCall;
import dev.ioverdict.model.syscall.SyscallSummary;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The application's I/O wait as the traces timed it, streamed call by call: per trace and process,
 * the seconds in each {@link WaitClass}, the threads that made the calls (block traces name the
 * thread), the files its I/O went to (the device a file lives on, where no block trace says), the
 * reads and writes it asked for (the direction of a completion wait), and the wait per slice of the
 * trace. Bounded: processes, files per process and slices are capped.
 */
final class ApplicationWaits {
    static final int MAX_PROCESSES = 256;
    static final int MAX_FILES = 16;
    static final int MAX_THREADS = 64;
    static final int MAX_SLICES = 240;
    /** Calls kept one by one for the per-I/O match (17 bytes each); past this, the rest are estimated. */
    static final int MAX_TIMED_CALLS = 1 << 20;

    /** One process as one trace saw it. */
    static final class Process {
        final String source;
        final String input;
        final int pid;
        String comm;
        final ClassTotals waits = new ClassTotals();
        final Set<Integer> threads = new LinkedHashSet<>();
        /** Bytes per file, a cell each: a call adds to its file's cell, found again by {@link #lastFile} without a lookup. */
        private final Map<String, long[]> files = new LinkedHashMap<>();
        private String lastFile;
        private long[] lastBytes;
        /** The thread of the last call, already in {@link #threads} (or not, once it was full). */
        private int lastTid = Integer.MIN_VALUE;
        long readBytes;
        long writeBytes;
        /** Requests asked for, of each direction (an iocb, a read or write call). */
        long reads;
        long writes;
        /** io_submit calls long enough to have slept (a millisecond or more), and their seconds. */
        long longSubmits;
        double sleptInSubmits;
        /** Seconds in write calls long enough to have slept (a millisecond or more). */
        double sleptInWrites;
        long longWrites;
        /** Writes to files the trace showed opened for the page cache (neither O_DIRECT nor O_SYNC/O_DSYNC), and with O_DIRECT. */
        long bufferedWrites;
        long directWrites;
        /** Write calls on files opened O_SYNC or O_DSYNC. */
        long syncWrites;
        /** Writes it submitted (io_submit) to files opened O_SYNC or O_DSYNC: each completes once its flush has. */
        long durableSubmits;
        /**
         * Its asynchronous requests in flight (io_submit's count in, io_getevents' out) over time: the seconds of their
         * lives summed (Little's law), from its first such call on.
         */
        double aioLives;
        long aioInFlight;
        double aioSince = Double.NaN;

        /** The requests in flight until {@code t}, then {@code change} more. */
        void aioInFlight(double t, long change) {
            if (!Double.isNaN(aioSince) && t > aioSince) {
                aioLives += aioInFlight * (t - aioSince);
            }
            aioSince = Double.isNaN(aioSince) ? t : Math.max(aioSince, t);
            aioInFlight = Math.max(0, aioInFlight + change);
        }
        /** Requests submitted through io_uring: counted, but of unknown size and direction. */
        long ringRequests;
        /** Seconds of wait and calls per slice of the trace. */
        final SliceTotals slices = new SliceTotals();
        /** Its waits for I/O one by one (start, end in seconds, class), for matching to block requests. */
        int timed;
        double[] callStart = new double[0];
        double[] callEnd = new double[0];
        byte[] callClass = new byte[0];

        void time(double start, double end, WaitClass kind) {
            if (timed == callStart.length) {
                int n = Math.max(64, timed * 2);
                callStart = java.util.Arrays.copyOf(callStart, n);
                callEnd = java.util.Arrays.copyOf(callEnd, n);
                callClass = java.util.Arrays.copyOf(callClass, n);
            }
            callStart[timed] = start;
            callEnd[timed] = end;
            callClass[timed] = (byte) kind.ordinal();
            timed++;
        }

        void thread(int tid) {
            if (tid != lastTid) {
                lastTid = tid;
                if (threads.size() < MAX_THREADS) {
                    threads.add(tid);
                }
            }
        }

        /** Adds to the bytes of {@code path}, up to {@link #MAX_FILES} files. */
        void file(String path, long bytes) {
            long[] cell = lastBytes;
            if (cell == null || !path.equals(lastFile)) {
                cell = files.get(path);
                if (cell == null) {
                    if (files.size() >= MAX_FILES) {
                        return;
                    }
                    cell = new long[1];
                    files.put(path, cell);
                }
                lastFile = path;
                lastBytes = cell;
            }
            cell[0] += bytes;
        }

        /** Bytes per file, in the order the files were first seen. */
        Map<String, Long> bytesByFile() {
            Map<String, Long> out = new LinkedHashMap<>();
            files.forEach((f, b) -> out.put(f, b[0]));
            return out;
        }

        boolean of(SyscallCall c) {
            return pid == c.pid() && java.util.Objects.equals(input, c.input()) && java.util.Objects.equals(source, c.source());
        }

        Process(String source, String input, int pid, String comm) {
            this.source = source;
            this.input = input;
            this.pid = pid;
            this.comm = comm;
        }
    }

    private record Key(String source, String input, int pid) {
    }

    private final Map<Key, Process> processes = new LinkedHashMap<>();
    /**
     * The processes of the calls seen lately, by pid: a trace repeats a few processes on every
     * line, and each call then finds its own without a new key and a map lookup.
     */
    private final Process[] recent = new Process[256];
    /** First start and last end of the timed calls of one input. */
    private static final class Span {
        double first;
        double last = Double.NEGATIVE_INFINITY;

        Span(double first) {
            this.first = first;
        }
    }

    private final Map<String, Span> spans = new HashMap<>();
    private String lastInput;
    private Span lastSpan;
    private double sliceWidth = 1;
    private long dropped;
    private int timedCalls;

    /** Files each process (by input and pid) opened with O_DIRECT: where its io_uring requests go, which no call names. */
    private final Map<String, Set<String>> directOpens = new HashMap<>();

    /** An open of a file for direct I/O, as strace shows it: {@code openat(AT_FDCWD, "/mnt/data", O_RDWR|O_DIRECT) = 9}. */
    private void opened(SyscallCall c) {
        String name = c.name();
        if (!("openat".equals(name) || "open".equals(name)) || c.ret() == null || c.ret() < 0 || c.text() == null
                || !c.text().contains("O_DIRECT")) {
            return;
        }
        String text = c.text();
        int from = text.indexOf('"');
        int to = from < 0 ? -1 : text.indexOf('"', from + 1);
        if (to > from + 1) {
            Set<String> files = directOpens.computeIfAbsent(c.input() + '\0' + c.pid(), k -> new LinkedHashSet<>());
            if (files.size() < MAX_FILES) {
                files.add(text.substring(from + 1, to));
            }
        }
    }

    /** The files {@code pid} of {@code input} opened with O_DIRECT. */
    Set<String> directOpens(String input, int pid) {
        return directOpens.getOrDefault(input + '\0' + pid, Set.of());
    }

    /** The io_uring call that submits and waits for the ring's entries. */
    static final String RING_CALL = "io_uring_enter";

    void add(SyscallCall c) {
        WaitClass kind = WaitClass.of(c.name());
        if (kind == null) {
            opened(c);
            return;
        }
        if (c.duration() == null || !(c.duration() >= 0)) {
            return;
        }
        if ((kind == WaitClass.READ || kind == WaitClass.WRITE) && !toStorage(c)) {
            return;
        }
        Process p = process(c);
        if (p == null) {
            dropped++;
            return;
        }
        double d = c.duration();
        if (c.start() != null && c.ret() != null && c.ret() > 0 && (kind == WaitClass.COMPLETE
                || kind == WaitClass.SUBMIT && "io_submit".equals(c.name()))) {
            p.aioInFlight(c.start() + d, kind == WaitClass.SUBMIT ? c.ret() : -c.ret());
        }
        if (kind == WaitClass.SUBMIT && d >= Assigner.ASLEEP_CALL_SECONDS) {
            p.longSubmits++;
            p.sleptInSubmits += d;
        }
        if (kind == WaitClass.WRITE && d >= Assigner.ASLEEP_CALL_SECONDS) {
            p.sleptInWrites += d;
            p.longWrites++;
        }
        if (RING_CALL.equals(c.name()) && c.ret() != null && c.ret() > 0) {
            // io_uring_enter returns the entries it submitted; their size and direction are in the shared ring,
            // which no trace of the calls shows
            p.ringRequests += c.ret();
        }
        p.waits.add(kind, d, 1);
        p.thread(c.tid());
        List<IoRequest> requests = c.io();
        for (int i = 0; i < requests.size(); i++) { // indexed: an iterator per call is garbage by the million
            IoRequest io = requests.get(i);
            switch (io.op()) {
                case READ -> {
                    p.readBytes += Math.max(1, io.nbytes());
                    p.reads++;
                }
                case WRITE -> {
                    p.writeBytes += Math.max(1, io.nbytes());
                    p.writes++;
                    if (kind == WaitClass.WRITE && Boolean.TRUE.equals(io.synchronous())) {
                        // O_SYNC/O_DSYNC: the write waits for the device and its flush, whether or not O_DIRECT
                        p.syncWrites++;
                    } else if (kind == WaitClass.SUBMIT && Boolean.TRUE.equals(io.synchronous())) {
                        p.durableSubmits++;
                    } else if (io.direct() != null && kind == WaitClass.WRITE) {
                        if (io.direct()) {
                            p.directWrites++;
                        } else {
                            p.bufferedWrites++;
                        }
                    }
                }
                default -> {
                }
            }
            if (io.path() != null) {
                p.file(io.path(), Math.max(1, io.nbytes()));
            }
        }
        if (c.io().isEmpty() && kind == WaitClass.READ) {
            p.readBytes += Math.max(1, c.ret() == null ? 1 : c.ret());
            p.reads++;
        } else if (c.io().isEmpty() && kind == WaitClass.WRITE) {
            p.writeBytes += Math.max(1, c.ret() == null ? 1 : c.ret());
            p.writes++;
        }
        if (c.start() != null && (kind != WaitClass.SUBMIT || d >= Assigner.ASLEEP_CALL_SECONDS)
                && !"strace".equals(c.source()) && timedCalls < MAX_TIMED_CALLS) {
            // strace's times of day never share a clock with a block trace; the tracepoints' may. A submission
            // is timed where it sleeps: whether it holds its own requests is asked of the block trace
            p.time(c.start(), c.start() + d, kind);
            timedCalls++;
        }
        if (c.start() != null) {
            Span span = span(c);
            span.last = Math.max(span.last, c.start() + d);
            double at = Math.max(0, c.start() - span.first);
            while (at >= MAX_SLICES * sliceWidth) {
                sliceWidth *= 2;
                processes.values().forEach(each -> each.slices.fold());
            }
            p.slices.add((int) (at / sliceWidth), d);
        }
        if (c.comm() != null && (p.comm == null || p.comm.isEmpty())) {
            p.comm = c.comm();
        }
    }

    /**
     * Reads and writes of terminals, pipes, sockets and the kernel's pseudo files are not storage
     * I/O; standard input and output without a path seen are the same.
     */
    private static boolean toStorage(SyscallCall c) {
        if (c.io().isEmpty()) {
            return true;
        }
        IoRequest io = c.io().get(0);
        String path = io.path();
        if (path == null) {
            return io.fd() > 2;
        }
        return !(path.startsWith("/dev/pts") || path.startsWith("/dev/tty") || path.startsWith("/proc/")
                || path.startsWith("/sys/") || path.startsWith("pipe:") || path.startsWith("socket:")
                || path.startsWith("anon_inode:") || path.equals("/dev/null"));
    }

    private Span span(SyscallCall c) {
        Span s = lastSpan;
        if (s == null || !java.util.Objects.equals(lastInput, c.input())) {
            s = spans.computeIfAbsent(c.input(), k -> new Span(c.start()));
            lastInput = c.input();
            lastSpan = s;
        }
        return s;
    }

    private Process process(SyscallCall c) {
        int slot = c.pid() & (recent.length - 1);
        Process p = recent[slot];
        if (p != null && p.of(c)) {
            return p;
        }
        Key key = new Key(c.source(), c.input(), c.pid());
        p = processes.get(key);
        if (p == null) {
            if (processes.size() >= MAX_PROCESSES) {
                return null;
            }
            p = new Process(c.source(), c.input(), c.pid(), c.comm());
            processes.put(key, p);
        }
        recent[slot] = p;
        return p;
    }

    /**
     * Totals a tool computed itself (LinuxKI's per-process SYSTEM CALL REPORT, strace -c), one more
     * view of each process, without slices: where a trace of the same rank timed fewer of its calls
     * (a kitrace excerpt beside kipid's totals), the totals speak. strace -c names no process.
     */
    void addSummaries(List<SyscallSummary> summaries) {
        for (SyscallSummary s : summaries) {
            WaitClass kind = WaitClass.of(s.name());
            int pid = s.pid() == null ? -1 : s.pid();
            if (kind == null || !(s.total() >= 0)) {
                continue;
            }
            Key key = new Key(s.source(), s.input(), pid);
            Process p = processes.get(key);
            if (p == null) {
                if (processes.size() >= MAX_PROCESSES) {
                    dropped += s.count();
                    continue;
                }
                p = new Process(s.source(), s.input(), pid, s.pid() == null ? "(" + s.source() + " summary)" : s.comm());
                processes.put(key, p);
            }
            p.waits.add(kind, s.total(), s.count());
        }
    }

    List<Process> processes() {
        return new ArrayList<>(processes.values());
    }

    double sliceWidth() {
        return sliceWidth;
    }

    /** Seconds from the first timed call of {@code input} to the end of its last. */
    double span(String input) {
        Span s = spans.get(input);
        return s == null ? 0 : Math.max(0, s.last - s.first);
    }

    /** Calls not followed because {@link #MAX_PROCESSES} processes already were. */
    long dropped() {
        return dropped;
    }
}
