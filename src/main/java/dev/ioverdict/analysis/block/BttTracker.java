package dev.ioverdict.analysis.block;

import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.block.BlockAction;
import dev.ioverdict.model.block.BlockEvent;
import java.util.List;

/**
 * Follows block events the way btt 2.09 does (trace_*.c, devs.c, dip_rb.c, inlines.h) so its
 * figures come out identical, and tells a {@link RequestTracker} what it needs to follow more.
 * Memory holds what is in flight, never the trace. Events must arrive in time order, as blkparse
 * prints them.
 */
final class BttTracker {
    private final TimeGrid grid = new TimeGrid();
    /** Where the phase samples and histograms are written: a thread of their own (SampleWriter). */
    private final SampleWriter samples;
    private final DeviceTable devices;
    private final Found found = new Found();
    private final RequestTracker requests = new RequestTracker();
    /** btt's global last Q: one for all devices, dm and not (the All Devices Q2Q quirk). */
    private long lastQ = QueuedIo.UNSET;
    private final PhaseSamples allQ2q = new PhaseSamples();
    private final PhaseSamples allQ2qDm = new PhaseSamples();
    private long events;
    /** The time model's slices: one width for every device, doubled as the trace outgrows them. */
    private long sliceWidth = ProcessTimes.FIRST_SLICE_NS;
    /** Each completed request's phase times, for matching the application's calls to them I/O by I/O. */
    private final RequestLog log = new RequestLog();

    BttTracker() {
        this(new SampleWriter());
    }

    BttTracker(SampleWriter samples) {
        this.samples = samples;
        this.devices = new DeviceTable(grid, samples);
    }

    void accept(BlockEvent e) {
        events++;
        grid.see(e.timeNs());
        switch (e.action()) {
            case QUEUE -> queue(e);
            case REMAP -> remap(e);
            case GETRQ, SLEEPRQ, INSERT, BACKMERGE, FRONTMERGE -> stamp(e);
            case REQUEUE -> requeue(e);
            case ISSUE -> {
                if (emptyFlush(e)) {
                    flush(e, true);
                } else {
                    issue(e);
                }
            }
            case COMPLETE -> {
                if (emptyFlush(e)) {
                    flush(e, false);
                } else {
                    complete(e);
                }
            }
            default -> {
                // plugs, splits, bounces, messages: btt releases them untouched
            }
        }
    }

    long events() {
        return events;
    }

    /** A cache flush without data (RWBS F..., no sectors): btt ignores it, the time model counts its device time. */
    private static boolean emptyFlush(BlockEvent e) {
        String rwbs = e.rwbs();
        return e.sectors() == 0 && rwbs != null && !rwbs.isEmpty() && rwbs.charAt(0) == 'F';
    }

    private void flush(BlockEvent e, boolean issued) {
        BttDevice d = device(e.major(), e.minor());
        if (issued) {
            d.processTimes.flushIssued(e.timeNs());
        } else {
            long issuedAt = d.processTimes.flushCompleted(e.timeNs());
            if (issuedAt != QueuedIo.UNSET) {
                log.flushed(d.name, e, issuedAt, e.timeNs());
            }
        }
    }

    long sliceWidth() {
        return sliceWidth;
    }

    RequestLog log() {
        return log;
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
        return devices.get(major, minor);
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
            if (emptyFlush(e)) {
                // btt ignores it; the time model counts its wait for the cache flush as its process's
                device(e.major(), e.minor()).processTimes.preflushQueued(e.pid(), e.comm(), e.timeNs());
            }
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
        if (q != null) {
            requests.queued(d, q);
        }
    }

    private long q2q(long last, long t, BttDevice d, Phase phase, PhaseSamples all) {
        if (last != QueuedIo.UNSET) {
            long gap = t > last ? t - last : 1;
            if (d != null) {
                d.add(phase, gap);
            } else {
                samples.add(all, gap);
            }
        }
        return t;
    }

    private void remap(BlockEvent e) {
        BttDevice target = setup(e, true);
        BttDevice volume = devices.find(e.fromMajor(), e.fromMinor());
        if (volume != null) {
            volume.remapped = true;
        }
        QueuedIo q = volume == null ? null : volume.queued.find(e.fromSector());
        if (q != null) {
            q.device.add(q.device.remapper ? Phase.Q2Adm : Phase.Q2A, Btt.delta(q.qTime, e.timeNs()));
        }
        requests.remapped(target, e, q);
    }

    private QueuedIo findQueued(BlockEvent e) {
        if (!hasData(e)) {
            return null;
        }
        BttDevice d = setup(e, false);
        return d == null || !located(e) ? null : d.queued.find(e.sector());
    }

