package dev.ioverdict.analysis.config;

import dev.ioverdict.analysis.Analysis;
import dev.ioverdict.analysis.Results;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.block.BlockTrace;

/**
 * Leaves the case's {@link DeviceStacks} in the results: after the configuration (names, mounts,
 * backing files) and the block trace (its remaps) are known.
 */
public final class StackAnalysis implements Analysis {
    @Override
    public void finish(Facts facts, Results results) {
        StorageConfig config = results.get(StorageConfig.class).orElseGet(() -> StorageConfig.of(facts));
        results.put(DeviceStacks.class, DeviceStacks.of(facts, config, results.get(BlockTrace.class)));
    }
}
