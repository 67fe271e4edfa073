package dev.ioverdict.report;

import com.openhtmltopdf.pdfboxout.PdfBoxRenderer;
import com.openhtmltopdf.pdfboxout.PdfRendererBuilder;
import com.openhtmltopdf.pdfboxout.PdfRendererBuilder.PdfAConformance;
import com.openhtmltopdf.util.XRLog;
import dev.ioverdict.report.charts.Chart;
import java.awt.color.ColorSpace;
import java.awt.color.ICC_Profile;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.pdfbox.pdfwriter.compress.CompressParameters;
import org.apache.pdfbox.pdmodel.PDDocument;

/**
 * report.pdf: the same XHTML as report.html, laid out for A4 pages; charts stay vector (drawn by
 * JFreeChart onto the page, {@link ChartDrawer}; any other SVG through Batik). An archivable
 * PDF/A-3b: every font embedded, an sRGB output intent, the outline of sections and findings as
 * bookmarks, and report.json attached as its data.
 */
public final class PdfRenderer implements ReportRenderer {
    static {
        // openhtmltopdf logs every stylesheet and font load; a CLI's stderr is for the user.
        XRLog.setLoggingEnabled(false);
        FontCache.keepOutOfHome();
    }

    @Override
    public String fileName() {
        return "report.pdf";
    }

    @Override
    public void render(RenderInput input, Path target) throws IOException {
        String xhtml = input.redactedHtml(HtmlDocument.render(input, true));
        byte[] json = (input.redactedJson(input.shared().json(input.report())) + "\n")
                .getBytes(StandardCharsets.UTF_8);
        write(xhtml, target, "report.json", "The report as data (schema " + input.report().schema() + ")", json,
                input.charts());
    }

    /** Lays out {@code xhtml} (a page of the house style rendered for PDF, showing {@code charts}) into {@code target}. */
    public static void write(String xhtml, Path target, List<Chart> charts) throws IOException {
        write(xhtml, target, null, null, null, charts);
    }

    /**
     * ... with {@code data} attached as {@code name} (the JSON the page was drawn from), when given;
     * {@code charts}: the charts the page shows, drawn from their drawings instead of their SVG.
     */
    public static void write(String xhtml, Path target, String name, String description, byte[] data,
                             List<Chart> charts) throws IOException {
        try (OutputStream out = Files.newOutputStream(target); PDDocument pdf = new PDDocument()) {
            PdfRendererBuilder builder = new PdfRendererBuilder();
            builder.usePDDocument(pdf);
            builder.useFastMode();
            builder.useUnicodeLineBreaker(new PdfLineBreaks());
            builder.useSVGDrawer(new ChartDrawer(charts));
            builder.usePdfAConformance(PdfAConformance.PDFA_3_B);
            builder.useColorProfile(srgb());
            builder.withProducer("ioverdict " + Version.get());
            builder.withHtmlContent(xhtml, null);
            builder.toStream(out);
            Fonts fonts = Fonts.register(builder, pdf); // closed after the document is saved
            try (fonts; PdfBoxRenderer renderer = builder.buildPdfRenderer()) {
                renderer.layout();
                renderer.createPDFWithoutClosing();
                if (data != null) {
                    PdfAttachment.attach(pdf, name, "application/json", description, data);
                }
                // a classic cross-reference table: PDFBox's cross-reference stream (its default, with
                // object streams) leaves out its own entry, and qpdf --check warns about the count.
                // The header says PDF 1.7, the version PDF/A-3 is built on (PDFBox would write 1.4).
                pdf.setVersion(1.7f);
                pdf.save(out, CompressParameters.NO_COMPRESSION);
            }
        }
    }

    /** The sRGB profile every JDK ships (java.desktop's sRGB.pf): the PDF/A output intent. */
    static byte[] srgb() {
        return ICC_Profile.getInstance(ColorSpace.CS_sRGB).getData();
    }
}
