package dev.ioverdict.analysis.timemodel;

import dev.ioverdict.model.block.BlockInput;
import dev.ioverdict.model.block.RequestTimes;
import dev.ioverdict.model.timemodel.Part;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * One command's waits for I/O matched to the block requests they waited for, where the calls and
 * the requests were timed on one clock (perf's syscall and block tracepoints, or one trace that
 * holds both). Each instant of a wait goes to the phases that the requests it was waiting for were
 * in at that instant: the process's own requests in flight then, in equal shares (with several in
 * flight, an io_getevents waits for them together: over the run its wait is their queue-to-complete
 * times, phase by phase, over how many it keeps in flight); the command's, when the process queued
 * none itself. For fsync and kin and for writes (which may be O_SYNC, their open often before the
 * trace), while none of its own is in flight, the durability request to complete first: the cache
 * flushes and the kernel's journal and log writes a commit waits for. A read's
 * or write's instant with no such request in flight is its own path (the page-cache copy, CPU,
 * locks); an io_getevents' or fsync's is not explained by the block layer. Calls outside the span
 * the block trace kept are left to the estimate.
 */
final class PerIoMatch {
    /** The parts found, by part, direction and device (as the block trace names it), and what was matched. */
    record Result(Map<Key, Double> seconds, double[] matchedByClass, long calls, long offered, double readsInWrites) {
        static final Result NONE = new Result(Map.of(), new double[WaitClass.values().length], 0, 0, 0);

        double matched(WaitClass c) {
            return matchedByClass[c.ordinal()];
        }

        boolean any() {
            return calls > 0;
        }
    }

    record Key(Part part, String direction, String device) {
    }

    private final RequestTimes log;

    PerIoMatch(RequestTimes log) {
        this.log = log;
    }

    /** Whether a trace's calls were timed on the block trace's clock. */
    boolean sameClock(ApplicationWaits.Process view) {
        if (log == null || log.size() == 0 || view.timed == 0) {
            return false;
        }
        return log.inputs().contains(view.input)
                || BlockInput.PERF_SCRIPT.equals(log.source()) && BlockInput.PERF_SCRIPT.equals(view.source);
    }

    Result match(TimeModelAnalysis.Group g, boolean bufferedWrites) {
        if (log == null || log.size() == 0) {
            return Result.NONE;
        }
        java.util.function.IntPredicate mine = i -> g.owns(log.pid(i));
        int[] own = sortedByQueue(mine);
        java.util.Set<String> ownDevices = new java.util.HashSet<>();
        for (int r : own) {
            ownDevices.add(log.device(r));
        }
        java.util.function.IntPredicate heldAbove = i -> !mine.test(i) && heldAbove(i) && ownDevices.contains(log.device(i));
        int[] held = sortedByQueue(heldAbove);
        int[] durable = sortedByQueue(i -> !mine.test(i) && !heldAbove.test(i) && (log.flushes(i) || kernelWriter(log.comm(i))));
        long life = Math.max(longestLife(own), Math.max(longestLife(durable), longestLife(held)));
        long first = log.firstNs();
        long last = log.lastKeptNs();
        Map<Key, Double> out = new LinkedHashMap<>();
        // nanoseconds its write calls spent with one of its own reads in flight: a page read before a partial write
        long[] readsInWrites = new long[1];
        double[] matched = new double[WaitClass.values().length];
        long calls = 0;
        long offered = 0;
        for (Map.Entry<WaitClass, List<ApplicationWaits.Process>> e : g.chosenFor.entrySet()) {
            WaitClass kind = e.getKey();
            // a buffered write is matched only where one of its own reads is in flight: a write of part of a page the
            // cache does not hold reads the page first (read-modify-write); the rest of the call is the page cache's
            boolean pageCache = kind == WaitClass.WRITE && bufferedWrites;
            int[] waited = pageCache ? sortedByQueue(i -> mine.test(i) && log.reads(i)) : own;
            if (kind == WaitClass.SUBMIT || pageCache && waited.length == 0) {
                continue;
            }
            // a write may be O_SYNC (its open is often before the trace): like fsync, it may wait for flushes; so may
            // an asynchronous O_DSYNC write, whose completion the kernel delivers once the flush after it is done
            boolean sync = !pageCache && (kind == WaitClass.SYNC || kind == WaitClass.WRITE || kind == WaitClass.COMPLETE);
            for (ApplicationWaits.Process view : e.getValue()) {
                if (!sameClock(view)) {
                    continue;
                }
                int[] waitedFor = ofProcess(waited, view);
                for (int k = 0; k < view.timed; k++) {
                    if (view.callClass[k] != kind.ordinal()) {
                        continue;
                    }
                    offered += pageCache ? 0 : 1;
                    long s = Math.round(view.callStart[k] * 1e9);
                    long t = Math.round(view.callEnd[k] * 1e9);
                    if (s < first || t > last || t < s) {
                        continue;
                    }
                    long inReads = split(s, t, waitedFor, sync ? durable : NONE, pageCache ? NONE : held, life, kind,
                            !pageCache, out);
                    readsInWrites[0] += inReads;
                    if (!pageCache) {
                        calls++;
                        matched[kind.ordinal()] += (t - s) / 1e9;
                    } else if (inReads > 0) {
                        // a buffered write counts as matched for its page reads alone
                        offered++;
                        calls++;
                        matched[kind.ordinal()] += inReads / 1e9;
                    }
                }
            }
        }
        return calls == 0 ? Result.NONE : new Result(out, matched, calls, offered, readsInWrites[0] / 1e9);
    }

