package dev.ioverdict.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ioverdict.analysis.AnalysisFailure;
import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.analysis.Results;
import dev.ioverdict.diagnosis.Diagnosis;
import dev.ioverdict.model.Facts;
import dev.ioverdict.report.model.Report;
import dev.ioverdict.rules.RuleCatalogue;
import dev.ioverdict.rules.RuleConfig;
import dev.ioverdict.rules.RuleEngine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An analysis that threw is listed as an analysis failure, as a failed rule is: not as a made-up input. */
class AnalysisFailureReportTest {
    private static Report report(List<AnalysisFailure> failures) {
        CaseData data = new CaseData("case", List.of(), new Facts(), new Results(), failures);
        var outcome = new RuleEngine(RuleCatalogue.all(), RuleConfig.DEFAULTS).evaluate(data);
        return ReportAssembler.assemble(data, Diagnosis.diagnose(outcome, data), "case", null);
    }

    @Test
    void aFailedAnalysisIsInReportJsonAndTheHtmlAndMakesTheReportIncomplete(@TempDir Path dir) throws Exception {
        Report r = report(List.of(new AnalysisFailure("LayerAnalysis", "IllegalStateException: no rows",
                new IllegalStateException("no rows"))));
        assertTrue(r.incomplete(), "exit status 1, as for a failed rule");
        assertTrue(r.inputs().isEmpty(), "no input named after the analysis");

        JsonNode json = new ObjectMapper().readTree(JsonRenderer.writer().writeValueAsString(r));
        assertEquals("LayerAnalysis", json.at("/analysisFailures/0/analysis").asText());
        assertEquals("IllegalStateException: no rows", json.at("/analysisFailures/0/message").asText());
        assertTrue(json.at("/analysisFailures/0/cause").isMissingNode(), "no stack trace in the report");

        new HtmlRenderer().render(new RenderInput(r, List.of(), null), dir.resolve("report.html"));
        String html = Files.readString(dir.resolve("report.html"));
        assertTrue(html.contains("id=\"analysis-failures\""), "its own section");
        assertTrue(html.contains("IllegalStateException: no rows"));
    }

    @Test
    void aCaseWhoseAnalysesAllFinishedHasNoSuchKey() throws Exception {
        Report r = report(List.of());
        assertFalse(r.incomplete());
        JsonNode json = new ObjectMapper().readTree(JsonRenderer.writer().writeValueAsString(r));
        assertTrue(json.path("analysisFailures").isMissingNode(), "report.json of every sound case stays as it was");
    }
}
