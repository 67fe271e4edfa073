package dev.ioverdict.report.charts;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.jfree.chart.JFreeChart;

/**
 * One chart of a report section (iostat, block, syscalls): standalone SVG markup and the data it
 * draws as CSV, or, when there is nothing to draw, no SVG and one line saying why. {@code drawing}
 * draws the same picture again onto any Graphics2D (the PDF's charts, with no SVG parsed back);
 * null when there is only the SVG (a chart made elsewhere, or one whose SVG was rewritten).
 */
public record Chart(String section, String id, String title, String caption, String svg, String csv,
                    String emptyReason, Drawing drawing) {
    /** As the canonical constructor, with no drawing beside the SVG. */
    public Chart(String section, String id, String title, String caption, String svg, String csv, String emptyReason) {
        this(section, id, title, caption, svg, csv, emptyReason, null);
    }

    /**
     * The chart as {@link Svg#of} drew it, {@code width} x {@code height} drawing pixels, to be drawn
     * again. JFreeChart draws from one thread at a time, so draws of one chart take turns.
     */
    public record Drawing(JFreeChart chart, int width, int height) {
        /** Draws the chart into (0, 0, width, height) of {@code g}'s user space. */
        public void draw(Graphics2D g) {
            synchronized (chart) {
                chart.draw(g, new Rectangle2D.Double(0, 0, width, height));
            }
        }
    }

    /** The chart drawn as SVG at width x height (px) with its data as CSV; an empty plot becomes a line saying so. */
    public static Chart of(String section, String id, String title, String caption, JFreeChart chart, int width, int height) {
        ChartCsv.Table data = ChartCsv.of(chart);
        if (data.points() == 0) {
            return empty(section, id, title, caption, "Nothing to draw: no data point in the range this chart shows.");
        }
        return drawn(section, id, title, caption, chart, width, height, data.csv());
    }

    /** The chart drawn as SVG at width x height (px), with no data offered beside it (the compare page's). */
    public static Chart withoutData(String section, String id, String title, String caption, JFreeChart chart,
                                    int width, int height) {
        return drawn(section, id, title, caption, chart, width, height, null);
    }

    /** The chart as SVG and as its drawing, with {@code csv} (null: none) beside it. */
    private static Chart drawn(String section, String id, String title, String caption, JFreeChart chart, int width,
                               int height, String csv) {
        return new Chart(section, id, title, caption, Svg.of(chart, id, width, height), csv, null,
                new Drawing(chart, width, height));
    }

    /** No drawing: the reason stands where the chart would be. */
    public static Chart empty(String section, String id, String title, String caption, String reason) {
        return new Chart(section, id, title, caption, null, null, reason);
    }

    /** The CSV as a data: URI payload, so the page offers it for download without any file beside it. */
    public String csvBase64() {
        return csv == null ? null : Base64.getEncoder().encodeToString(csv.getBytes(StandardCharsets.UTF_8));
    }

    /** The file name of the chart's data, in the page's download link and in --csv DIR. */
    public String csvFileName() {
        return id + ".csv";
    }
}