    private static final int[] NONE = new int[0];

    /**
     * For a commit's time where its calls are not on the block trace's clock: on each of {@code devices} (as the trace
     * names them), how long the command's own data writes were in flight, and how long the durability requests were
     * (cache flushes, its own journal or FUA writes, the kernel's writers') while none of its data writes was: seconds
     * of the union of their intervals, each kind counted once however many were in flight together. One pass over the
     * requests for all the devices; a device with none of either is left out, and null without requests.
     */
    Map<String, double[]> commitInFlight(TimeModelAnalysis.Group g, java.util.Set<String> devices) {
        if (log == null || log.size() == 0) {
            return null;
        }
        Map<String, List<long[]>> data = new LinkedHashMap<>();
        Map<String, List<long[]>> durable = new LinkedHashMap<>();
        for (int i = 0; i < log.size(); i++) {
            String device = log.device(i);
            if (!log.writes(i) || log.completed(i) <= log.queued(i) || !devices.contains(device)) {
                continue;
            }
            boolean mine = g.owns(log.pid(i));
            if (log.flushes(i) || !mine && kernelWriter(log.comm(i))) {
                durable.computeIfAbsent(device, k -> new ArrayList<>()).add(new long[] {log.queued(i), log.completed(i)});
            } else if (mine) {
                data.computeIfAbsent(device, k -> new ArrayList<>()).add(new long[] {log.queued(i), log.completed(i)});
            }
        }
        Map<String, double[]> out = new LinkedHashMap<>();
        for (String device : devices) {
            List<long[]> dataUnion = union(data.getOrDefault(device, new ArrayList<>()));
            long dataNs = dataUnion.stream().mapToLong(v -> v[1] - v[0]).sum();
            long durableNs = 0;
            int first = 0; // both unions are in order: the data intervals before a durable one are passed for good
            for (long[] d : union(durable.getOrDefault(device, new ArrayList<>()))) {
                while (first < dataUnion.size() && dataUnion.get(first)[1] <= d[0]) {
                    first++;
                }
                long overlap = 0;
                for (int k = first; k < dataUnion.size() && dataUnion.get(k)[0] < d[1]; k++) {
                    long[] u = dataUnion.get(k);
                    overlap += Math.min(d[1], u[1]) - Math.max(d[0], u[0]);
                }
                durableNs += d[1] - d[0] - overlap;
            }
            if (dataNs + durableNs > 0) {
                out.put(device, new double[] {dataNs / 1e9, Math.max(0, durableNs) / 1e9});
            }
        }
        return out;
    }

