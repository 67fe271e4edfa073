package dev.ioverdict.report;

import dev.ioverdict.report.charts.Chart;
import dev.ioverdict.report.model.Report;
import java.nio.file.Path;
import java.util.List;

/** What renderers get: the report, its charts, and where user templates live (null: built-in). */
public record RenderInput(Report report, List<Chart> charts, Path templates) {
    public RenderInput {
        charts = List.copyOf(charts);
    }
}
