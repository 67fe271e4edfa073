package dev.ioverdict.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** report.html: one standalone file, CSS and SVG charts inline, no external URL. */
public final class HtmlRenderer implements ReportRenderer {
    @Override
    public String fileName() {
        return "report.html";
    }

    @Override
    public void render(RenderInput input, Path target) throws IOException {
        Files.writeString(target, input.redactedHtml(HtmlDocument.render(input, false)), StandardCharsets.UTF_8);
    }
}
