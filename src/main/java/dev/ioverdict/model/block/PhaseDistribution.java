package dev.ioverdict.model.block;

/**
 * Every sample of one btt phase on one device, as counts in 0.1 %-wide log bins ({@code upTo}:
 * each bin's highest value in seconds, ascending; {@code counts}: its samples). Constant memory
 * whatever the trace's length, and exact enough for rank tests and percentiles (not in report.json).
 * {@code direction}: "reads" or "writes" for the I/Os of one direction only, null for all of them.
 * {@code sumSeconds}: the exact sum of the samples (NaN when not kept), for an exact average.
 */
public record PhaseDistribution(String device, Phase phase, String direction, double[] upTo, long[] counts,
                                double sumSeconds) {
    public PhaseDistribution(String device, Phase phase, double[] upTo, long[] counts) {
        this(device, phase, null, upTo, counts, Double.NaN);
    }

    public PhaseDistribution(String device, Phase phase, String direction, double[] upTo, long[] counts) {
        this(device, phase, direction, upTo, counts, Double.NaN);
    }

    /** The exact average in seconds, null when the sum was not kept. */
    public Double avg() {
        long n = n();
        return n == 0 || Double.isNaN(sumSeconds) ? null : sumSeconds / n;
    }

    /**
     * The figures btt prints of a phase, from the distribution: n, the exact average where the sum was kept, and
     * min, max and percentiles to a bin's 0.1 %.
     */
    public PhaseStat stat() {
        long n = n();
        if (n == 0) {
            return PhaseStat.EMPTY;
        }
        double min = 0;
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] > 0) {
                min = upTo[i];
                break;
            }
        }
        return new PhaseStat(n, min, avg(), upTo[upTo.length - 1], percentile(50), percentile(95), percentile(99));
    }

    /** The highest value of the bin holding the sample at percentile p (0 < p <= 100), as LogHistogram gives it. */
    public double percentile(double p) {
        long n = n();
        long rank = Math.max(1, (long) Math.ceil(p / 100.0 * n));
        long seen = 0;
        for (int i = 0; i < counts.length; i++) {
            seen += counts[i];
            if (seen >= rank) {
                return upTo[i];
            }
        }
        return upTo.length == 0 ? 0 : upTo[upTo.length - 1];
    }

    /** Samples of a distribution above a bound: how many, and their sum in seconds. */
    public record Tail(long n, double seconds) {
        public static final Tail NONE = new Tail(0, 0);
    }

    /** The samples above {@code limit} seconds (each at its bin's highest value). */
    public Tail above(double limit) {
        long n = 0;
        double sum = 0;
        for (int i = 0; i < counts.length; i++) {
            if (upTo[i] > limit && counts[i] > 0) {
                n += counts[i];
                sum += counts[i] * upTo[i];
            }
        }
        return new Tail(n, sum);
    }

    public long n() {
        long n = 0;
        for (long c : counts) {
            n += c;
        }
        return n;
    }
}
