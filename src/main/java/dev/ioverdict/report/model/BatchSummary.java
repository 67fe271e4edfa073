package dev.ioverdict.report.model;

import java.util.List;

/** summary.json of a batch: one row per case. */
public record BatchSummary(String schema, List<CaseResult> cases) {
    public BatchSummary {
        cases = List.copyOf(cases);
    }

    /**
     * One case's outcome for summary.json and index.html. {@code status} says whether the case was
     * read ({@link CaseStatus}); {@code verdict} what it found: its worst
     * severity (critical, warning, info), "clean", or the status when it was not diagnosed.
     * {@code findings} is the old one-line form of {@code findingDetails}; {@code reports} the
     * case's report files, relative to summary.json.
     */
    public record CaseResult(String caseId, String source, CaseStatus status, String message, int critical,
                             int warning, int info, List<String> findings, String report, String verdict,
                             List<FindingRef> findingDetails, List<String> reports) {
        public CaseResult {
            findings = findings == null ? List.of() : List.copyOf(findings);
            findingDetails = findingDetails == null ? List.of() : List.copyOf(findingDetails);
            reports = reports == null ? List.of() : List.copyOf(reports);
            if (verdict == null) {
                verdict = verdict(status, critical, warning, info);
            }
        }

        public CaseResult(String caseId, String source, CaseStatus status, String message, int critical, int warning,
                          int info, List<String> findings, String report) {
            this(caseId, source, status, message, critical, warning, info, findings, report, null, List.of(),
                    report == null ? List.of() : List.of(report));
        }

        static String verdict(CaseStatus status, int critical, int warning, int info) {
            if (!status.diagnosed()) {
                return status.id();
            }
            return critical > 0 ? "critical" : warning > 0 ? "warning" : info > 0 ? "info" : "clean";
        }
    }

    /** A finding as the batch index lists it. */
    public record FindingRef(String rule, String severity, String title, String subject) {
    }

    public long count(CaseStatus status) {
        return cases.stream().filter(c -> c.status() == status).count();
    }
}