    /** The union of intervals [from, to), as disjoint intervals in order. */
    private static List<long[]> union(List<long[]> intervals) {
        intervals.sort((a, b) -> Long.compare(a[0], b[0]));
        List<long[]> out = new ArrayList<>();
        for (long[] v : intervals) {
            long[] last = out.isEmpty() ? null : out.get(out.size() - 1);
            if (last != null && v[0] <= last[1]) {
                last[1] = Math.max(last[1], v[1]);
            } else {
                out.add(new long[] {v[0], v[1]});
            }
        }
        return out;
    }

    /**
     * Of the command's io_submit calls of {@code minSeconds} or more timed on the block trace's clock, the share
     * inside which one of its own reads was both queued and completed: a submission that waits for its own
     * I/O (buffered AIO reads through the page cache), not one that waits for earlier requests before it queues
     * its own. NaN where no such call is on the clock.
     */
    double submitsHoldingTheirRequests(TimeModelAnalysis.Group g, double minSeconds) {
        if (log == null || log.size() == 0) {
            return Double.NaN;
        }
        // reads: a write held inside io_submit is also what XFS and ext4 do to an unaligned direct write after
        // draining the inode, which unaligned-dio-xfs measures as the wait for the inode
        int[] own = sortedByQueue(i -> log.reads(i) && g.owns(log.pid(i)));
        long calls = 0;
        long holding = 0;
        for (ApplicationWaits.Process view : g.chosenFor.getOrDefault(WaitClass.SUBMIT, List.of())) {
            if (!sameClock(view)) {
                continue;
            }
            int[] queuedBy = ofProcess(own, view);
            for (int k = 0; k < view.timed; k++) {
                if (view.callClass[k] != WaitClass.SUBMIT.ordinal() || view.callEnd[k] - view.callStart[k] < minSeconds) {
                    continue;
                }
                long s = Math.round(view.callStart[k] * 1e9);
                long t = Math.round(view.callEnd[k] * 1e9);
                if (s < log.firstNs() || t > log.lastKeptNs()) {
                    continue;
                }
                calls++;
                for (int j = upperBound(queuedBy, t) - 1; j >= 0 && log.queued(queuedBy[j]) >= s; j--) {
                    if (log.completed(queuedBy[j]) <= t) {
                        holding++;
                        break;
                    }
                }
            }
        }
        return calls == 0 ? Double.NaN : (double) holding / calls;
    }

    /**
     * The requests a process's calls wait for: those it queued itself, when it queued any (a reader and
     * a writer of one command each wait for their own: the writer's wait is not the reader's quick
     * requests completing first); else the command's (a process that hands its I/O to another).
     */
    private int[] ofProcess(int[] own, ApplicationWaits.Process view) {
        int n = 0;
        int[] out = new int[own.length];
        for (int r : own) {
            if (log.pid(r) == view.pid || view.threads.contains(log.pid(r))) {
                out[n++] = r;
            }
        }
        return n == 0 ? own : Arrays.copyOf(out, n);
    }

