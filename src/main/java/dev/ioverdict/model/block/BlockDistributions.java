package dev.ioverdict.model.block;

import java.util.List;

/** The per-I/O phase distributions of every device of a block trace (for comparisons and charts). */
public record BlockDistributions(List<PhaseDistribution> distributions) {
    public BlockDistributions {
        distributions = List.copyOf(distributions);
    }
}
