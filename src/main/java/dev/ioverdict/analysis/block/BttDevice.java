package dev.ioverdict.analysis.block;

import dev.ioverdict.analysis.LogHistogram;
import dev.ioverdict.model.block.Phase;

/**
 * One device as btt sees it ({@code struct d_info}): pre-culling, the tree of queued bios, the
 * last Q, #Q and #D, the phase samples; plus what ioverdict follows there beyond btt.
 */
final class BttDevice {
    final int major;
    final int minor;
    final String name;
    final boolean remapper;
    boolean preCulling = true;
    final QueueTree queued = new QueueTree();
    long lastQ = QueuedIo.UNSET;
    long nQs;
    long nDs;
    private final PhaseSamples[] phases = new PhaseSamples[Phase.values().length];
    /**
     * Q2C and D2C of reads and of writes apart: a change that helps reads and hurts writes must
     * not average away in a comparison. [0] reads, [1] writes.
     */
    final LogHistogram[] q2cByDirection = new LogHistogram[2];
    final LogHistogram[] d2cByDirection = new LogHistogram[2];

    static void record(LogHistogram[] byDirection, int direction, long ns) {
        if (byDirection[direction] == null) {
            byDirection[direction] = new LogHistogram();
        }
        byDirection[direction].record(ns);
    }
    final DeviceRequests requests;
    final SchedulerWaits scheduler = new SchedulerWaits();
    /** Block time per process, direction and slice: the time model's block side. */
    final ProcessTimes processTimes = new ProcessTimes();

    BttDevice(int major, int minor, TimeGrid grid) {
        this.major = major;
        this.minor = minor;
        this.name = major + "," + minor;
        this.remapper = Btt.remapper(major);
        this.requests = new DeviceRequests(grid);
    }

    void add(Phase phase, long ns) {
        PhaseSamples s = phases[phase.ordinal()];
        if (s == null) {
            s = new PhaseSamples();
            phases[phase.ordinal()] = s;
        }
        s.add(ns);
    }

    /** The samples of {@code phase}, or null when there are none. */
    PhaseSamples samples(Phase phase) {
        return phases[phase.ordinal()];
    }

    long n(Phase phase) {
        PhaseSamples s = phases[phase.ordinal()];
        return s == null ? 0 : s.n;
    }

    long total(Phase phase) {
        PhaseSamples s = phases[phase.ordinal()];
        return s == null ? 0 : s.total;
    }
}
