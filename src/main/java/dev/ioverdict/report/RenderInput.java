package dev.ioverdict.report;

import dev.ioverdict.report.charts.Chart;
import dev.ioverdict.report.model.Report;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * What renderers get: the report, its charts, where user templates live (null: built-in), whether
 * the brief edition is wanted, the redaction every view's text passes through (null: none), and
 * what the views share (made once by the first view that asks).
 */
public record RenderInput(Report report, List<Chart> charts, Path templates, boolean brief, Redaction redaction,
                          Shared shared) {
    public RenderInput {
        charts = List.copyOf(charts);
    }

    public RenderInput(Report report, List<Chart> charts, Path templates, boolean brief, Redaction redaction) {
        this(report, charts, templates, brief, redaction, new Shared());
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

    /**
     * The texts several views of one report are made from, each made once: the page the templates
     * give (the HTML and the PDF finish it each their way) and report.json (the PDF attaches it). A
     * view that asks while another makes one waits for it rather than making it again.
     */
    public static final class Shared {
        private String page;
        private String json;

        /** The same text for every view: {@code make} runs for the first caller only (again if it failed). */
        synchronized String page(java.util.function.Supplier<String> make) {
            if (page == null) {
                page = make.get();
            }
            return page;
        }

        synchronized String json(Report report) throws IOException {
            if (json == null) {
                json = JsonRenderer.writer().writeValueAsString(report);
            }
            return json;
        }
    }
}
