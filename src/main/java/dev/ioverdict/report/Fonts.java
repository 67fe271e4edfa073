package dev.ioverdict.report;

import com.openhtmltopdf.pdfboxout.PDFontSupplier;
import com.openhtmltopdf.pdfboxout.PdfRendererBuilder;
import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.fontbox.ttf.TTFParser;
import org.apache.fontbox.ttf.TrueTypeFont;
import org.apache.pdfbox.io.RandomAccessReadBufferedFile;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDType0Font;

/**
 * Embeds DejaVu Sans in the PDF when the machine has it, so text outside Latin-1 (a Korean
 * comm name, a µ sign) prints; otherwise the PDF's base fonts are used.
 *
 * <p>Each font is loaded without its glyph substitutions (GSUB). PDFBox applies a font's
 * ligatures as it writes text, and DejaVu's join "fi": the text layer then read "ﬁo 19467" where
 * the page says "fio 19467", so a process name copied or searched in the PDF did not match. The
 * report's text is names, figures and quoted lines, not prose set for reading, and it prints the
 * same without them (a glyph per character). The cost: a name in a script that needs shaping
 * (Arabic, the Indic scripts) prints in its letters' isolated forms.
 */
final class Fonts implements Closeable {
    private static final String DIR = "/usr/share/fonts/truetype/dejavu/";

    private final PDDocument doc;
    private final List<TrueTypeFont> opened = new ArrayList<>();

    private Fonts(PDDocument doc) {
        this.doc = doc;
    }

    /**
     * The fonts, given to {@code builder} for the document {@code doc} the builder lays out into
     * ({@code usePDDocument}); each is read when the page first uses it. Close after the PDF is saved.
     */
    static Fonts register(PdfRendererBuilder builder, PDDocument doc) {
        Fonts fonts = new Fonts(doc);
        fonts.addIfPresent(builder, "DejaVuSans.ttf", "sans", 400);
        fonts.addIfPresent(builder, "DejaVuSans-Bold.ttf", "sans", 700);
        fonts.addIfPresent(builder, "DejaVuSansMono.ttf", "mono", 400);
        return fonts;
    }

    private void addIfPresent(PdfRendererBuilder b, String file, String family, int weight) {
        File f = new File(DIR + file);
        if (f.isFile()) {
            b.useFont(new Lazy(f), family, weight, PdfRendererBuilder.FontStyle.NORMAL, true);
        }
    }

    /** One font, parsed and loaded into the document the first time the layout asks for it. */
    private final class Lazy extends PDFontSupplier {
        private final File file;
        private PDFont font;

        Lazy(File file) {
            super(null);
            this.file = file;
        }

        @Override
        public synchronized PDFont supply() {
            if (font == null) {
                try {
                    TrueTypeFont ttf = new TTFParser().parse(new RandomAccessReadBufferedFile(file));
                    opened.add(ttf);
                    ttf.setEnableGsub(false);
                    font = PDType0Font.load(doc, ttf, true);
                } catch (IOException e) {
                    throw new UncheckedIOException("font " + file + " could not be read", e);
                }
            }
            return font;
        }
    }

    @Override
    public void close() throws IOException {
        IOException first = null;
        for (TrueTypeFont ttf : opened) {
            try {
                ttf.close();
            } catch (IOException e) {
                first = first == null ? e : first;
            }
        }
        opened.clear();
        if (first != null) {
            throw first;
        }
    }
}
