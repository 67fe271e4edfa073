package dev.ioverdict.report.model;

import java.util.List;

/** summary.json of a batch: one row per case. */
public record BatchSummary(String schema, List<CaseResult> cases) {
    public BatchSummary {
        cases = List.copyOf(cases);
    }

    /** One case's outcome for summary.json and index.html. */
    public record CaseResult(String caseId, String source, String status, String message, int critical,
                             int warning, int info, List<String> findings, String report) {
    }

    public long count(String status) {
        return cases.stream().filter(c -> c.status().equals(status)).count();
    }
}
