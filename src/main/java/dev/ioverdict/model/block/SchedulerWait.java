package dev.ioverdict.model.block;

import dev.ioverdict.model.Invariants;

/**
 * Time bios of one class spent in the I/O scheduler on one device: from insertion (I2D) or from
 * being merged into a waiting request (M2D) until dispatch, per direction ({@code kind}
 * "direction": reads, writes, other) and per process ({@code kind} "process": its command name).
 * An average over all I/O can look fine while one class waits behind another: this is where it
 * shows. {@code q2c}: the same bios' queue-to-complete time, the whole the wait is a share of
 * (null where not known).
 */
public record SchedulerWait(String device, String kind, String label, PhaseStat time, PhaseStat q2c) {
    public SchedulerWait(String device, String kind, String label, PhaseStat time) {
        this(device, kind, label, time, null);
    }

    /** The scheduler wait as a share of the class's Q2C, percent; null where Q2C is not known or is the smaller. */
    public Double sharePct() {
        if (q2c == null || q2c.avg() == null || q2c.avg() == 0 || time.avg() == null || q2c.n() == 0) {
            return null;
        }
        return Invariants.sharePct(time.avg() * time.n(), q2c.avg() * q2c.n());
    }
}
