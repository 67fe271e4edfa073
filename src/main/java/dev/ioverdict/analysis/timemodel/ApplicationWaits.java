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
        final Map<String, Long> bytesByFile = new LinkedHashMap<>();
        long readBytes;
        long writeBytes;
        /** io_submit calls long enough to have slept (a millisecond or more). */
        long longSubmits;
        /** Writes to files the trace showed opened without, and with, O_DIRECT. */
        long bufferedWrites;
        long directWrites;
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
    private final Map<String, Double> firstStart = new HashMap<>();
    private final Map<String, Double> lastEnd = new HashMap<>();
    private double sliceWidth = 1;
    private long dropped;
    private int timedCalls;

    void add(SyscallCall c) {
        WaitClass kind = WaitClass.of(c.name());
        if (kind == null || c.duration() == null || !(c.duration() >= 0)) {
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
        if (kind == WaitClass.SUBMIT && d >= Assigner.ASLEEP_CALL_SECONDS) {
            p.longSubmits++;
        }
        p.waits.add(kind, d, 1);
        if (p.threads.size() < MAX_THREADS) {
            p.threads.add(c.tid());
        }
        for (IoRequest io : c.io()) {
            switch (io.op()) {
                case READ -> p.readBytes += Math.max(1, io.nbytes());
                case WRITE -> {
                    p.writeBytes += Math.max(1, io.nbytes());
                    if (io.direct() != null && kind == WaitClass.WRITE) {
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
            if (io.path() != null && (p.bytesByFile.containsKey(io.path()) || p.bytesByFile.size() < MAX_FILES)) {
                p.bytesByFile.merge(io.path(), Math.max(1, io.nbytes()), Long::sum);
            }
        }
        if (c.io().isEmpty() && kind == WaitClass.READ) {
            p.readBytes += Math.max(1, c.ret() == null ? 1 : c.ret());
        } else if (c.io().isEmpty() && kind == WaitClass.WRITE) {
            p.writeBytes += Math.max(1, c.ret() == null ? 1 : c.ret());
        }
        if (c.start() != null && kind != WaitClass.SUBMIT && !"strace".equals(c.source())
                && timedCalls < MAX_TIMED_CALLS) {
            // strace's times of day never share a clock with a block trace; the tracepoints' may
            p.time(c.start(), c.start() + d, kind);
            timedCalls++;
        }
        if (c.start() != null) {
            double first = firstStart.computeIfAbsent(c.input(), k -> c.start());
            lastEnd.merge(c.input(), c.start() + d, Math::max);
            double at = Math.max(0, c.start() - first);
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

    private Process process(SyscallCall c) {
        Key key = new Key(c.source(), c.input(), c.pid());
        Process p = processes.get(key);
        if (p == null) {
            if (processes.size() >= MAX_PROCESSES) {
                return null;
            }
            p = new Process(c.source(), c.input(), c.pid(), c.comm());
            processes.put(key, p);
        }
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
        Double a = firstStart.get(input);
        Double b = lastEnd.get(input);
        return a == null || b == null ? 0 : Math.max(0, b - a);
    }

    /** Calls not followed because {@link #MAX_PROCESSES} processes already were. */
    long dropped() {
        return dropped;
    }
}
