package dev.ioverdict.analysis.syscall;

import dev.ioverdict.model.syscall.SyscallCall;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * What one syscall trace says of when each thread ran: the time it left each call (a thread
 * asleep leaves none), to end the sleeps of a recording of switch-outs only; the threads it saw;
 * and its first calls of each thread and name, to align the trace's clock with perf's. The times
 * are kept, eight bytes a call, only of the threads the caller asks for ({@link #add}).
 */
final class ThreadEvents {
    /** What keeping one more thread's times costs, in call ends (8 bytes each): its array and map entry. */
    static final int THREAD_COST = 32;

    /**
     * A set of thread ids in a bit set (ids below 2^23, beyond any pid_max), others in a hash set:
     * an eighth of a byte a thread, where a trace of a million pids made a boxed set of 50 MB.
     */
    static final class Tids {
        private final java.util.BitSet small = new java.util.BitSet();
        private final java.util.Set<Integer> other = new java.util.HashSet<>();

        void add(int tid) {
            if (tid >= 0 && tid < 1 << 23) {
                small.set(tid);
            } else {
                other.add(tid);
            }
        }

        boolean contains(int tid) {
            return tid >= 0 && tid < 1 << 23 ? small.get(tid) : other.contains(tid);
        }
    }

    /** Calls of one thread and name kept for aligning clocks: enough to match on, bounded. */
    static final int SAMPLE = 400;
    /** Calls kept for aligning clocks over all threads and names: a trace of thousands of threads stays small. */
    static final int SAMPLES = 20_000;

    final String source;
    final String input;
    double first = Double.POSITIVE_INFINITY;
    double last = Double.NEGATIVE_INFINITY;
    private final Map<Integer, Times> byTid = new HashMap<>();
    private final Tids tids = new Tids();
    private final Map<CallKey, Calls> samples = new HashMap<>();
    private int sampled;
    /** Times kept, over all threads. */
    long kept;
    /** Threads some of whose times were not kept. */
    final Tids notKept = new Tids();
    private int lastTid = Integer.MIN_VALUE;
    private Times lastTimes;
    /** The samples of the (thread, name) pairs seen lately, found without a new key and a map lookup. */
    private final Calls[] recentCalls = new Calls[256];

    ThreadEvents(String source, String input) {
        this.source = source;
        this.input = input;
    }

    /** A thread and a call name, whose calls two traces of the same run both saw. */
    record CallKey(int tid, String name) {
    }

    /** The first calls of one thread and name in the order the trace gave them: start and duration. */
    static final class Calls {
        final int tid;
        final String name;
        double[] start = new double[8];
        double[] duration = new double[8];
        int n;

        Calls(int tid, String name) {
            this.tid = tid;
            this.name = name;
        }

        void add(double s, double d) {
            if (n == start.length) {
                start = Arrays.copyOf(start, n * 2);
                duration = Arrays.copyOf(duration, n * 2);
            }
            start[n] = s;
            duration[n] = d;
            n++;
        }
    }

    private static final class Times {
        double[] v = new double[16];
        int n;
        boolean sorted = true;

        void add(double t) {
            if (n == v.length) {
                v = Arrays.copyOf(v, n * 2);
            }
            if (n > 0 && t < v[n - 1]) {
                sorted = false;
            }
            v[n++] = t;
        }
    }

    /** A timed call; its end is kept when {@code keep} says its thread's time may end a sleep. */
    void add(SyscallCall c, java.util.function.IntPredicate keep) {
        double start = c.start();
        double end = start + c.duration();
        if (c.tid() != lastTid) {
            lastTid = c.tid();
            boolean keeps = keep.test(c.tid());
            lastTimes = keeps ? byTid.get(c.tid()) : null;
            if (keeps && lastTimes == null) {
                lastTimes = new Times();
                byTid.put(c.tid(), lastTimes);
                kept += THREAD_COST; // a thread's own table counts against the bound too: a million pids
            }
            tids.add(c.tid());
        }
        if (lastTimes != null) {
            lastTimes.add(end);
            kept++;
        } else {
            notKept.add(c.tid());
        }
        first = Math.min(first, start);
        last = Math.max(last, end);
        if (sampled < SAMPLES) {
            Calls s = calls(c);
            if (s.n < SAMPLE) {
                s.add(start, c.duration());
                sampled++;
            }
        }
    }


    private Calls calls(SyscallCall c) {
        int slot = (c.tid() * 31 + java.util.Objects.hashCode(c.name())) & (recentCalls.length - 1);
        Calls s = recentCalls[slot];
        if (s == null || s.tid != c.tid() || !java.util.Objects.equals(s.name, c.name())) {
            s = samples.computeIfAbsent(new CallKey(c.tid(), c.name()), k -> new Calls(k.tid(), k.name()));
            recentCalls[slot] = s;
        }
        return s;
    }

    /** The first time after {@code t} that thread {@code tid} left a call, or NaN. */
    double firstAfter(int tid, double t) {
        Times x = byTid.get(tid);
        if (x == null) {
            return Double.NaN;
        }
        if (!x.sorted) {
            Arrays.sort(x.v, 0, x.n);
            x.sorted = true;
        }
        int lo = 0;
        int hi = x.n;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (x.v[mid] <= t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo < x.n ? x.v[lo] : Double.NaN;
    }

    /** Whether this trace saw thread {@code tid} make a call. */
    boolean traced(int tid) {
        return tids.contains(tid);
    }

    Map<CallKey, Calls> samples() {
        return samples;
    }

    boolean overlaps(double from, double to) {
        return first <= to && from <= last;
    }
}
