package dev.ioverdict.cli;

import dev.ioverdict.rules.RuleCatalogue;
import dev.ioverdict.rules.RuleConfig;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** --config FILE: threshold overrides, validated against the catalogue before any work is done. */
final class RuleConfigOption {
    @Option(names = "--config", paramLabel = "FILE",
            description = "Threshold overrides: lines 'rule-id.key = value' (or the same as JSON {\"rule-id\": {\"key\": value}}).")
    Path file;

    RuleConfig load() {
        if (file == null) {
            return RuleConfig.DEFAULTS;
        }
        try {
            RuleConfig c = RuleConfig.load(file);
            c.validate(RuleCatalogue.all());
            return c;
        } catch (RuleConfig.ConfigException e) {
            throw new UserError(ExitCodes.USAGE, e.getMessage());
        }
    }
}
