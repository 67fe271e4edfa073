package dev.ioverdict.model.block;

/**
 * Every sample of one btt phase on one device, as counts in 0.1 %-wide log bins ({@code upTo}:
 * each bin's highest value in seconds, ascending; {@code counts}: its samples). Constant memory
 * whatever the trace's length, and exact enough for rank tests and percentiles (not in report.json).
 * {@code direction}: "reads" or "writes" for the I/Os of one direction only, null for all of them.
 */
public record PhaseDistribution(String device, Phase phase, String direction, double[] upTo, long[] counts) {
    public PhaseDistribution(String device, Phase phase, double[] upTo, long[] counts) {
        this(device, phase, null, upTo, counts);
    }

    public long n() {
        long n = 0;
        for (long c : counts) {
            n += c;
        }
        return n;
    }
}
