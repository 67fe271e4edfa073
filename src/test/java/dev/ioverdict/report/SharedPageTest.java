package dev.ioverdict.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ioverdict.pipeline.CaseRequest;
import dev.ioverdict.pipeline.CaseCompiler;
import dev.ioverdict.report.charts.Charts;
import dev.ioverdict.rules.RuleConfig;
import dev.ioverdict.testing.TestData;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The HTML and the PDF finish one templated page of the built-in templates: each must be the page
 * the templates give for that view on their own (they ask {@code ${pdf}} only for the body's class).
 */
class SharedPageTest {
    @ParameterizedTest
    @CsvSource({"xfs-unaligned-512b, false", "xfs-unaligned-512b, true", "unaligned-on-slow-device, false",
            "seed-000-strace, false", "seed-000-strace, true"})
    void eachViewIsThePageTemplatedForIt(String bundle, boolean brief) throws Exception {
        var compiled = new CaseCompiler(RuleConfig.DEFAULTS).compile(
                CaseRequest.of(TestData.bundle(bundle).resolve("bundle")).withCaseId(bundle));
        var report = compiled.report();
        var input = new RenderInput(report, Charts.draw(compiled.data(), report.findings(), report.marks()), null,
                brief, null);
        for (boolean pdf : new boolean[] {true, false}) {
            String alone = DocumentFinish.finish(HtmlDocument.templated(input, pdf), pdf);
            assertEquals(alone, HtmlDocument.render(input, pdf), bundle + (pdf ? ": the PDF's page" : ": the HTML"));
        }
    }
}
