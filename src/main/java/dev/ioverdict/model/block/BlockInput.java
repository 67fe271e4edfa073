package dev.ioverdict.model.block;

/**
 * Announces which tool wrote the block events of one input ({@code blkparse} or
 * {@code perf-script}), so the block analysis can keep traces of different origin apart and say
 * where its figures come from. Inputs that announce nothing count as {@code perf-script}.
 */
public record BlockInput(String input, String source) implements BlockFact {
    public static final String BLKPARSE = "blkparse";
    public static final String PERF_SCRIPT = "perf-script";
}
