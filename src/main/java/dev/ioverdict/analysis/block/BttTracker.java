package dev.ioverdict.analysis.block;

import dev.ioverdict.model.block.BlockAction;
import dev.ioverdict.model.block.BlockEvent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Follows block events the way btt 2.09 does (trace_*.c, devs.c, dip_rb.c, inlines.h) so its
 * figures come out identical, and beside that follows each request from D to C, remaps from
 * volume to leg, and the slowest I/Os. Memory holds what is in flight, never the trace.
 * Events must arrive in time order, as blkparse prints them.
 */
final class BttTracker {
    private final Map<Integer, BttDevice> devices = new LinkedHashMap<>();
    private final Found found = new Found();
    /** Devices by dev_t, scanned linearly: a trace has a handful, and this is looked up per event. */
    private BttDevice[] table = new BttDevice[8];
    private int tableSize;
    private final TimeGrid grid = new TimeGrid();
    private final LongMap<long[]> remapCounts = new LongMap<>();
    private final List<Long> remapOrder = new ArrayList<>();
    private final SlowestIos slowest = new SlowestIos();
    /** btt's global last Q: one for all devices, dm and not (the All Devices Q2Q quirk). */
    private long lastQ = QueuedIo.UNSET;
    private final PhaseSamples allQ2q = new PhaseSamples();
    private final PhaseSamples allQ2qDm = new PhaseSamples();
    private BttDevice lastDevice;
    private long events;

    void accept(BlockEvent e) {
        events++;
        grid.see(e.timeNs());
        switch (e.action()) {
            case QUEUE -> queue(e);
            case REMAP -> remap(e);
            case GETRQ -> getrq(e);
            case SLEEPRQ -> sleeprq(e);
            case INSERT -> insert(e);
            case BACKMERGE, FRONTMERGE -> merge(e);
            case REQUEUE -> requeue(e);
            case ISSUE -> issue(e);
            case COMPLETE -> complete(e);
            default -> {
                // plugs, splits, bounces, messages: btt releases them untouched
            }
        }
    }

    long events() {
        return events;
    }

    /**
     * btt's test for a request with data ({@code t.bytes != 0}): empty flushes are ignored. Text
     * shows no "+ n" below one sector, so a line without it still moved data when its RWBS names
     * a read, write or discard that is not a preflush (blkparse prints N for a read without data).
     * Passthrough requests, which btt drops, print a byte count and no sector (C and R: nothing).
     */
    static boolean hasData(BlockEvent e) {
        if (e.sectors() > 0) {
            return true;
        }
        if (passthrough(e)) {
            return false;
        }
        String rwbs = e.rwbs();
        if (rwbs.isEmpty()) {
            return false;
        }
        char op = rwbs.charAt(0);
        return op == 'R' || op == 'W' || op == 'D';
    }

    private static boolean passthrough(BlockEvent e) {
        return e.sector() == -1
                && (e.bytes() > 0 || e.action() == BlockAction.COMPLETE || e.action() == BlockAction.REQUEUE);
    }

    /** Whether the line says where: a sub-sector request queued or issued prints no sector. */
    private static boolean located(BlockEvent e) {
        return e.sector() != -1;
    }

    private BttDevice device(int major, int minor) {
        BttDevice d = lastDevice;
        if (d != null && d.major == major && d.minor == minor) {
            return d;
        }
        d = existing(major, minor);
        if (d == null) {
            d = new BttDevice(major, minor, grid);
            devices.put((major << 20) | minor, d);
            if (tableSize == table.length) {
                table = java.util.Arrays.copyOf(table, tableSize * 2);
            }
            table[tableSize++] = d;
        }
        lastDevice = d;
        return d;
    }

    private BttDevice existing(int major, int minor) {
        if (tableSize <= 32) {
            for (int i = 0; i < tableSize; i++) {
                BttDevice d = table[i];
                if (d.major == major && d.minor == minor) {
                    return d;
                }
            }
            return null;
        }
        return devices.get((major << 20) | minor);
    }