    /**
     * The wait [s, t) given to the phases of the requests it waited for, instant by instant: the
     * command's own request to complete first; while none of its own is in flight (an fsync's or an
     * O_SYNC write's cache flush), the durability request (flush, journal write) to complete first.
     * {@code countIdle} false leaves the instants no request holds to the caller. Returns the nanoseconds
     * of a write call in which only its own reads were in flight (the pages a partial write reads first).
     */
    private long split(long s, long t, int[] own, int[] durable, int[] held, long life, WaitClass kind,
                       boolean countIdle, Map<Key, Double> out) {
        long readsInWrite = 0;
        List<Integer> mine = inFlight(own, s, t, life);
        List<Integer> others = inFlight(durable, s, t, life);
        // while none of its own is in flight, requests a kernel worker queued for it: held above the block layer
        List<Integer> released = kind == WaitClass.SYNC ? List.of() : inFlight(held, s, t, life);
        boolean sync = kind == WaitClass.SYNC;
        String callDirection = kind == WaitClass.READ ? "read" : kind == WaitClass.WRITE || sync ? "write" : null;
        // a read or write call's time outside any request is its own path (the page-cache copy, CPU, locks);
        // an io_getevents or fsync with nothing in flight waits for what the block layer does not show
        Part idle = kind == WaitClass.READ || kind == WaitClass.WRITE ? Part.SUBMISSION : Part.NOT_EXPLAINED;
        if (mine.isEmpty() && others.isEmpty() && released.isEmpty()) {
            if (countIdle) {
                add(out, idle, callDirection, null, t - s);
            }
            return 0;
        }
        long[] points = instants(s, t, mine, others, released);
        int n = points.length;
        Waiting ownWaiting = new Waiting(mine);
        Waiting durableWaiting = new Waiting(others);
        Waiting releasedWaiting = new Waiting(released);
        for (int k = 0; k + 1 < n; k++) {
            long a = points[k];
            long b = points[k + 1];
            if (b <= a) {
                continue;
            }
            java.util.Collection<Integer> ownNow = ownWaiting.allAt(a);
            if (!ownNow.isEmpty()) {
                // several of its own in flight: the wait is theirs together, each instant shared among their
                // phases (over the run, as their queue-to-complete times are; Little's law): the one to
                // complete first is, by being first, the one nearest its end, most often in the device
                long share = (b - a) / ownNow.size();
                long rest = (b - a) - share * ownNow.size();
                for (int r : ownNow) {
                    add(out, phase(r, a, false), direction(r, callDirection), log.device(r), share + rest);
                    rest = 0;
                }
                if (kind == WaitClass.WRITE && ownNow.stream().allMatch(log::reads)) {
                    readsInWrite += b - a;
                }
                continue;
            }
            Integer r = durableWaiting.at(a);
            if (r != null) {
                add(out, phase(r, a, true), direction(r, callDirection), log.device(r), b - a);
                continue;
            }
            Integer h = releasedWaiting.at(a);
            if (h != null) {
                add(out, phase(h, a, false), direction(h, callDirection), log.device(h), b - a);
                continue;
            }
            Integer next = releasedWaiting.nextQueuedAfter(a, t);
            if (next != null) {
                // nothing of its own in the block layer, and a worker queues one of its kind before the call ends: the
                // request was held above the queue (blk-throttle's, a cgroup's I/O limit) until then
                add(out, Part.THROTTLE, direction(next, callDirection), log.device(next), b - a);
                continue;
            }
            if (countIdle) {
                add(out, idle, callDirection, null, b - a);
            }
        }
        return readsInWrite;
    }

    /** [s, t)'s ends and every phase boundary of {@code requests} inside it, in order: where a wait changes owner. */
    @SafeVarargs
    private long[] instants(long s, long t, List<Integer>... requests) {
        int size = 2;
        for (List<Integer> list : requests) {
            size += list.size() * 4;
        }
        long[] points = new long[size];
        int n = 0;
        points[n++] = s;
        points[n++] = t;
        for (List<Integer> list : requests) {
            for (int r : list) {
                for (long p : new long[] {log.queued(r), log.got(r), log.dispatched(r), log.completed(r)}) {
                    if (p != RequestTimes.UNSET && p > s && p < t) {
                        points[n++] = p;
                    }
                }
            }
        }
        Arrays.sort(points, 0, n);
        return Arrays.copyOf(points, n);
    }

    private String direction(int r, String callDirection) {
        return log.reads(r) ? "read" : log.writes(r) ? "write" : callDirection;
    }

    /** The part request {@code r} is in at {@code instant}; a durability request (flush, journal) is all flush. */
    private Part phase(int r, long instant, boolean durability) {
        if (log.flushes(r) || durability) {
            // a preflush write waits for the flush before it as long as it waits for a tag: all of it is
            // the cost of durability
            return Part.FLUSH;
        } else if (instant < log.got(r)) {
            return Part.TAG_WAIT;
        } else if (log.dispatched(r) != RequestTimes.UNSET && instant < log.dispatched(r)) {
            return Part.SCHEDULER;
        }
        return Part.DEVICE;
    }

