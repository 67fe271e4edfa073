package dev.ioverdict.report;

import java.io.IOException;
import java.nio.file.Path;

/** Writes one view of a finished report. */
public interface ReportRenderer {
    /** File name inside the output folder, e.g. report.json. */
    String fileName();

    void render(RenderInput input, Path target) throws IOException;
}
