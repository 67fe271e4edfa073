package dev.ioverdict.analysis.block;

import dev.ioverdict.analysis.LogHistogram;

/**
 * What ioverdict follows on one device beyond btt: the requests issued and not yet completed,
 * the remaps announced for it and not yet taken up, its timeline, and its per-request D2C
 * (distribution and a sample of points).
 */
final class DeviceRequests {
    /** More announced remaps than this waiting means their bios never came; forget them. */
    private static final int MAX_PENDING_REMAPS = 1 << 16;

    /**
     * Room for a deep queue from the start: a table that grows in the middle of a trace, past
     * the JIT's compiling of the tracker, throws that code away (a branch it had never seen taken).
     */
    final LongMap<IssuedRequest> issued = new LongMap<>(1024);
    final LongMap<RemapLink> pendingRemaps = new LongMap<>();
    final ActivityTimeline timeline;
    final PointSample d2cPoints = new PointSample();
    final LogHistogram d2c = new LogHistogram();
    final DispatchDepths depths = new DispatchDepths();

    DeviceRequests(TimeGrid grid) {
        this.timeline = new ActivityTimeline(grid);
    }

    void announceRemap(long sector, RemapLink link) {
        if (pendingRemaps.size() >= MAX_PENDING_REMAPS) {
            pendingRemaps.clear();
        }
        pendingRemaps.put(sector, link);
    }

    /** The remap announced for {@code sector}, taken up now, or null. */
    RemapLink takeRemap(long sector) {
        return pendingRemaps.size() == 0 ? null : pendingRemaps.remove(sector);
    }
}
