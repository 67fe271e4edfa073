package dev.ioverdict.analysis.config;

import dev.ioverdict.analysis.Analysis;
import dev.ioverdict.analysis.Dataflow;
import dev.ioverdict.analysis.Results;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.config.ConfigSection;

/**
 * Merges the configuration inputs into the report's config section and leaves a
 * {@link StorageConfig} in the results for rules (device names, major:minor, path to filesystem,
 * queue settings). The section is left out when the bundle holds no configuration input.
 */
public final class ConfigAnalysis implements Analysis {
    @Override
    public Dataflow dataflow() {
        return Dataflow.writes(StorageConfig.class, ConfigSection.class);
    }

    @Override
    public void finish(Facts facts, Results results) {
        StorageConfig config = StorageConfig.of(facts);
        results.put(StorageConfig.class, config);
        if (!config.isEmpty()) {
            results.put(ConfigSection.class, new ConfigSection(config.filesystems(), config.schedulers(),
                    config.devices()));
        }
    }
}
