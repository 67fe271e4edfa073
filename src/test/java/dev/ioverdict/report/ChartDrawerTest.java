package dev.ioverdict.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.openhtmltopdf.css.sheet.FontFaceRule;
import com.openhtmltopdf.css.style.CssContext;
import com.openhtmltopdf.extend.SVGDrawer;
import com.openhtmltopdf.extend.SVGDrawer.SVGImage;
import com.openhtmltopdf.layout.SharedContext;
import com.openhtmltopdf.outputdevice.helper.BaseRendererBuilder.FontStyle;
import com.openhtmltopdf.render.Box;
import java.io.File;
import java.util.ArrayList;
import dev.ioverdict.report.charts.Chart;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.rendering.PDFRenderer;
import org.apache.pdfbox.text.PDFTextStripper;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;

/**
 * The PDF draws the report's charts from their JFreeChart, not from their SVG through Batik: the
 * page looks the same either way, and an SVG that is no chart of the report still goes to Batik.
 */
class ChartDrawerTest {
    @TempDir
    Path tmp;

    private static Chart chart(String id) {
        XYSeries s = new XYSeries("await");
        for (int i = 0; i < 50; i++) {
            s.add(i, Math.sin(i / 5.0) * 10 + 12);
        }
        JFreeChart c = ChartFactory.createXYLineChart(null, "seconds after the start", "await (ms)",
                new XYSeriesCollection(s));
        return Chart.of("iostat", id, "await", "a caption", c, 760, 260);
    }

    private static Element svg(String id) throws Exception {
        var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().newDocument();
        Element e = doc.createElementNS("http://www.w3.org/2000/svg", "svg");
        e.setAttribute("id", id);
        e.setAttribute("viewBox", "0 0 760 260");
        doc.appendChild(e);
        return e;
    }

    /** Stands for Batik: records what it is asked, and is made only when asked. */
    private static final class Fallback implements SVGDrawer {
        static final SVGImage IMAGE = new SVGImage() {
            @Override
            public int getIntrinsicWidth() {
                return 1;
            }

            @Override
            public int getIntrinsicHeight() {
                return 1;
            }

            @Override
            public void drawSVG(com.openhtmltopdf.extend.OutputDevice d, com.openhtmltopdf.render.RenderingContext c,
                                double x, double y) {
            }
        };
        final List<String> asked = new ArrayList<>();
        int made;

        @Override
        public void importFontFaceRules(List<FontFaceRule> rules, SharedContext shared) {
            asked.add("fonts " + rules.size());
        }

        @Override
        public SVGImage buildSVGImage(Element svg, Box box, CssContext css, double w, double h, double dpp) {
            asked.add("svg " + svg.getAttribute("id"));
            return IMAGE;
        }

        @Override
        public void addFontFile(File file, String family, Integer weight, FontStyle style) {
            asked.add("font " + family);
        }

        @Override
        public void close() {
            asked.add("closed");
        }
    }

    private static ChartDrawer drawer(Fallback fallback, Chart... charts) {
        return new ChartDrawer(List.of(charts), () -> {
            fallback.made++;
            return fallback;
        });
    }

    @Test
    void aChartOfTheReportIsDrawnFromItsDrawing() throws Exception {
        Fallback batik = new Fallback();
        try (ChartDrawer drawer = drawer(batik, chart("iostat-1"))) {
            drawer.importFontFaceRules(List.of(), null);
            SVGImage image = drawer.buildSVGImage(svg("iostat-1"), null, null, -1, -1, 20);
            assertFalse(image == Fallback.IMAGE);
            assertEquals(760 * 20, image.getIntrinsicWidth());
            assertEquals(260 * 20, image.getIntrinsicHeight());
        }
        assertEquals(0, batik.made, "Batik is not made for a page of the report's charts only");
    }