    /** btt's dip_alloc + pre-culling: null while the device has seen neither Q nor A. */
    private BttDevice setup(BlockEvent e, boolean queueOrRemap) {
        BttDevice d = device(e.major(), e.minor());
        if (d.preCulling) {
            if (!queueOrRemap) {
                return null;
            }
            d.preCulling = false;
        }
        return d;
    }

    private void queue(BlockEvent e) {
        if (!hasData(e)) {
            return;
        }
        BttDevice d = setup(e, true);
        QueuedIo q = null;
        if (located(e)) {
            q = new QueuedIo(d, e, e.sector(), e.sector() + e.sectors());
            d.queued.insert(q);
        }
        long t = e.timeNs();
        if (d.remapper) {
            d.lastQ = q2q(d.lastQ, t, d, Phase.Q2Qdm, null);
            lastQ = q2q(lastQ, t, null, null, allQ2qDm);
        } else {
            d.lastQ = q2q(d.lastQ, t, d, Phase.Q2Q, null);
            lastQ = q2q(lastQ, t, null, null, allQ2q);
        }
        d.nQs++;
        RemapLink link = q == null || d.pendingRemaps.size() == 0 ? null : d.pendingRemaps.remove(q.start);
        if (link != null) {
            q.remap = link.remap();
            q.origin = link.origin() != null && link.origin().inTree ? link.origin() : null;
        }
    }

    private static long q2q(long last, long t, BttDevice d, Phase phase, PhaseSamples all) {
        if (last != QueuedIo.UNSET) {
            long gap = t > last ? t - last : 1;
            if (d != null) {
                d.add(phase, gap);
            } else {
                all.add(gap);
            }
        }
        return t;
    }

    private void remap(BlockEvent e) {
        BttDevice target = setup(e, true);
        BttDevice volume = existing(e.fromMajor(), e.fromMinor());
        QueuedIo q = volume == null ? null : volume.queued.find(e.fromSector());
        if (q != null) {
            q.device.add(q.device.remapper ? Phase.Q2Adm : Phase.Q2A, Btt.delta(q.qTime, e.timeNs()));
        }
        long from = (e.fromMajor() << 20) | e.fromMinor();
        long pair = (from << 32) | (((e.major() << 20) | e.minor()) & 0xffffffffL);
        long[] n = remapCounts.get(pair);
        if (n == null) {
            n = new long[1];
            remapCounts.put(pair, n);
            remapOrder.add(pair);
        }
        n[0]++;
        target.announceRemap(e.sector(), new RemapLink(e, q));
    }

    private QueuedIo findQueued(BlockEvent e) {
        if (!hasData(e)) {
            return null;
        }
        BttDevice d = setup(e, false);
        return d == null || !located(e) ? null : d.queued.find(e.sector());
    }

    private void getrq(BlockEvent e) {
        QueuedIo q = findQueued(e);
        if (q != null) {
            long t = e.timeNs();
            q.gTime = t;
            q.g = e;
            q.device.add(Phase.Q2G, Btt.delta(q.qTime, t));
            if (q.sTime != QueuedIo.UNSET) {
                q.device.add(Phase.S2G, Btt.delta(q.sTime, t));
            }
        }
    }

    private void sleeprq(BlockEvent e) {
        QueuedIo q = findQueued(e);
        if (q != null) {
            q.sTime = e.timeNs();
            q.s = e;
        }
    }

    private void insert(BlockEvent e) {
        QueuedIo q = findQueued(e);
        if (q != null) {
            long t = e.timeNs();
            q.iTime = t;
            q.i = e;
            if (q.gTime != QueuedIo.UNSET) {
                q.device.add(Phase.G2I, Btt.delta(q.gTime, t));
            }
        }
    }

