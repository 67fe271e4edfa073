package dev.ioverdict.report;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.report.charts.Charts;
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
}
