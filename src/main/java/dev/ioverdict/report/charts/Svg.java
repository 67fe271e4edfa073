package dev.ioverdict.report.charts;

import java.awt.Color;
import java.awt.Font;
import java.awt.geom.Rectangle2D;
import java.math.BigDecimal;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.Axis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.svg.SVGGraphics2D;

/**
 * Turns a JFreeChart into SVG markup that is deterministic (fixed ids) and embeddable inline.
 * Charts are drawn {@link #WIDTH} px wide with {@link #FONT} text: on an A4 page (182 mm of text
 * width, 516 pt) that prints the smallest text at 12 x 516 / 760 = 8.1 pt.
 */
public final class Svg {
    public static final Color GRID = new Color(0xdd, 0xdd, 0xdd);
    public static final Font FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    /** The usual drawing width in px; see the class comment for what it means for text in the PDF. */
    public static final int WIDTH = 760;

    private Svg() {
    }

    public static String of(JFreeChart chart, String idPrefix, int width, int height) {
        style(chart);
        SVGGraphics2D g = new SVGGraphics2D(width, height);
        g.setGeomDoubleConverter(Svg::coordinate);
        g.setDefsKeyPrefix(idPrefix + "-");
        chart.draw(g, new Rectangle2D.Double(0, 0, width, height));
        String svg = g.getSVGElement(idPrefix);
        // Scale with the page in both browser and PDF while keeping the drawing's aspect ratio.
        return svg.replaceFirst("<svg ", "<svg viewBox=\"0 0 " + width + " " + height
                + "\" preserveAspectRatio=\"xMidYMid meet\" ");
    }

    /**
     * A coordinate to a hundredth of a drawing pixel (2.4 µm on the printed page), without trailing
     * zeros: JFreeSVG's default writes the shortest exact decimal of the double, some 17 digits, and
     * a scatter's points then made a third of a report page's bytes (the D2C chart of
     * xfs-unaligned-512b: 392 KB of a 1 MB page), all of it parsed again by the browser.
     */
    static String coordinate(double v) {
        if (!(Math.abs(v) < 1e12)) {
            return Double.toString(v); // NaN, infinite or far off the drawing: as it is
        }
        // the hundredths as a decimal of scale 2, its trailing zeros dropped (as Figures.number writes one)
        return BigDecimal.valueOf(Math.round(v * 100), 2).stripTrailingZeros().toPlainString();
    }

    /** No axis text smaller than FONT, whatever the chart set. */
    private static void legible(Axis axis) {
        if (axis == null) {
            return;
        }
        if (axis.getLabelFont().getSize2D() < FONT.getSize2D()) {
            axis.setLabelFont(axis.getLabelFont().deriveFont(FONT.getSize2D()));
        }
        if (axis.getTickLabelFont().getSize2D() < FONT.getSize2D()) {
            axis.setTickLabelFont(axis.getTickLabelFont().deriveFont(FONT.getSize2D()));
        }
    }

    private static void style(JFreeChart chart) {
        chart.setBackgroundPaint(Color.WHITE);
        chart.setAntiAlias(true);
        chart.setTextAntiAlias(true);
        if (chart.getTitle() != null) {
            chart.getTitle().setFont(FONT.deriveFont(Font.BOLD, 13f));
        }
        if (chart.getLegend() != null) {
            chart.getLegend().setItemFont(FONT);
        }
        Plot plot = chart.getPlot();
        plot.setBackgroundPaint(Color.WHITE);
        if (plot instanceof XYPlot xy) {
            xy.setDomainGridlinePaint(GRID);
            xy.setRangeGridlinePaint(GRID);
            for (int i = 0; i < xy.getDomainAxisCount(); i++) {
                legible(xy.getDomainAxis(i));
            }
            for (int i = 0; i < xy.getRangeAxisCount(); i++) {
                legible(xy.getRangeAxis(i));
            }
        } else if (plot instanceof CategoryPlot cp) {
            for (int i = 0; i < cp.getDomainAxisCount(); i++) {
                legible(cp.getDomainAxis(i));
            }
            for (int i = 0; i < cp.getRangeAxisCount(); i++) {
                legible(cp.getRangeAxis(i));
            }
        }
    }
}