    /** A G, S, I or M: stamps the queued bio it finds with its time, and adds the phase that time ends. */
    private void stamp(BlockEvent e) {
        QueuedIo q = findQueued(e);
        if (q == null) {
            return;
        }
        long t = e.timeNs();
        switch (e.action()) {
            case GETRQ -> {
                q.gTime = t;
                q.g = e;
                q.device.add(Phase.Q2G, Btt.delta(q.qTime, t));
                addSince(q, Phase.S2G, q.sTime, t);
            }
            case SLEEPRQ -> {
                q.sTime = t;
                q.s = e;
            }
            case INSERT -> {
                q.iTime = t;
                q.i = e;
                addSince(q, Phase.G2I, q.gTime, t);
            }
            default -> {
                q.mTime = t;
                q.m = e;
                q.device.add(Phase.Q2M, Btt.delta(q.qTime, t));
            }
        }
    }

    /** The phase from {@code from} to {@code t}, when the bio saw the event that starts it. */
    private static void addSince(QueuedIo q, Phase p, long from, long t) {
        if (from != QueuedIo.UNSET) {
            q.device.add(p, Btt.delta(from, t));
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
                    d.schedulerWait(q, true, Btt.delta(q.iTime, t));
                } else if (q.mTime != QueuedIo.UNSET) {
                    d.schedulerWait(q, false, Btt.delta(q.mTime, t));
                }
                q.dTime = t;
                q.d = e;
            }
        }
        requests.issued(d != null ? d : device(e.major(), e.minor()), e);
    }

    /** 1 for a write (W anywhere in RWBS: WS, FWFS), 0 for a read (R, RA, RM), -1 for the rest (discard, flush only). */
    static int direction(String rwbs) {
        if (rwbs == null) {
            return -1;
        }
        if (rwbs.indexOf('W') >= 0) {
            return 1;
        }
        return rwbs.indexOf('R') >= 0 && rwbs.indexOf('D') < 0 ? 0 : -1;
    }

    private void complete(BlockEvent e) {
        if (!hasData(e)) {
            return;
        }
        long t = e.timeNs();
        BttDevice d = setup(e, false);
        BttDevice owner = d != null ? d : device(e.major(), e.minor());
        // the request this C completes, taken out of its device once: whether it had the device to itself goes
        // with the bios btt completes with it
        IssuedRequest issued = located(e) ? RequestTracker.take(owner, e.sector()) : null;
        QueuedIo lead = null;
        if (d != null && located(e)) {
            found.clear();
            d.queued.collectInside(e.sector(), e.sector() + e.sectors(), found);
            boolean alone = issued != null && d.requests.depths.servedAlone(issued);
            long ownTurn = issued == null ? -1 : d.requests.depths.sinceLastCompletion(issued, t);
            for (int k = 0; k < found.size; k++) {
                QueuedIo q = found.items[k];
                d.q2c(q, Btt.delta(q.qTime, t));
                if (q.dTime != QueuedIo.UNSET) {
                    d.d2c(q, Btt.delta(q.dTime, t));
                } else if (d.nDs == 0 && !d.remapped) {
                    // a bio-based device of its own (zram, a volume whose legs the trace does not hold): nothing
                    // dispatches, and its Q2C is the device's time; btt's figures above keep it a Q2C only
                    q.dTime = q.qTime;
                }
                d.processTimes.completed(q, t, grid.origin(), slice(t), alone, ownTurn);
                if (!d.remapper || q.dTime != QueuedIo.UNSET) {
                    log.completed(d.name, q, t);
                }
                d.queued.remove(q);
                if (lead == null || q.qTime < lead.qTime) {
                    lead = q;
                }
            }
        }
        d = owner;
        IssuedRequest r = requests.completed(d, e, lead, issued);
        if (lead == null && r != null) {
            // a request traced from its dispatch only (no Q: a leg under request-based dm, a trace of D and C)
            d.processTimes.issuedOnly(r.d, r.dTime, e.timeNs(), grid.origin(), slice(e.timeNs()));
            log.issuedOnly(d.name, r.d, r.dTime, e.timeNs());
        }
    }

    /** The slice width that holds {@code t} within {@link ProcessTimes#MAX_SLICES} slices of the origin. */
    private long slice(long t) {
        while (t - grid.origin() >= ProcessTimes.MAX_SLICES * sliceWidth) {
            sliceWidth *= 2;
        }
        return sliceWidth;
    }

    /** The devices, their samples all written: for the figures, once the events are in. */
    List<BttDevice> devices() {
        samples.finish();
        return devices.all();
    }

    PhaseSamples allQ2q() {
        samples.finish();
        return allQ2q;
    }

    PhaseSamples allQ2qDm() {
        samples.finish();
        return allQ2qDm;
    }

    TimeGrid grid() {
        return grid;
    }

    RequestTracker requests() {
        samples.finish();
        return requests;
    }
}
