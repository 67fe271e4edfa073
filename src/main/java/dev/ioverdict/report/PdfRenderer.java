package dev.ioverdict.report;

import com.openhtmltopdf.pdfboxout.PdfRendererBuilder;
import com.openhtmltopdf.svgsupport.BatikSVGDrawer;
import com.openhtmltopdf.util.XRLog;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** report.pdf: the same XHTML as report.html, laid out for A4 pages; charts stay vector (SVG via Batik). */
public final class PdfRenderer implements ReportRenderer {
    static {
        // openhtmltopdf logs every stylesheet and font load; a CLI's stderr is for the user.
        XRLog.setLoggingEnabled(false);
    }

    @Override
    public String fileName() {
        return "report.pdf";
    }

    @Override
    public void render(RenderInput input, Path target) throws IOException {
        write(HtmlDocument.render(input, true), target);
    }

    /** Lays out {@code xhtml} (a page of the house style, rendered for PDF) into {@code target}. */
    public static void write(String xhtml, Path target) throws IOException {
        try (OutputStream out = Files.newOutputStream(target)) {
            PdfRendererBuilder builder = new PdfRendererBuilder();
            builder.useFastMode();
            builder.useSVGDrawer(new BatikSVGDrawer());
            Fonts.register(builder);
            builder.withHtmlContent(xhtml, null);
            builder.toStream(out);
            builder.run();
        }
    }
}
