package dev.ioverdict.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.List;

/**
 * One file of the bundle as the report's inventory shows it. {@code firstTime}/{@code lastTime}
 * are the time span of its records in the format's own clock (seconds), or null. {@code notes}
 * say what a valid file holds or lacks ("holds no I/O: cpu-clock samples only", a sosreport
 * command "collected with an error"): unlike warnings they lose nothing, so they never make the
 * input damaged (exit status 1).
 */
public record InputSummary(String path, String format, String detectedBecause, long lines, long records,
                           long skipped, Double firstTime, Double lastTime, List<Diagnostic> warnings,
                           long warningsNotListed,
                           @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> notes) {
    public InputSummary {
        warnings = List.copyOf(warnings);
        notes = notes == null ? List.of() : List.copyOf(notes);
    }

    public InputSummary(String path, String format, String detectedBecause, long lines, long records,
                        long skipped, Double firstTime, Double lastTime, List<Diagnostic> warnings,
                        long warningsNotListed) {
        this(path, format, detectedBecause, lines, records, skipped, firstTime, lastTime, warnings,
                warningsNotListed, List.of());
    }

    /** The same input with other words for why it was recognised. */
    public InputSummary withDetectedBecause(String because) {
        return new InputSummary(path, format, because, lines, records, skipped, firstTime, lastTime, warnings,
                warningsNotListed, notes);
    }

    /** The same input with {@code more} notes after its own. */
    public InputSummary withNotes(List<String> more) {
        List<String> all = new ArrayList<>(notes);
        all.addAll(more);
        return new InputSummary(path, format, detectedBecause, lines, records, skipped, firstTime, lastTime, warnings,
                warningsNotListed, all);
    }

    public boolean damaged() {
        return !warnings.isEmpty() || warningsNotListed > 0;
    }
}
