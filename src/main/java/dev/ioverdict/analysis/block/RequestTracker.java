package dev.ioverdict.analysis.block;

import dev.ioverdict.model.block.BlockEvent;
import dev.ioverdict.model.block.BlockIo;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What ioverdict follows beyond btt, told by {@link BttTracker} as events pass: each request
 * from D to C (also where btt follows nothing yet, e.g. legs without Q), which volume I/O a remap
 * sent to which leg, per-device activity, and the slowest I/Os end to end.
 */
final class RequestTracker {
    private final LongMap<long[]> remapCounts = new LongMap<>();
    private final List<Long> remapOrder = new ArrayList<>();
    private final SlowestIos slowest = new SlowestIos();
    /** Processes followed one by one for the per-I/O view of the application's waits; beyond, none. */
    private static final int MAX_PROCESSES = 64;
    private final Map<Integer, SlowestIos> slowestByProcess = new HashMap<>();
    /** In front of {@link #slowestByProcess}, by the pid's low bits: a boxed lookup per completion showed in profiles. */
    private final int[] cachedPid = new int[256];
    private final SlowestIos[] cachedSlowest = new SlowestIos[256];

    /** A bio was queued on {@code d}: if a remap announced it, it serves that volume I/O. */
    void queued(BttDevice d, QueuedIo q) {
        RemapLink link = d.requests.takeRemap(q.start);
        if (link != null) {
            q.remap = link.remap();
            q.origin = inFlight(link.origin());
        }
    }

    /** A remap (A) onto {@code target}; {@code volumeIo} is the volume's bio btt found for it, or null. */
    void remapped(BttDevice target, BlockEvent a, QueuedIo volumeIo) {
        long from = (a.fromMajor() << 20) | a.fromMinor();
        long pair = (from << 32) | (((a.major() << 20) | a.minor()) & 0xffffffffL);
        long[] n = remapCounts.get(pair);
        if (n == null) {
            n = new long[1];
            remapCounts.put(pair, n);
            remapOrder.add(pair);
        }
        n[0]++;
        target.requests.announceRemap(a.sector(), new RemapLink(a, volumeIo));
    }

    void issued(BttDevice d, BlockEvent e) {
        DeviceRequests dr = d.requests;
        IssuedRequest r = dr.issued.get(e.sector());
        if (r == null) {
            r = new IssuedRequest(e);
            r.othersInDevice = dr.issued.size();
            r.unseenCompletedBefore = dr.depths.unseenCompleted();
            r.dispatchNumber = dr.depths.dispatched();
            dr.issued.put(e.sector(), r);
            RemapLink link = dr.takeRemap(e.sector());
            if (link != null) {
                r.remap = link.remap();
                r.origin = inFlight(link.origin());
            }
            dr.timeline.inFlight(e.timeNs(), dr.issued.size());
        } else {
            // issued again after a requeue: D2C counts from the last D, as btt's does
            r.d = e;
            r.dTime = e.timeNs();
            r.dispatchNumber = dr.depths.dispatched();
        }
    }

    /** The request issued at {@code sector} on {@code d}, taken out of the requests in flight as a C completes it; or null. */
    static IssuedRequest take(BttDevice d, long sector) {
        return d.requests.issued.size() == 0 ? null : d.requests.issued.remove(sector);
    }

    /**
     * A C on {@code d}, completing {@code r} ({@link #take}; null where its D was not seen or the C says no sector);
     * {@code lead} is the earliest-queued bio btt completed with it. Returns {@code r}.
     */
    IssuedRequest completed(BttDevice d, BlockEvent c, QueuedIo lead, IssuedRequest r) {
        DeviceRequests dr = d.requests;
        long t = c.timeNs();
        dr.timeline.completed(t, c.sectors() * 512L);
        if (r != null) {
            long d2c = Btt.delta(r.dTime, t);
            d.samples.record(dr.d2c, d2c);
            dr.timeline.d2c(t, d2c);
            dr.timeline.inFlight(t, dr.issued.size());
            dr.d2cPoints.add(t, d2c);
            dr.depths.completed(r, d2c);
        } else {
            dr.depths.completedUnseen();
        }
        dr.depths.completedAt(t);
        if (lead != null || r != null) {
            finished(d, lead, r, c);
        }
        return r;
    }

    /** A completed I/O either waits on its volume's bio (remapped) or competes for the slowest. */
    private void finished(BttDevice d, QueuedIo lead, IssuedRequest r, BlockEvent c) {
        QueuedIo origin = lead != null ? lead.origin : null;
        if (origin == null && r != null) {
            origin = r.origin;
        }
        if (origin != null && origin.inTree) {
            origin.below = new Completion(d, lead, r, c);
            return;
        }
        long latency = lead != null ? Btt.delta(lead.qTime, c.timeNs()) : Btt.delta(r.dTime, c.timeNs());
        if (slowest.wouldKeep(latency)) {
            slowest.offer(new Completion(d, lead, r, c), latency);
        } else {
            slowest.skip();
        }
        BlockEvent first = lead != null ? lead.q : r != null ? r.d : null;
        if (first != null && first.pid() > 0) {
            SlowestIos mine = ofProcess(first.pid());
            if (mine != null && mine.wouldKeep(latency)) {
                mine.offer(new Completion(d, lead, r, c), latency);
            } else if (mine != null) {
                mine.skip();
            }
        }
    }

    /** The slowest I/Os followed for {@code pid}, or null when the pid came after the limit. */
    private SlowestIos ofProcess(int pid) {
        int slot = pid & (cachedPid.length - 1);
        if (cachedPid[slot] == pid && cachedSlowest[slot] != null) {
            return cachedSlowest[slot];
        }
        SlowestIos mine = slowestByProcess.get(pid);
        if (mine == null && slowestByProcess.size() < MAX_PROCESSES) {
            mine = new SlowestIos(SlowestIos.KEEP_PER_PROCESS);
            slowestByProcess.put(pid, mine);
        }
        if (mine != null) {
            cachedPid[slot] = pid;
            cachedSlowest[slot] = mine;
        }
        return mine;
    }

    /** The slowest I/Os of each process followed, by pid order. */
    List<BlockIo> slowestByProcess() {
        return slowestByProcess.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .flatMap(e -> e.getValue().slowest().stream()).toList();
    }

    private static QueuedIo inFlight(QueuedIo q) {
        return q != null && q.inTree ? q : null;
    }

    SlowestIos slowest() {
        return slowest;
    }

    /** Remapped I/O counts per (volume, target) pair, as dev_t pairs in the order first seen. */
    Map<Long, long[]> remaps() {
        Map<Long, long[]> out = new LinkedHashMap<>();
        for (long pair : remapOrder) {
            out.put(pair, remapCounts.get(pair));
        }
        return out;
    }
}
