package dev.ioverdict.model.block;

/**
 * One I/O as btt -p dumps it: the request queued at {@code sector}+{@code sectors} on
 * {@code device} ("66,0"), and the times (seconds, the trace's clock) of each step btt saw for it:
 * Q, G (get request), I (insert), M (merged into another request), D (issued) and C (completed),
 * NaN for a step it did not see. D and C are those of the request the I/O went out in, whose start
 * and size are {@code issuedSector}+{@code issuedSectors} (-1 and 0 when it was never issued).
 * {@code line}..{@code lastLine} are the dump's lines for it.
 */
public record TrackedIo(String input, long line, long lastLine, String text, String device, long sector, int sectors,
                        double q, double g, double i, double m, double d, double c, long issuedSector,
                        int issuedSectors) implements BlockFact {
    /** Queue to completion, NaN when either is missing. */
    public double q2c() {
        return c - q;
    }

    /** Issue to completion (the device's time), NaN when either is missing. */
    public double d2c() {
        return c - d;
    }
}
