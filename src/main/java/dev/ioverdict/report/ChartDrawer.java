package dev.ioverdict.report;

import com.openhtmltopdf.css.sheet.FontFaceRule;
import com.openhtmltopdf.css.style.CssContext;
import com.openhtmltopdf.extend.OutputDevice;
import com.openhtmltopdf.extend.SVGDrawer;
import com.openhtmltopdf.extend.UserAgentCallback;
import com.openhtmltopdf.layout.SharedContext;
import com.openhtmltopdf.outputdevice.helper.BaseRendererBuilder.FontStyle;
import com.openhtmltopdf.render.Box;
import com.openhtmltopdf.render.RenderingContext;
import com.openhtmltopdf.simple.extend.ReplacedElementScaleHelper;
import com.openhtmltopdf.svgsupport.BatikSVGDrawer;
import de.rototor.pdfbox.graphics2d.PdfBoxGraphics2D;
import de.rototor.pdfbox.graphics2d.PdfBoxGraphics2DFontTextDrawer;
import dev.ioverdict.report.charts.Chart;
import java.awt.FontFormatException;
import java.awt.Rectangle;
import java.awt.geom.AffineTransform;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.w3c.dom.Element;

/**
 * The PDF's SVG drawer: a chart of the report is drawn by JFreeChart straight onto the page (PDF
 * paths, its text as glyph outlines), so its SVG is not parsed, styled and built again by Batik,
 * which was a fifth of a small report's PDF time, all of it code run once. Any other SVG (a chart
 * whose SVG was rewritten, one of a page made elsewhere) still goes to Batik, made when first asked.
 */
final class ChartDrawer implements SVGDrawer {
    /** The drawings by the id of their SVG's root element; an id two charts share is left to Batik. */
    private final Map<String, Chart.Drawing> byId = new HashMap<>();
    /**
     * Text as glyph outlines, as Batik drew a chart's text: openhtmltopdf's own drawer maps a Java
     * font to the page's fonts and fails on a family the page has none of (SansSerif).
     */
    private final PdfBoxGraphics2DFontTextDrawer outlines = new PdfBoxGraphics2DFontTextDrawer();
    private final List<Runnable> forBatik = new ArrayList<>();
    private final Supplier<SVGDrawer> makeBatik;
    private SVGDrawer batik;

    ChartDrawer(List<Chart> charts) {
        this(charts, BatikSVGDrawer::new);
    }

    /** {@code makeBatik}: the drawer of any other SVG, made when the page first holds one. */
    ChartDrawer(List<Chart> charts, Supplier<SVGDrawer> makeBatik) {
        this.makeBatik = makeBatik;
        Set<String> shared = new HashSet<>();
        for (Chart c : charts) {
            if (c.svg() != null && c.drawing() != null && byId.putIfAbsent(c.id(), c.drawing()) != null) {
                shared.add(c.id());
            }
        }
        byId.keySet().removeAll(shared);
    }

    @Override
    public SVGImage buildSVGImage(Element svg, Box box, CssContext css, double cssWidth, double cssHeight,
                                  double dotsPerPixel) {
        Chart.Drawing drawing = byId.get(svg.getAttribute("id"));
        if (drawing == null) {
            return batik().buildSVGImage(svg, box, css, cssWidth, cssHeight, dotsPerPixel);
        }
        return new Image(drawing, box, dotsPerPixel, outlines);
    }

    /** A chart sized as Batik sizes an SVG with a viewBox: its drawing size, scaled to its box. */
    private record Image(Chart.Drawing drawing, Box box, double dotsPerPixel, PdfBoxGraphics2DFontTextDrawer text)
            implements SVGImage {
        @Override
        public int getIntrinsicWidth() {
            return (int) (drawing.width() * dotsPerPixel);
        }

        @Override
        public int getIntrinsicHeight() {
            return (int) (drawing.height() * dotsPerPixel);
        }

        @Override
        public void drawSVG(OutputDevice device, RenderingContext ctx, double x, double y) {
            Rectangle bounds = box.getContentAreaEdge(box.getAbsX(), box.getAbsY(), ctx);
            AffineTransform scale = ReplacedElementScaleHelper.createScaleTransform(
                    dotsPerPixel, bounds, drawing.width(), drawing.height());
            device.drawWithGraphics((float) x, (float) y, (float) (bounds.width / dotsPerPixel),
                    (float) (bounds.height / dotsPerPixel), g -> {
                        if (g instanceof PdfBoxGraphics2D pdf) {
                            pdf.setFontTextDrawer(text);
                        }
                        if (scale != null) {
                            g.transform(scale);
                        }
                        drawing.draw(g);
                    });
        }
    }

    private SVGDrawer batik() {
        if (batik == null) {
            batik = makeBatik.get();
            forBatik.forEach(Runnable::run);
        }
        return batik;
    }

    /** Passed on to Batik now if it is made, else when it is. */
    private void forBatik(Runnable call) {
        forBatik.add(call);
        if (batik != null) {
            call.run();
        }
    }

    @Override
    public void importFontFaceRules(List<FontFaceRule> rules, SharedContext shared) {
        forBatik(() -> batik.importFontFaceRules(rules, shared));
    }

    @Override
    public void withUserAgent(UserAgentCallback agent) {
        forBatik(() -> batik.withUserAgent(agent));
    }

    @Override
    public void addFontFile(File file, String family, Integer weight, FontStyle style) {
        forBatik(() -> {
            try {
                batik.addFontFile(file, family, weight, style);
            } catch (IOException | FontFormatException e) {
                throw new IllegalStateException("font " + file + " for the PDF's SVG: " + e.getMessage(), e);
            }
        });
    }

    @Override
    public void close() throws IOException {
        outlines.close();
        if (batik != null) {
            batik.close();
        }
    }
}
