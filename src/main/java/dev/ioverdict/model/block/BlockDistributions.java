package dev.ioverdict.model.block;

import java.util.List;

/**
 * The per-I/O phase distributions of every device of a block trace (for comparisons and charts).
 * {@code requestD2c}: each device's D2C counted once per request (each D..C pair), beside btt's D2C,
 * which counts the Qs inside their request: a bio split after it was queued (larger than the
 * queue's max_sectors_kb) lies inside no request, and btt's D2C leaves it out.
 */
public record BlockDistributions(List<PhaseDistribution> distributions, List<PhaseDistribution> requestD2c) {
    public BlockDistributions {
        distributions = List.copyOf(distributions);
        requestD2c = List.copyOf(requestD2c);
    }

    public BlockDistributions(List<PhaseDistribution> distributions) {
        this(distributions, List.of());
    }
}
