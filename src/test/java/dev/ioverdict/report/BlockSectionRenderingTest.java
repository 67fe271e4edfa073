package dev.ioverdict.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.analysis.Results;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.block.BlockSection;
import dev.ioverdict.model.block.BlockTrace;
import dev.ioverdict.report.charts.Charts;
import dev.ioverdict.rules.RuleCatalogue;
import dev.ioverdict.rules.RuleConfig;
import dev.ioverdict.rules.RuleEngine;
import dev.ioverdict.testing.BlockFixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The block fragment and charts of a traced case render to well-formed HTML and to PDF. */
class BlockSectionRenderingTest {
    @Test
    void tracedMultipathCase() throws Exception {
        Results results = new Results();
        BlockTrace trace = BlockFixtures.multipath();
        results.put(BlockTrace.class, trace);
        results.put(BlockSection.class, trace.section());
        CaseData data = new CaseData("multipath", List.of(), new Facts(), results);
        var outcome = new RuleEngine(RuleCatalogue.all(), RuleConfig.DEFAULTS).evaluate(data);
        var report = ReportAssembler.assemble(data, dev.ioverdict.diagnosis.Diagnosis.diagnose(outcome, data), "multipath",
                "Block section sample");
        var input = new RenderInput(report, Charts.draw(data), null);
        // kept under target/ so a person can look at it
        Path out = Path.of("target", "block-section-sample");
        Files.createDirectories(out);
        new HtmlRenderer().render(input, out.resolve("report.html"));
        new PdfRenderer().render(input, out.resolve("report.pdf"));
        String html = Files.readString(out.resolve("report.html"));
        assertTrue(html.contains("id=\"block\""));
        assertTrue(html.contains("Phase times per device"));
        assertTrue(html.contains("block-latency") && html.contains("block-d2c-time") && html.contains("block-phases"));
        assertTrue(html.contains(">100%<"), "Device Overhead of 8,32 (99.9746 %)");
        assertTrue(Files.size(out.resolve("report.pdf")) > 10_000);
        javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new org.xml.sax.InputSource(new java.io.StringReader(html.replaceFirst("<!DOCTYPE html>", ""))));
    }
}
