package dev.ioverdict.analysis.block;

import dev.ioverdict.analysis.LogHistogram;
import dev.ioverdict.analysis.SliceTotals;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.block.BlockProcessTimes;
import dev.ioverdict.model.block.RequestTimes;
import dev.ioverdict.model.syscall.FileAlignment;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One device's block time per process and direction, and per slice of the trace, for the time
 * model: a bio's phases are added when it completes, under the process that queued it. Bounded:
 * {@link #MAX_PROCESSES} processes are followed one by one, the rest share one entry; slices
 * double in width when the trace outgrows {@link #MAX_SLICES}.
 */
final class ProcessTimes {
    static final int MAX_PROCESSES = 64;
    static final int MAX_SLICES = 240;
    static final long FIRST_SLICE_NS = 1_000_000_000L;
    static final int OTHERS = -1;
    /** More cache flushes in flight than any device queue holds: the oldest are given up. */
    static final int MAX_FLUSHES_IN_FLIGHT = 4096;

    /** Sums of one process and direction, nanoseconds. */
    private static final class Sums {
        final int pid;
        final String comm;
        final String direction;
        long n;
        /** Bios merged into a request another bio began. */
        long merged;
        long bytes;
        long q2c;
        long d2c;
        long scheduler;
        long tag;
        long flush;
        /** Requests (not merged into another) that are preflush, FUA or metadata writes: a commit's, not data. */
        long durableRequests;
        /** Its data writes (no flush, FUA or metadata) by the alignment of their sector and size: 512 .. larger. */
        long[] writeClasses;
        long writeBytes;
        long minWrite = Long.MAX_VALUE;
        long maxWrite;
        /** The first few data writes below 4 KiB alignment, as the trace shows them. */
        List<dev.ioverdict.model.block.BlockEvent> unalignedExamples;
        long preflushWait;
        /** Its bios whose request had the device to itself ({@link DispatchDepths#servedAlone}), and their D2C. */
        long alone;
        long aloneD2c;
        /** Its bios of synchronous data (S in RWBS, neither metadata nor a flush or FUA). */
        long syncData;
        /** Its bios whose request's dispatch the trace saw, and the part of their D2C after the device's completion before. */
        long turns;
        long sinceLastCompletion;

        final int directionCode;

        Sums(int pid, String comm, int direction) {
            this.pid = pid;
            this.comm = comm;
            this.direction = direction == 0 ? "read" : direction == 1 ? "write" : "other";
            this.directionCode = direction;
        }
    }

    /** One process's device time per slice: D2C nanoseconds (exact as doubles below 104 days a slice). */
    private record Sliced(int pid, String comm, SliceTotals d2c) {
    }

    private final Map<Long, Sums> sums = new HashMap<>();
    private final Map<Integer, Sliced> sliced = new HashMap<>();
    private final java.util.Set<Integer> followed = new java.util.HashSet<>();
    /**
     * In front of the maps, by the pid's low bits: three boxed lookups per completed bio showed in
     * profiles. A pid followed stays followed and its entries stay the same objects, so a cached
     * answer stays right.
     */
    private static final int CACHED = 256;
    private final int[] cachedFollowed = new int[CACHED];
    private final Sums[] cachedSums = new Sums[CACHED * 3];
    private final Sliced[] cachedSliced = new Sliced[CACHED];

    {
        java.util.Arrays.fill(cachedFollowed, Integer.MIN_VALUE);
    }
    private long sliceWidth = FIRST_SLICE_NS;
    private long flushes;
    private long flushD2c;
    private long flushMax;
    private final java.util.ArrayDeque<Long> flushIssued = new java.util.ArrayDeque<>();
    /** An empty preflush bio queued at {@code t}, waiting for a cache flush issued after it. */
    private record Preflush(int pid, String comm, long t) {
    }

    /** One process's empty preflush bios served by a flush: how many, and their queue-to-flush-completion. */
    private static final class FlushWaitSums {
        final String comm;
        long n;
        long ns;

        FlushWaitSums(String comm) {
            this.comm = comm;
        }
    }

    private final java.util.ArrayDeque<Preflush> preflushes = new java.util.ArrayDeque<>();
    private final Map<Integer, FlushWaitSums> flushWaits = new java.util.LinkedHashMap<>();
    /** The span of this device's requests: a bundle may hold traces of other systems on other clocks. */
    private long firstNs = Long.MAX_VALUE;
    private long lastNs = Long.MIN_VALUE;

    private void spans(long from, long to) {
        firstNs = Math.min(firstNs, from);
        lastNs = Math.max(lastNs, to);
    }

    /** Seconds from this device's first request to its last completion, 0 when it completed none. */
    double spanSeconds() {
        return lastNs >= firstNs ? Btt.seconds(lastNs - firstNs) : 0;
    }

    /**
     * The bio {@code q} of {@code rwbs} completed at {@code t}; {@code origin} is the trace's first
     * event, {@code width} the slice width all devices share now; {@code ownTurn} the part of its request's D2C after
     * the device's completion before it ({@link DispatchDepths#sinceLastCompletion}), -1 where the request's
     * dispatch was not seen.
     */
    void completed(QueuedIo q, long t, long origin, long width, boolean alone, long ownTurn) {
        if (q.device.remapper && q.dTime == QueuedIo.UNSET) {
            // a bio-based dm or md bio: its time is spent in the legs, whose own bios carry the phases
            return;
        }
        fold(width);
        spans(q.qTime, t);
        int pid = followed(q.q.pid());
        String comm = pid == OTHERS ? "(other processes)" : q.q.comm();
        Sums s = sums(pid, comm, q.direction);
        long q2c = Btt.delta(q.qTime, t);
        s.n++;
        if (q.mTime != QueuedIo.UNSET) {
            s.merged++;
        }
        s.bytes += (q.end - q.start) * 512;
        s.q2c += q2c;
        if (RequestTimes.syncData(q.q.rwbs())) {
            s.syncData++;
        }
        if (q.dTime != QueuedIo.UNSET) {
            long d2c = Btt.delta(q.dTime, t);
            s.d2c += d2c;
            if (alone) {
                s.alone++;
                s.aloneD2c += d2c;
            }
            if (ownTurn >= 0) {
                s.turns++;
                s.sinceLastCompletion += Math.min(ownTurn, d2c);
            }
            if (flushing(q.q.rwbs())) {
                s.flush += d2c;
                if (q.mTime == QueuedIo.UNSET) {
                    s.durableRequests++;
                }
            } else if (q.direction == 1) {
                dataWrite(s, q);
            }
            if (q.iTime != QueuedIo.UNSET && q.dTime >= q.iTime) {
                s.scheduler += q.dTime - q.iTime;
            } else if (q.mTime != QueuedIo.UNSET && q.dTime >= q.mTime) {
                s.scheduler += q.dTime - q.qTime;
            }
            slice(pid, comm, (int) (Math.max(0, t - origin) / sliceWidth), d2c);
        }
        if (q.gTime != QueuedIo.UNSET) {
            // Q2G is the wait for a request tag (blk-mq emits G once it has one), G2I the rest of getting it in
            long got = q.iTime != QueuedIo.UNSET ? q.iTime : q.gTime;
            if (got >= q.qTime && (q.dTime == QueuedIo.UNSET || got <= q.dTime)) {
                s.tag += got - q.qTime;
            }
            if (preflush(q.q.rwbs()) && q.iTime != QueuedIo.UNSET && q.iTime >= q.gTime) {
                s.preflushWait += q.iTime - q.gTime;
            }
        }
    }

    /** A request seen from its dispatch {@code d} at {@code dTime} to its completion at {@code t}, without its Q. */
    void issuedOnly(dev.ioverdict.model.block.BlockEvent d, long dTime, long t, long origin, long width) {
        fold(width);
        spans(dTime, t);
        int pid = followed(d.pid());
        String comm = pid == OTHERS ? "(other processes)" : d.comm();
        int direction = BttTracker.direction(d.rwbs());
        long d2c = Btt.delta(dTime, t);
        Sums s = sums(pid, comm, direction);
        s.n++;
        s.bytes += d.sectors() * 512L;
        s.q2c += d2c;
        if (RequestTimes.syncData(d.rwbs())) {
            s.syncData++;
        }
        s.d2c += d2c;
        if (flushing(d.rwbs())) {
            s.flush += d2c;
            s.durableRequests++;
        }
        slice(pid, comm, (int) (Math.max(0, t - origin) / sliceWidth), d2c);
    }

    /** Alignment classes of a data write, as {@link FileAlignment#CLASSES} names them from "512" on. */
    private static final int WRITE_CLASSES = 5;
    private static final int EXAMPLES = 3;

    private static void dataWrite(Sums s, QueuedIo q) {
        long sectors = q.end - q.start;
        if (sectors <= 0 || q.start < 0) {
            return;
        }
        if (s.writeClasses == null) {
            s.writeClasses = new long[WRITE_CLASSES];
        }
        long bytes = sectors * 512;
        s.writeBytes += bytes;
        s.minWrite = Math.min(s.minWrite, bytes);
        s.maxWrite = Math.max(s.maxWrite, bytes);
        // the coarser of where it starts and how long it is: either one off the block makes the write unaligned
        long both = q.start | sectors;
        int cls = (both & 1) != 0 ? 0 : (both & 2) != 0 ? 1 : (both & 4) != 0 ? 2 : (both & 8) != 0 ? 3 : 4;
        s.writeClasses[cls]++;
        if (cls < 3) {
            if (s.unalignedExamples == null) {
                s.unalignedExamples = new ArrayList<>(EXAMPLES);
            }
            if (s.unalignedExamples.size() < EXAMPLES) {
                s.unalignedExamples.add(q.q);
            }
        }
    }

    private void fold(long width) {
        while (sliceWidth < width) {
            sliced.values().forEach(p -> p.d2c.fold());
            sliceWidth *= 2;
        }
    }

    private Sums sums(int pid, String comm, int direction) {
        int slot = (pid & (CACHED - 1)) * 3 + direction + 1;
        Sums s = cachedSums[slot];
        if (s != null && s.pid == pid && s.directionCode == direction) {
            return s;
        }
        long key = ((long) pid << 2) | (direction + 1);
        s = sums.get(key);
        if (s == null) {
            s = new Sums(pid, comm, direction);
            sums.put(key, s);
        }
        cachedSums[slot] = s;
        return s;
    }

    private void slice(int pid, String comm, int slice, long d2c) {
        int slot = pid & (CACHED - 1);
        Sliced p = cachedSliced[slot];
        if (p == null || p.pid() != pid) {
            p = sliced.get(pid);
            if (p == null) {
                p = new Sliced(pid, comm, new SliceTotals());
                sliced.put(pid, p);
            }
            cachedSliced[slot] = p;
        }
        p.d2c.add(slice, d2c);
    }

    /**
     * The cost of durability: a preflush or FUA write (F before or after the R/W/D), or a metadata
     * write (W with M: the journal or log a commit waits for).
     */
    static boolean flushing(String rwbs) {
        return rwbs != null && (rwbs.indexOf('F') >= 0 || (rwbs.indexOf('W') >= 0 && rwbs.indexOf('M') >= 0));
    }

    /**
     * A write that asks for a cache flush before it (REQ_PREFLUSH: F ahead of the W, as in FWFSM): blk-flush
     * inserts it only once that flush completed, so its G2I is the flush's time.
     */
    static boolean preflush(String rwbs) {
        return rwbs != null && rwbs.length() > 1 && rwbs.charAt(0) == 'F' && rwbs.indexOf('W') > 0;
    }

    /**
     * A flush request without data was issued (D) at {@code t}. Flushes are paired in order, not by
     * sector: tracers print an empty flush's sector as 0 on one event and not at all on the other.
     */
    void flushIssued(long t) {
        if (flushIssued.size() >= MAX_FLUSHES_IN_FLIGHT) {
            // a trace of issues without completions (cut, damaged, hostile) must not grow memory without end
            flushIssued.pollFirst();
        }
        flushIssued.addLast(t);
    }

    long flushesInFlight() {
        return flushIssued.size();
    }

    /** A flush request without data completed (C) at {@code t}: the oldest flush in flight. */
    long flushCompleted(long t) {
        Long issued = flushIssued.pollFirst();
        if (issued == null) {
            return QueuedIo.UNSET;
        }
        long ns = Btt.delta(issued, t);
        spans(issued, t);
        flushes++;
        flushD2c += ns;
        flushMax = Math.max(flushMax, ns);
        // blk-flush completes every preflush queued before this flush was issued with it; later ones wait for the next
        while (!preflushes.isEmpty() && preflushes.peekFirst().t() <= issued) {
            Preflush p = preflushes.pollFirst();
            // bounded apart: following a pid here would change which processes the requests' entries follow
            int pid = flushWaits.containsKey(p.pid()) || flushWaits.size() < MAX_PROCESSES ? p.pid() : OTHERS;
            FlushWaitSums w = flushWaits.computeIfAbsent(pid, k -> new FlushWaitSums(pid == OTHERS
                    ? "(other processes)" : p.comm()));
            w.n++;
            w.ns += Btt.delta(p.t(), t);
        }
        return issued;
    }

    /**
     * A process queued an empty preflush bio (fsync's request for a cache flush) at {@code t}. A device
     * that issues no flush (a write-through cache) completes it at once: such bios are never paired, the
     * oldest given up beyond {@link #MAX_FLUSHES_IN_FLIGHT}.
     */
    void preflushQueued(int pid, String comm, long t) {
        if (preflushes.size() >= MAX_FLUSHES_IN_FLIGHT) {
            preflushes.pollFirst();
        }
        preflushes.addLast(new Preflush(pid, comm, t));
    }

    /** This device's empty preflush bios each process waited on, into {@code out}. */
    void flushWaits(String device, List<BlockProcessTimes.FlushWait> out) {
        flushWaits.forEach((pid, w) -> out.add(new BlockProcessTimes.FlushWait(device, pid, w.comm, w.n,
                Btt.seconds(w.ns))));
    }

    private int followed(int pid) {
        int slot = pid & (CACHED - 1);
        if (cachedFollowed[slot] == pid && pid != Integer.MIN_VALUE) {
            return pid;
        }
        if (followed.contains(pid) || followed.size() < MAX_PROCESSES) {
            followed.add(pid);
            cachedFollowed[slot] = pid;
            return pid;
        }
        return OTHERS;
    }

    void results(String device, LogHistogram d2c, DispatchDepths depths, List<BlockProcessTimes.Entry> entries,
                 List<BlockProcessTimes.Flushes> flushOut, List<BlockProcessTimes.Baseline> baselines,
                 List<BlockProcessTimes.SliceEntry> slices, List<BlockProcessTimes.Writes> writes) {
        for (Sums s : sums.values()) {
            if (s.writeClasses != null && s.pid != OTHERS) {
                java.util.Map<String, Long> classes = new java.util.LinkedHashMap<>();
                for (int i = 0; i < WRITE_CLASSES; i++) {
                    classes.put(FileAlignment.CLASSES.get(i + 1), s.writeClasses[i]);
                }
                List<Evidence> examples = s.unalignedExamples == null ? List.of() : s.unalignedExamples.stream()
                        .map(e -> new Evidence(e.input(), e.line(), e.text())).toList();
                writes.add(new BlockProcessTimes.Writes(device, s.pid, s.comm, java.util.Arrays.stream(s.writeClasses).sum(),
                        s.writeBytes, s.minWrite, s.maxWrite, classes, examples));
            }
            entries.add(new BlockProcessTimes.Entry(device, s.pid, s.comm, s.direction, s.n, s.bytes,
                    Btt.seconds(s.q2c), Btt.seconds(s.d2c), Btt.seconds(s.scheduler), Btt.seconds(s.tag),
                    Btt.seconds(s.flush), Btt.seconds(s.preflushWait), s.merged, s.durableRequests, s.alone,
                    Btt.seconds(s.aloneD2c), s.turns, Btt.seconds(s.sinceLastCompletion), s.syncData));
        }
        if (flushes > 0) {
            flushOut.add(new BlockProcessTimes.Flushes(device, flushes, Btt.seconds(flushD2c), Btt.seconds(flushMax)));
        }
        if (d2c.total() > 0) {
            baselines.add(new BlockProcessTimes.Baseline(device, d2c.total(), Btt.seconds(d2c.percentile(5)),
                    Btt.seconds(d2c.percentile(50)), depths.levels()));
        }
        List<Sliced> ordered = new ArrayList<>(sliced.values());
        ordered.sort(java.util.Comparator.comparingInt(p -> p.pid));
        for (Sliced p : ordered) {
            for (int i = 0; i < p.d2c.slices(); i++) {
                if (p.d2c.count(i) > 0) {
                    slices.add(new BlockProcessTimes.SliceEntry(device, i, p.pid, p.comm, p.d2c.count(i),
                            Btt.seconds((long) p.d2c.total(i))));
                }
            }
        }
    }

    long sliceWidth() {
        return sliceWidth;
    }
}
