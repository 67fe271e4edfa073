package dev.ioverdict.analysis;

import dev.ioverdict.model.Facts;
import dev.ioverdict.model.InputSummary;
import java.util.List;

/** Everything known about one case once parsing and analysis are done: what rules read. */
public record CaseData(String source, List<InputSummary> inputs, Facts facts, Results results,
                       List<AnalysisFailure> analysisFailures) {
    public CaseData {
        inputs = List.copyOf(inputs);
        analysisFailures = List.copyOf(analysisFailures);
    }

    /** A case whose analyses all finished (what tests build by hand). */
    public CaseData(String source, List<InputSummary> inputs, Facts facts, Results results) {
        this(source, inputs, facts, results, List.of());
    }

    /** Whether any file was recognised and gave at least one record: else there is nothing to report on. */
    public boolean usable() {
        return inputs.stream().anyMatch(i -> !i.format().equals("unknown") && i.records() > 0);
    }

    public boolean hasFormat(String formatId) {
        return inputs.stream().anyMatch(i -> i.format().equals(formatId) && i.records() > 0);
    }
}