    @Test
    void anSvgOfNoChartGoesToBatikWithWhatItWasToldBefore() throws Exception {
        Fallback batik = new Fallback();
        try (ChartDrawer drawer = drawer(batik, chart("iostat-1"))) {
            drawer.importFontFaceRules(List.of(), null);
            drawer.addFontFile(new File("x.ttf"), "sans", 400, FontStyle.NORMAL);
            assertSame(Fallback.IMAGE, drawer.buildSVGImage(svg("logo"), null, null, -1, -1, 20));
            drawer.buildSVGImage(svg("other"), null, null, -1, -1, 20);
        }
        assertEquals(1, batik.made);
        assertEquals(List.of("fonts 0", "font sans", "svg logo", "svg other", "closed"), batik.asked);
    }

    @Test
    void anIdTwoChartsShareGoesToBatik() throws Exception {
        Fallback batik = new Fallback();
        try (ChartDrawer drawer = drawer(batik, chart("iostat-1"), chart("iostat-1"), chart("iostat-2"))) {
            assertSame(Fallback.IMAGE, drawer.buildSVGImage(svg("iostat-1"), null, null, -1, -1, 20));
            assertFalse(drawer.buildSVGImage(svg("iostat-2"), null, null, -1, -1, 20) == Fallback.IMAGE);
        }
    }

    @Test
    void aChartWithoutDrawingGoesToBatik() throws Exception {
        Chart c = chart("iostat-1");
        Chart svgOnly = new Chart(c.section(), c.id(), c.title(), c.caption(), c.svg(), c.csv(), c.emptyReason());
        Fallback batik = new Fallback();
        try (ChartDrawer drawer = drawer(batik, svgOnly)) {
            assertSame(Fallback.IMAGE, drawer.buildSVGImage(svg("iostat-1"), null, null, -1, -1, 20));
        }
    }

    /** The same page laid out with the chart drawn from JFreeChart and from its SVG by Batik. */
    @Test
    void thePageLooksAsBatikDrewIt() throws IOException {
        Chart c = chart("iostat-1");
        String page = "<html xmlns=\"http://www.w3.org/1999/xhtml\"><head><style>"
                + "body { font-family: sans; } .svg svg { width: 100%; height: auto; } @page { size: A4; margin: 15mm; }"
                + "</style></head>"
                + "<body><p>Before the chart.</p><div class=\"svg\">" + c.svg() + "</div><p>After it.</p></body></html>";
        Path direct = tmp.resolve("direct.pdf");
        Path batik = tmp.resolve("batik.pdf");
        PdfRenderer.write(page, direct, List.of(c));
        PdfRenderer.write(page, batik, List.of());
        try (PDDocument a = Loader.loadPDF(direct.toFile()); PDDocument b = Loader.loadPDF(batik.toFile())) {
            assertEquals(1, a.getNumberOfPages());
            BufferedImage ia = new PDFRenderer(a).renderImageWithDPI(0, 50);
            BufferedImage ib = new PDFRenderer(b).renderImageWithDPI(0, 50);
            int differ = 0;
            int inked = 0;
            for (int y = 0; y < ia.getHeight(); y++) {
                for (int x = 0; x < ia.getWidth(); x++) {
                    int pa = ia.getRGB(x, y) & 0xffffff;
                    int pb = ib.getRGB(x, y) & 0xffffff;
                    inked += pa != 0xffffff ? 1 : 0;
                    differ += channelGap(pa, pb) > 96 ? 1 : 0;
                }
            }
            assertTrue(inked > 5_000, "the chart was drawn: " + inked + " inked pixels");
            assertTrue(differ < inked / 50, differ + " of " + inked + " inked pixels differ from Batik's drawing");
            // the chart's text is drawn as outlines, as Batik drew it: the text layer holds the page's words only
            String text = new PDFTextStripper().getText(a);
            assertTrue(text.contains("After it."), text);
            assertFalse(text.contains("await (ms)"), text);
        }
    }

    private static int channelGap(int a, int b) {
        int gap = 0;
        for (int shift = 0; shift < 24; shift += 8) {
            gap = Math.max(gap, Math.abs((a >> shift & 0xff) - (b >> shift & 0xff)));
        }
        return gap;
    }
}
