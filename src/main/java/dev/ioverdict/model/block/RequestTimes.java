package dev.ioverdict.model.block;

import java.util.List;

/**
 * Every completed request of a block trace with its phase times, kept compactly so the time model
 * can match the application's system calls to the requests they waited for, I/O by I/O. Times are
 * nanoseconds on the trace's own clock ({@code source}: {@link BlockInput#PERF_SCRIPT}'s is the
 * same as perf's syscall tracepoints'); {@code got} is when the request had its tag and was in the
 * scheduler (I, else G, else Q), {@code dispatched} its D (or {@link #UNSET}). {@code firstNs} and
 * {@code lastKeptNs}: the span the log is whole for (the trace's, or up to the last request kept when
 * the log's capacity was reached).
 */
public final class RequestTimes {
    public static final long UNSET = Long.MIN_VALUE;
    public static final int READ = 1;
    public static final int WRITE = 2;
    /** A preflush, FUA or cache-flush request, or a metadata (journal, log) write: the cost of durability. */
    public static final int FLUSH = 4;
    /**
     * A synchronous data request (REQ_SYNC, S in RWBS, neither metadata nor a flush) followed from its
     * queue (Q), so that its pid and comm are whoever queued it: an application's direct or waited-for
     * I/O, not writeback's or a journal's.
     */
    public static final int QUEUED_SYNC_DATA = 8;

    private final String source;
    private final List<String> inputs;
    private final List<String> devices;
    private final List<String> comms;
    private final int size;
    private final int[] pid;
    private final int[] comm;
    private final short[] device;
    private final byte[] flags;
    private final long[] queued;
    private final long[] got;
    private final long[] dispatched;
    private final long[] completed;
    private final boolean whole;
    private final long firstNs;
    private final long lastKeptNs;

    public RequestTimes(String source, List<String> inputs, List<String> devices, List<String> comms, int size,
                        int[] pid, int[] comm, short[] device, byte[] flags, long[] queued, long[] got,
                        long[] dispatched, long[] completed, boolean whole, long firstNs, long lastKeptNs) {
        this.firstNs = firstNs;
        this.source = source;
        this.inputs = List.copyOf(inputs);
        this.devices = List.copyOf(devices);
        this.comms = List.copyOf(comms);
        this.size = size;
        this.pid = java.util.Arrays.copyOf(pid, size);
        this.comm = java.util.Arrays.copyOf(comm, size);
        this.device = java.util.Arrays.copyOf(device, size);
        this.flags = java.util.Arrays.copyOf(flags, size);
        this.queued = java.util.Arrays.copyOf(queued, size);
        this.got = java.util.Arrays.copyOf(got, size);
        this.dispatched = java.util.Arrays.copyOf(dispatched, size);
        this.completed = java.util.Arrays.copyOf(completed, size);
        this.whole = whole;
        this.lastKeptNs = lastKeptNs;
    }

    public String source() {
        return source;
    }

    public List<String> inputs() {
        return inputs;
    }

    public int size() {
        return size;
    }

    public int pid(int i) {
        return pid[i];
    }

    /** The command that queued request {@code i}, or null when the trace did not say. */
    public String comm(int i) {
        return comm[i] < 0 ? null : comms.get(comm[i]);
    }

    /** The device as the trace names it (major,minor). */
    public String device(int i) {
        return devices.get(device[i]);
    }

    public boolean reads(int i) {
        return (flags[i] & READ) != 0;
    }

    public boolean writes(int i) {
        return (flags[i] & WRITE) != 0;
    }

    public boolean flushes(int i) {
        return (flags[i] & FLUSH) != 0;
    }

    /** Whether RWBS {@code rwbs} is synchronous data: S, neither metadata (M) nor a flush or FUA (F). */
    public static boolean syncData(String rwbs) {
        return rwbs != null && rwbs.indexOf('S') >= 0 && rwbs.indexOf('M') < 0 && rwbs.indexOf('F') < 0;
    }

    /** Whether {@code comm} names a kernel worker thread (kworker/1:2, kworker/u8:3-...). */
    public static boolean kernelWorker(String comm) {
        return comm != null && comm.startsWith("kworker");
    }

    /** Whether request {@code i} is synchronous data followed from its queue ({@link #QUEUED_SYNC_DATA}). */
    public boolean queuedSyncData(int i) {
        return (flags[i] & QUEUED_SYNC_DATA) != 0;
    }

    public long queued(int i) {
        return queued[i];
    }

    public long got(int i) {
        return got[i];
    }

    public long dispatched(int i) {
        return dispatched[i];
    }

    public long completed(int i) {
        return completed[i];
    }

    /** Whether every completed request of the trace is here (the capacity was never reached). */
    public boolean whole() {
        return whole;
    }

    /** The trace's first event: a call that began before it may have waited for requests it never saw. */
    public long firstNs() {
        return firstNs;
    }

    /** The completion time of the last request kept: calls after it are not matched. */
    public long lastKeptNs() {
        return lastKeptNs;
    }
}
