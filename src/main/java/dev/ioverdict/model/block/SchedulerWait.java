package dev.ioverdict.model.block;

/**
 * Time bios of one class spent in the I/O scheduler on one device: from insertion (I2D) or from
 * being merged into a waiting request (M2D) until dispatch, per direction ({@code kind}
 * "direction": reads, writes, other) and per process ({@code kind} "process": its command name).
 * An average over all I/O can look fine while one class waits behind another: this is where it
 * shows.
 */
public record SchedulerWait(String device, String kind, String label, PhaseStat time) {
}
