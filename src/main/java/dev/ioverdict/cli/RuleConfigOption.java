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

    /** The configuration's content, for a batch's resume hash: the same text, the same thresholds. */
    String fingerprint() {
        if (file == null) {
            return "(defaults)";
        }
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                    .digest(java.nio.file.Files.readAllBytes(file)));
        } catch (java.io.IOException | java.security.NoSuchAlgorithmException e) {
            return "(unreadable " + file + ")";
        }
    }

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
