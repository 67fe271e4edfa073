package dev.ioverdict.report;

import com.openhtmltopdf.pdfboxout.PdfRendererBuilder;
import java.io.File;

/**
 * Embeds DejaVu Sans in the PDF when the machine has it, so text outside Latin-1 (a Korean
 * comm name, a µ sign) prints; otherwise the PDF's base fonts are used.
 */
final class Fonts {
    private static final String DIR = "/usr/share/fonts/truetype/dejavu/";

    private Fonts() {
    }

    static void register(PdfRendererBuilder builder) {
        addIfPresent(builder, "DejaVuSans.ttf", "sans", 400, false);
        addIfPresent(builder, "DejaVuSans-Bold.ttf", "sans", 700, false);
        addIfPresent(builder, "DejaVuSansMono.ttf", "mono", 400, false);
    }

    private static void addIfPresent(PdfRendererBuilder b, String file, String family, int weight, boolean italic) {
        File f = new File(DIR + file);
        if (f.isFile()) {
            b.useFont(f, family, weight, PdfRendererBuilder.FontStyle.NORMAL, true);
        }
    }
}
