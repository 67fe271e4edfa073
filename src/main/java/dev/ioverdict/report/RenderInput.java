package dev.ioverdict.report;

import dev.ioverdict.report.charts.Chart;
import dev.ioverdict.report.model.Report;
import java.nio.file.Path;
import java.util.List;

/**
 * What renderers get: the report, its charts, where user templates live (null: built-in), whether
 * the brief edition is wanted, and the redaction every view's text passes through (null: none).
 */
public record RenderInput(Report report, List<Chart> charts, Path templates, boolean brief, Redaction redaction) {
    public RenderInput {
        charts = List.copyOf(charts);
    }

    public RenderInput(Report report, List<Chart> charts, Path templates) {
        this(report, charts, templates, false, null);
    }

    /** The template the HTML and PDF are drawn from. */
    String template() {
        return brief ? "brief" : "report";
    }

    String redactedHtml(String html) {
        return redaction == null ? html : redaction.html(html);
    }

    String redactedJson(String json) {
        return redaction == null ? json : redaction.json(json);
    }
}
