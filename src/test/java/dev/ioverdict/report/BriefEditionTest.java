package dev.ioverdict.report;

import static org.junit.jupiter.api.Assertions.assertTrue;
import dev.ioverdict.pipeline.CaseRequest;

import dev.ioverdict.model.Finding;
import dev.ioverdict.pipeline.CaseCompiler;
import dev.ioverdict.report.model.Report;
import dev.ioverdict.report.model.Summary;
import dev.ioverdict.rules.RuleConfig;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;

/**
 * The brief edition holds to three pages whatever the case: here the real findings of the
 * testdata case with the longest prose (unaligned-on-slow-device, with their symptoms), repeated
 * to twelve findings and twelve causes, with a USE table of twelve devices.
 */
class BriefEditionTest {
    @Test
    void twelveLongFindingsStillFitThreePages() throws Exception {
        var compiled = new CaseCompiler(RuleConfig.DEFAULTS).compile(
                CaseRequest.of(TestData.bundle("unaligned-on-slow-device").resolve("bundle")).withCaseId("many-findings")
                        .withTitle("Twelve findings"));
        Report real = compiled.report();
        List<Finding> findings = new ArrayList<>();
        List<Summary.Cause> causes = new ArrayList<>();
        List<Summary.UseRow> use = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            findings.add(real.findings().get(i % real.findings().size()));
            Summary.Cause c = real.summary().causes().get(i % real.summary().causes().size());
            causes.add(new Summary.Cause(i + 1, "finding-" + (i + 1), c.rule(), c.severity(), c.confidence(), c.title(),
                    c.impact()));
            use.add(real.summary().use().get(i % real.summary().use().size()));
        }
        Summary s = real.summary();
        Report many = new Report(real.schema(), real.tool(), real.caseInfo().with(null, "ACME Corp", "CASE-1234",
                "Ann Analyst"), new Summary(s.headline(), causes, s.actions(), use, s.checked(), s.facts()),
                real.verdict(), real.layers(), real.inputs(), real.block(), real.syscalls(), real.iostat(), real.config(),
                findings, real.notEvaluated(), real.failedRules(), real.consistency(), real.window(), real.marks(),
                real.timeModel(), null, real.periods(), List.of(), real.devices(), real.fio());
        RenderInput input = new RenderInput(many, List.of(), null, true, null);
        Path out = Path.of("target", "brief-edition-sample");
        Files.createDirectories(out);
        new PdfRenderer().render(input, out.resolve("report.pdf"));
        new HtmlRenderer().render(input, out.resolve("report.html"));
        try (PDDocument pdf = Loader.loadPDF(out.resolve("report.pdf").toFile())) {
            assertTrue(pdf.getNumberOfPages() <= 3, pdf.getNumberOfPages() + " pages");
            String text = new PDFTextStripper().getText(pdf);
            assertTrue(text.contains("6 more findings"), "the findings past six are counted");
            assertTrue(text.contains("Case facts"));
        }
    }
}