    private void merge(BlockEvent e) {
        QueuedIo q = findQueued(e);
        if (q != null) {
            long t = e.timeNs();
            q.mTime = t;
            q.m = e;
            q.device.add(Phase.Q2M, Btt.delta(q.qTime, t));
        }
    }

    private void requeue(BlockEvent e) {
        if (passthrough(e)) {
            return;
        }
        BttDevice d = setup(e, false);
        if (d != null) {
            d.nQs++;
        }
    }

    private void issue(BlockEvent e) {
        if (!hasData(e)) {
            return;
        }
        long t = e.timeNs();
        BttDevice d = setup(e, false);
        if (d != null) {
            d.nDs++;
        }
        if (!located(e)) {
            return;
        }
        if (d != null) {
            found.clear();
            d.queued.collectInside(e.sector(), e.sector() + e.sectors(), found);
            for (int k = 0; k < found.size; k++) {
                QueuedIo q = found.items[k];
                if (q.iTime != QueuedIo.UNSET) {
                    d.add(Phase.I2D, Btt.delta(q.iTime, t));
                } else if (q.mTime != QueuedIo.UNSET) {
                    d.add(Phase.M2D, Btt.delta(q.mTime, t));
                }
                q.dTime = t;
                q.d = e;
            }
        }
        issued(d != null ? d : device(e.major(), e.minor()), e);
    }

    /** Beyond btt: the request as such, D to C, whether or not btt follows the device yet. */
    private void issued(BttDevice d, BlockEvent e) {
        IssuedRequest r = d.issued.get(e.sector());
        if (r == null) {
            r = new IssuedRequest(e);
            d.issued.put(e.sector(), r);
            if (d.pendingRemaps.size() > 0) {
                RemapLink link = d.pendingRemaps.remove(e.sector());
                if (link != null) {
                    r.remap = link.remap();
                    r.origin = link.origin() != null && link.origin().inTree ? link.origin() : null;
                }
            }
            d.timeline.inFlight(e.timeNs(), d.issued.size());
        } else {
            // issued again after a requeue: D2C counts from the last D, as btt's does
            r.d = e;
            r.dTime = e.timeNs();
        }
    }

    private void complete(BlockEvent e) {
        if (!hasData(e)) {
            return;
        }
        long t = e.timeNs();
        BttDevice d = setup(e, false);
        QueuedIo lead = null;
        if (d != null && located(e)) {
            found.clear();
            d.queued.collectInside(e.sector(), e.sector() + e.sectors(), found);
            for (int k = 0; k < found.size; k++) {
                QueuedIo q = found.items[k];
                long q2c = Btt.delta(q.qTime, t);
                d.add(d.remapper ? Phase.Q2Cdm : Phase.Q2C, q2c);
                if (q.dTime != QueuedIo.UNSET) {
                    d.add(Phase.D2C, Btt.delta(q.dTime, t));
                }
                d.queued.remove(q);
                if (lead == null || q.qTime < lead.qTime) {
                    lead = q;
                }
            }
        } else if (d == null) {
            d = device(e.major(), e.minor());
        }
        IssuedRequest r = d.issued.size() == 0 || !located(e) ? null : d.issued.remove(e.sector());
        d.timeline.completed(t, e.sectors() * 512L);
        if (r != null) {
            long d2c = Btt.delta(r.dTime, t);
            d.requestD2c.record(d2c);
            d.timeline.d2c(t, d2c);
            d.timeline.inFlight(t, d.issued.size());
            d.d2cPoints.add(t, d2c);
        }
        if (lead != null || r != null) {
            finished(d, lead, r, e);
        }
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
    }

    List<BttDevice> devices() {
        return List.copyOf(devices.values());
    }

    PhaseSamples allQ2q() {
        return allQ2q;
    }

    PhaseSamples allQ2qDm() {
        return allQ2qDm;
    }

    TimeGrid grid() {
        return grid;
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
