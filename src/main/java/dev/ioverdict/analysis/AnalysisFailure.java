package dev.ioverdict.analysis;

import com.fasterxml.jackson.annotation.JsonIgnore;

/**
 * An analysis that threw: a defect of ioverdict. What it would have derived is missing; the rest of
 * the report stands. Shown in the report, on the console and in the exit status, as a rule's failure is.
 */
public record AnalysisFailure(String analysis, String message, @JsonIgnore Throwable cause) {
    public static AnalysisFailure of(Analysis analysis, Throwable e) {
        return new AnalysisFailure(analysis.name(), e.getClass().getSimpleName()
                + (e.getMessage() == null ? "" : ": " + e.getMessage()), e);
    }

    /** "LayerAnalysis: IllegalStateException: ..." */
    @Override
    public String toString() {
        return analysis + ": " + message;
    }
}
