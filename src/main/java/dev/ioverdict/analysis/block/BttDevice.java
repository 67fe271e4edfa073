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
    /** Whether the trace holds this volume's bios remapped onto a device below it (its legs, traced too). */
    boolean remapped;
    private final PhaseSamples[] phases = new PhaseSamples[Phase.values().length];
    /**
     * I2D, M2D, Q2C (Q2Cdm on a remapper) and D2C by class of bio ({@link #cls}): each sample is
     * written once, and the device's phase, its reads and writes apart (a change that helps reads
     * and hurts writes must not average away in a comparison) and the scheduler's classes are
     * merged from these cells when asked. Counts, sums, extremes and histogram bins add up, so the
     * merge is the very figure a sample written to each would give; a bio costs four histogram
     * writes fewer.
     */
    private final PhaseSamples[] i2d = new PhaseSamples[CLASSES];
    private final PhaseSamples[] m2d = new PhaseSamples[CLASSES];
    private final PhaseSamples[] q2c = new PhaseSamples[CLASSES];
    private final PhaseSamples[] d2c = new PhaseSamples[CLASSES];
    static final int CLASSES = 9;

    /**
     * The cell of a bio of {@link BttTracker#direction} {@code direction} (-1, 0, 1) and
     * {@link SchedulerWaits#direction} {@code scheduler} (0, 1, 2): the two read RWBS apart only
     * for letters blkparse never prints, so three cells are used in practice.
     */
    static int cls(int direction, int scheduler) {
        return scheduler * 3 + direction + 1;
    }

    private static int direction(int cls) {
        return cls % 3 - 1;
    }

    private static int scheduler(int cls) {
        return cls / 3;
    }

    final DeviceRequests requests;
    final SchedulerWaits scheduler;
    /** Where every sample of this device is written (the tracker's, shared by its devices). */
    final SampleWriter samples;
    /** Block time per process, direction and slice: the time model's block side. */
    final ProcessTimes processTimes = new ProcessTimes();

    BttDevice(int major, int minor, TimeGrid grid, SampleWriter samples) {
        this.samples = samples;
        this.scheduler = new SchedulerWaits(samples);
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
        samples.add(s, ns);
    }

    /** A bio's wait in the scheduler: I2D when it was inserted ({@code inserted}), else M2D. */
    void schedulerWait(QueuedIo q, boolean inserted, long ns) {
        add(inserted ? i2d : m2d, q.cls, ns);
        scheduler.add(q, ns);
    }

    /** A bio's Q2C (Q2Cdm on a remapper). */
    void q2c(QueuedIo q, long ns) {
        add(q2c, q.cls, ns);
        scheduler.completed(q, ns);
    }

    void d2c(QueuedIo q, long ns) {
        add(d2c, q.cls, ns);
    }

    private void add(PhaseSamples[] cells, int cls, long ns) {
        PhaseSamples s = cells[cls];
        if (s == null) {
            s = new PhaseSamples();
            cells[cls] = s;
        }
        samples.add(s, ns);
    }

    /** The samples of {@code phase}, or null when there are none. */
    PhaseSamples samples(Phase phase) {
        return switch (phase) {
            case I2D -> merged(i2d, null, -2, -1);
            case M2D -> merged(m2d, null, -2, -1);
            case D2C -> merged(d2c, null, -2, -1);
            case Q2C -> remapper ? null : merged(q2c, null, -2, -1);
            case Q2Cdm -> remapper ? merged(q2c, null, -2, -1) : null;
            default -> phases[phase.ordinal()];
        };
    }

    /** Q2C (Q2Cdm) of the reads ([0]) or the writes ([1]), or null when there were none. */
    LogHistogram q2cByDirection(int direction) {
        PhaseSamples s = merged(q2c, null, direction, -1);
        return s == null ? null : s.histogram();
    }

    LogHistogram d2cByDirection(int direction) {
        PhaseSamples s = merged(d2c, null, direction, -1);
        return s == null ? null : s.histogram();
    }

    /** The scheduler's wait (I2D and M2D) of one of its classes (SchedulerWaits#direction), or null. */
    PhaseSamples schedulerWait(int schedulerClass) {
        return merged(i2d, m2d, -2, schedulerClass);
    }

    /** The Q2C of one of the scheduler's classes, or null. */
    PhaseSamples schedulerQ2c(int schedulerClass) {
        return merged(q2c, null, -2, schedulerClass);
    }

    /**
     * The cells of {@code a} (and {@code b}) with samples, of that direction (-2: any) and
     * scheduler class (-1: any), merged into new samples; null when none has any.
     */
    private static PhaseSamples merged(PhaseSamples[] a, PhaseSamples[] b, int direction, int schedulerClass) {
        PhaseSamples out = null;
        for (int c = 0; c < CLASSES; c++) {
            if ((direction != -2 && direction(c) != direction)
                    || (schedulerClass != -1 && scheduler(c) != schedulerClass)) {
                continue;
            }
            for (PhaseSamples[] cells : b == null ? new PhaseSamples[][] {a} : new PhaseSamples[][] {a, b}) {
                PhaseSamples s = cells[c];
                if (s != null && s.n > 0) {
                    if (out == null) {
                        out = new PhaseSamples();
                    }
                    out.merge(s);
                }
            }
        }
        return out;
    }

    long n(Phase phase) {
        PhaseSamples s = samples(phase);
        return s == null ? 0 : s.n;
    }

    long total(Phase phase) {
        PhaseSamples s = samples(phase);
        return s == null ? 0 : s.total;
    }
}
