package dev.ioverdict.model;

import java.util.List;

/**
 * One file of the bundle as the report's inventory shows it. {@code firstTime}/{@code lastTime}
 * are the time span of its records in the format's own clock (seconds), or null.
 */
public record InputSummary(String path, String format, String detectedBecause, long lines, long records,
                           long skipped, Double firstTime, Double lastTime, List<Diagnostic> warnings,
                           long warningsNotListed) {
    public InputSummary {
        warnings = List.copyOf(warnings);
    }

    public boolean damaged() {
        return !warnings.isEmpty() || warningsNotListed > 0;
    }
}