    /** The requests of {@code sorted} (by queue time) in flight at some instant of [s, t), by queue time. */
    private List<Integer> inFlight(int[] sorted, long s, long t, long life) {
        List<Integer> out = new ArrayList<>();
        for (int j = upperBound(sorted, t) - 1; j >= 0; j--) {
            int r = sorted[j];
            if (log.queued(r) < s - life) {
                break;
            }
            if (log.completed(r) > s) {
                out.add(r);
            }
        }
        out.sort((a, b) -> Long.compare(log.queued(a), log.queued(b)));
        return out;
    }

    /** Requests in flight as the instants advance: the one to complete first is the one waited for. */
    private final class Waiting {
        private final List<Integer> requests;
        private final PriorityQueue<Integer> byCompletion = new PriorityQueue<>((a, b) -> {
            int c = Long.compare(log.completed(a), log.completed(b));
            return c != 0 ? c : Long.compare(log.queued(a), log.queued(b));
        });
        private int next;

        Waiting(List<Integer> requests) {
            this.requests = requests;
        }

        Integer at(long instant) {
            while (next < requests.size() && log.queued(requests.get(next)) <= instant) {
                byCompletion.add(requests.get(next++));
            }
            while (!byCompletion.isEmpty() && log.completed(byCompletion.peek()) <= instant) {
                byCompletion.poll();
            }
            return byCompletion.peek();
        }

        /** The first request not yet queued at {@code instant} that is queued before {@code end}, or null. */
        Integer nextQueuedAfter(long instant, long end) {
            at(instant);
            return next < requests.size() && log.queued(requests.get(next)) < end ? requests.get(next) : null;
        }

        /** Every request in flight at {@code instant}. */
        java.util.Collection<Integer> allAt(long instant) {
            at(instant);
            return byCompletion;
        }
    }

    private static void add(Map<Key, Double> out, Part part, String direction, String device, long ns) {
        out.merge(new Key(part, direction, device), ns / 1e9, Double::sum);
    }

    private int[] sortedByQueue(java.util.function.IntPredicate keep) {
        int n = 0;
        int[] out = new int[16];
        for (int i = 0; i < log.size(); i++) {
            if (keep.test(i)) {
                if (n == out.length) {
                    out = Arrays.copyOf(out, n * 2);
                }
                out[n++] = i;
            }
        }
        Integer[] boxed = new Integer[n];
        for (int i = 0; i < n; i++) {
            boxed[i] = out[i];
        }
        Arrays.sort(boxed, (a, b) -> Long.compare(log.queued(a), log.queued(b)));
        int[] sorted = new int[n];
        for (int i = 0; i < n; i++) {
            sorted[i] = boxed[i];
        }
        return sorted;
    }

    private long longestLife(int[] requests) {
        long life = 0;
        for (int r : requests) {
            life = Math.max(life, log.completed(r) - log.queued(r));
        }
        return life;
    }

    /** The first index whose request was queued at or after {@code t}. */
    private int upperBound(int[] sorted, long t) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (log.queued(sorted[mid]) < t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * A synchronous data request a kernel worker queued: a bio blk-throttle held for a cgroup's I/O limit and
     * its worker released later. Writeback, journals and logs queue no synchronous data; a stacking driver's
     * worker (loop, dm-crypt) queues on the device below, where the application queued none of its own.
     */
    private boolean heldAbove(int i) {
        return log.queuedSyncData(i) && RequestTimes.kernelWorker(log.comm(i));
    }

    /** Kernel threads that write on an application's behalf: writeback, journal, log workers. */
    static boolean kernelWriter(String comm) {
        return comm != null && (comm.startsWith("kworker") || comm.startsWith("xfs") || comm.startsWith("jbd2")
                || comm.startsWith("flush-") || comm.startsWith("loop"));
    }
}
