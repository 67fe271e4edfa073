package dev.ioverdict.cli;

import dev.ioverdict.rules.RuleCatalogue;
import dev.ioverdict.rules.RuleConfig;
import dev.ioverdict.report.ReportFormat;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * What every command that writes reports takes: the formats (--format) and the thresholds (--config
 * FILE, validated against the catalogue before any work is done).
 */
final class ReportingOptions {
    @Option(names = "--format", split = ",", paramLabel = "FMT", defaultValue = "html,pdf,json",
            converter = Converters.Format.class, completionCandidates = Converters.Formats.class,
            description = "Any of ${COMPLETION-CANDIDATES}, comma-separated (default: ${DEFAULT-VALUE}).")
    List<ReportFormat> formats;

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
