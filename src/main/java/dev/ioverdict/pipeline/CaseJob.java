package dev.ioverdict.pipeline;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ioverdict.report.model.CaseStatus;
import dev.ioverdict.bundle.BundleException;
import dev.ioverdict.bundle.Limits;
import dev.ioverdict.model.Finding;
import dev.ioverdict.report.ReportFormat;
import dev.ioverdict.report.ReportWriter;
import dev.ioverdict.report.model.BatchSummary;
import dev.ioverdict.report.model.BatchSummary.CaseResult;
import dev.ioverdict.rules.RuleConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * One case of a batch: compile the bundle, write its reports under {@code output/caseId}, and say
 * how it went. Runs in the batch's JVM, or ({@code --case-memory}) alone in a child JVM through
 * {@link #main}, which reads the job from a JSON file and writes the result to another.
 */
public record CaseJob(String bundle, String caseId, String output, Set<ReportFormat> formats, Limits limits,
               Map<String, String> config) {
    private static final ObjectMapper JSON = new ObjectMapper();

    public CaseResult run() {
        return run(RuleConfig.of(config));
    }

    CaseResult run(RuleConfig rules) {
        String id = caseId;
        try {
            CaseCompiler.Compiled compiled = new CaseCompiler(rules).compile(
                    CaseRequest.of(Path.of(bundle).toRealPath()).withCaseId(id).withLimits(limits));
            if (!compiled.usable()) {
                return new CaseResult(id, bundle, CaseStatus.NOTHING_USABLE, "no input in a known format",
                        0, 0, 0, List.of(), null);
            }
            ReportWriter.write(compiled.report(), compiled.data(), formats, ReportWriter.under(Path.of(output), id), null);
            List<Finding> fs = compiled.report().findings();
            CaseStatus status = compiled.report().incomplete() ? CaseStatus.DAMAGED : CaseStatus.OK;
            return new CaseResult(id, bundle, status,
                    status == CaseStatus.DAMAGED ? "an input had warnings, or a rule or an analysis failed" : "",
                    count(fs, "critical"), count(fs, "warning"), count(fs, "info"),
                    fs.stream().map(f -> f.severity().id() + " " + f.rule() + ": " + f.title()).toList(),
                    id + "/" + (formats.contains(ReportFormat.HTML) ? "report.html" : "report.json"), null,
                    fs.stream().map(f -> new BatchSummary.FindingRef(f.rule(), f.severity().id(), f.title(),
                            f.subject() == null ? null : f.subject().label())).toList(),
                    formats.stream().sorted().map(f -> id + "/report." + f.name().toLowerCase(Locale.ROOT)).toList());
        } catch (BundleException e) {
            return new CaseResult(id, bundle, CaseStatus.FAILED, e.getMessage(), 0, 0, 0, List.of(), null);
        } catch (IOException | RuntimeException e) {
            return new CaseResult(id, bundle, CaseStatus.FAILED, e.toString(), 0, 0, 0, List.of(), null);
        } catch (OutOfMemoryError e) {
            return new CaseResult(id, bundle, CaseStatus.FAILED, "out of memory (give the JVM more with "
                    + "JAVA_OPTS=-Xmx..., or fewer --jobs)", 0, 0, 0, List.of(), null);
        } catch (StackOverflowError e) {
            return new CaseResult(id, bundle, CaseStatus.FAILED, "stack overflow (a defect of ioverdict)",
                    0, 0, 0, List.of(), null);
        }
    }

    private static int count(List<Finding> fs, String severity) {
        return (int) fs.stream().filter(f -> f.severity().id().equals(severity)).count();
    }

    /** The child JVM of {@link CaseProcess}: {@code JOB.json RESULT.json}. */
    public static void main(String[] args) throws IOException {
        CaseJob job = JSON.readValue(Path.of(args[0]).toFile(), CaseJob.class);
        CaseResult result = job.run();
        JSON.writeValue(Path.of(args[1]).toFile(), result);
    }

    static ObjectMapper json() {
        return JSON;
    }
}
