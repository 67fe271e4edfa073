package dev.ioverdict.report.charts;

import java.awt.Color;
import java.awt.Font;
import java.awt.geom.Rectangle2D;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.svg.SVGGraphics2D;

/** Turns a JFreeChart into SVG markup that is deterministic (fixed ids) and embeddable inline. */
public final class Svg {
    public static final Color GRID = new Color(0xdd, 0xdd, 0xdd);
    public static final Font FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 11);

    private Svg() {
    }

    public static String of(JFreeChart chart, String idPrefix, int width, int height) {
        style(chart);
        SVGGraphics2D g = new SVGGraphics2D(width, height);
        g.setDefsKeyPrefix(idPrefix + "-");
        chart.draw(g, new Rectangle2D.Double(0, 0, width, height));
        String svg = g.getSVGElement(idPrefix);
        // Scale with the page in both browser and PDF while keeping the drawing's aspect ratio.
        return svg.replaceFirst("<svg ", "<svg viewBox=\"0 0 " + width + " " + height
                + "\" preserveAspectRatio=\"xMidYMid meet\" ");
    }

    private static void style(JFreeChart chart) {
        chart.setBackgroundPaint(Color.WHITE);
        chart.setAntiAlias(true);
        chart.setTextAntiAlias(true);
        if (chart.getTitle() != null) {
            chart.getTitle().setFont(FONT.deriveFont(Font.BOLD, 13f));
        }
        Plot plot = chart.getPlot();
        plot.setBackgroundPaint(Color.WHITE);
        if (plot instanceof XYPlot xy) {
            xy.setDomainGridlinePaint(GRID);
            xy.setRangeGridlinePaint(GRID);
        }
    }
}
