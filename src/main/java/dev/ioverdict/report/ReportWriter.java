package dev.ioverdict.report;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.report.charts.Chart;
import dev.ioverdict.report.charts.Charts;
import java.nio.charset.StandardCharsets;
import dev.ioverdict.report.model.Report;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Writes the requested views of a compiled case into one folder. */
public final class ReportWriter {
    private ReportWriter() {
    }

    public static List<Path> write(Report report, CaseData data, Set<ReportFormat> formats, Path dir,
                                   Path templates) throws IOException {
        Files.createDirectories(dir);
        boolean drawn = formats.contains(ReportFormat.HTML) || formats.contains(ReportFormat.PDF);
        RenderInput input = new RenderInput(report,
                drawn ? Charts.draw(data) : List.of(), templates);
        List<Path> written = new ArrayList<>();
        for (ReportFormat f : ReportFormat.values()) {
            if (formats.contains(f)) {
                ReportRenderer r = f.renderer();
                Path target = dir.resolve(r.fileName());
                r.render(input, target);
                written.add(target);
            }
        }
        return written;
    }

    /** Each chart's data as DIR/CHART-ID.csv: the same files the HTML offers under each chart. */
    public static List<Path> writeCsv(CaseData data, Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        for (Chart c : Charts.draw(data)) {
            if (c.csv() != null) {
                Path target = dir.resolve(c.csvFileName());
                Files.writeString(target, c.csv(), StandardCharsets.UTF_8);
                written.add(target);
            }
        }
        return written;
    }
}
