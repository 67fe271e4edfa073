package dev.ioverdict.analysis.config;

import dev.ioverdict.analysis.Analysis;
import dev.ioverdict.analysis.Dataflow;
import dev.ioverdict.analysis.Results;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.block.BlockTrace;
import dev.ioverdict.model.config.ConfigSection;

/**
 * Leaves the case's {@link DeviceStacks} in the results: after the configuration (names, mounts,
 * backing files) and the block trace (its remaps) are known; the report's config section lists them.
 */
public final class StackAnalysis implements Analysis {
    /** Adds the stacks to the config section it reads. */
    @Override
    public Dataflow dataflow() {
        return Dataflow.writes(DeviceStacks.class, ConfigSection.class)
                .reading(StorageConfig.class, BlockTrace.class, ConfigSection.class);
    }

    @Override
    public void finish(Facts facts, Results results) {
        StorageConfig config = results.get(StorageConfig.class).orElseGet(() -> StorageConfig.of(facts));
        DeviceStacks stacks = DeviceStacks.of(facts, config, results.get(BlockTrace.class));
        results.put(DeviceStacks.class, stacks);
        // the report lists them beside the devices, when it lists the devices
        results.get(ConfigSection.class).filter(c -> !stacks.links().isEmpty())
                .ifPresent(c -> results.put(ConfigSection.class, c.withStacks(stacks.links())));
    }
}
