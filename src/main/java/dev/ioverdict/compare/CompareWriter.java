package dev.ioverdict.compare;

import dev.ioverdict.report.HtmlDocument;
import dev.ioverdict.report.JsonRenderer;
import dev.ioverdict.report.PdfRenderer;
import dev.ioverdict.report.Redaction;
import dev.ioverdict.report.RedactionKey;
import dev.ioverdict.report.ReportFormat;
import dev.ioverdict.report.ReportWriter;
import dev.ioverdict.report.charts.Chart;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * compare.json, compare.html and compare.pdf from one {@link Comparison}, with the report's templates
 * and CSS; each file written whole or not at all, as the report's.
 */
public final class CompareWriter {
    private CompareWriter() {
    }

    public static List<Path> write(Comparison c, Side before, Side after, Set<ReportFormat> formats, Path dir,
                                   Path templates) throws IOException {
        return write(c, before, after, formats, dir, templates, null);
    }

    /** --redact: each side's names as its report would replace them (the same key, the same pseudonyms). */
    public static Redaction redaction(Side before, Side after, RedactionKey key) {
        return Redaction.with(key).report(before.report()).report(after.report()).build();
    }

    /** The same through {@code redaction} (null: none); compare.json then lists what was replaced. */
    public static List<Path> write(Comparison c, Side before, Side after, Set<ReportFormat> formats, Path dir,
                                   Path templates, Redaction redaction) throws IOException {
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        UnaryOperator<String> page = redaction == null ? UnaryOperator.identity() : redaction::html;
        if (formats.contains(ReportFormat.HTML) || formats.contains(ReportFormat.PDF)) {
            List<Chart> charts = CompareCharts.of(c, before, after);
            if (redaction != null) {
                charts = charts.stream().map(redaction::chart).toList();
            }
            if (formats.contains(ReportFormat.HTML)) {
                Path p = dir.resolve("compare.html");
                String html = page.apply(html(c, charts, templates, false));
                ReportWriter.atomically(p, f -> Files.writeString(f, html, StandardCharsets.UTF_8));
                written.add(p);
            }
            if (formats.contains(ReportFormat.PDF)) {
                Path p = dir.resolve("compare.pdf");
                String xhtml = page.apply(html(c, charts, templates, true));
                List<Chart> shown = charts;
                ReportWriter.atomically(p, f -> PdfRenderer.write(xhtml, f, shown));
                written.add(p);
            }
        }
        if (formats.contains(ReportFormat.JSON)) {
            Path p = dir.resolve("compare.json");
            String text = redaction == null ? json(c) : redactedJson(c, redaction);
            ReportWriter.atomically(p, f -> Files.writeString(f, text, StandardCharsets.UTF_8));
            written.add(p);
        }
        return written;
    }

    /** compare.json with its names replaced and what was replaced ({@code redaction}), as report.json says it. */
    static String redactedJson(Comparison c, Redaction redaction) throws IOException {
        redaction.json(json(c)); // the pseudonyms compare.json will use
        return redaction.json(json(c.withRedaction(redaction.summary())));
    }

    public static String json(Comparison c) throws IOException {
        return JsonRenderer.writer().writeValueAsString(c) + "\n";
    }

    static String html(Comparison c, List<Chart> charts, Path templates, boolean pdf) throws IOException {
        Map<String, Object> vars = new LinkedHashMap<>();
        vars.put("c", c);
        vars.put("charts", charts);
        vars.put("rows", c.metrics().stream().map(Row::of).toList());
        return HtmlDocument.renderPage("compare", vars, templates, pdf);
    }

    /**
     * A figure as the page's table shows it: the metric's fields, its two values and its change as
     * text, the verdict on it, and the test with the sample sizes and p value that decided it.
     */
    public record Row(String layer, String subject, String metric, String unit, Double before, Double after,
                      Double changePct, Double factor, Boolean significant, String test, Double p, List<Long> n,
                      String change, boolean headline, String note, String beforeText, String afterText,
                      String changeText, String significance, String testShort, String testDetail) {
        static Row of(Metric m) {
            String shortName = m.test() == null ? "" : m.test().startsWith("mann-whitney") ? "Mann-Whitney" : "ratio";
            return new Row(m.layer(), m.subject(), m.metric(), m.unit(), m.before(), m.after(), m.changePct(),
                    m.factor(), m.significant(), m.test(), m.p(), m.n(), m.change(), m.headline(), m.note(),
                    Values.show(m.before(), m.unit()), Values.show(m.after(), m.unit()), m.changeText(),
                    significance(m), shortName, detail(m));
        }

        /** "better", "no (within noise)", or why the figure was not tested. */
        private static String significance(Metric m) {
            if (m.significant() == null) {
                return m.n() == null ? "untested" : "untested (too few samples)";
            }
            return m.significant() ? m.change() : "no (within noise)";
        }

        /** "n 1,943 / 2,006, p < 0.001": the sample sizes that make the call, and the p value of a rank test. */
        private static String detail(Metric m) {
            List<String> parts = new ArrayList<>();
            if (m.n() != null && m.n().size() == 2) {
                parts.add(String.format(java.util.Locale.ROOT, "n %,d / %,d", m.n().get(0), m.n().get(1)));
            }
            if (m.p() != null) {
                parts.add(pValue(m.p()));
            }
            return String.join(", ", parts);
        }
    }

    /** A p value as a reader takes it: "p < 0.001" below a thousandth, else two significant digits. */
    static String pValue(double p) {
        return p < 0.001 ? "p < 0.001" : String.format(java.util.Locale.ROOT, "p = %.2g", p);
    }
}
