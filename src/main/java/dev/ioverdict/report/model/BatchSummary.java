package dev.ioverdict.report.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * summary.json of a batch: one row per case. {@code tool} and {@code reportSchema} say which
 * ioverdict wrote it and the schema of its cases' report.json, so that merge can tell shards of
 * different versions apart (null in summaries of before they were recorded); {@code shards}, in a
 * merged summary only, what each shard was.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BatchSummary(String schema, Report.Tool tool, String reportSchema, List<CaseResult> cases,
                           List<Shard> shards) {
    /** The schema of summary.json. */
    public static final String SCHEMA = "ioverdict.batch/1";

    public BatchSummary {
        cases = List.copyOf(cases);
        shards = shards == null ? null : List.copyOf(shards);
    }

    public BatchSummary(String schema, List<CaseResult> cases) {
        this(schema, null, null, cases, null);
    }

    /** A batch's summary as this ioverdict ({@code version}) writes it. */
    public static BatchSummary of(String version, List<CaseResult> cases) {
        return new BatchSummary(SCHEMA, new Report.Tool("ioverdict", version), Report.SCHEMA, cases, null);
    }

    /** One shard of a merged summary: its folder as given, who wrote it, and how many of its cases were merged. */
    public record Shard(String path, Report.Tool tool, String schema, String reportSchema, int cases) {
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
