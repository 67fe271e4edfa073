package dev.ioverdict.report.charts;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.jfree.chart.JFreeChart;

/**
 * One chart of a report section (iostat, block, syscalls): standalone SVG markup and the data it
 * draws as CSV, or, when there is nothing to draw, no SVG and one line saying why.
 */
public record Chart(String section, String id, String title, String caption, String svg, String csv,
                    String emptyReason) {
    /** A drawing without its data (kept for charts made elsewhere). */
    public Chart(String section, String id, String title, String caption, String svg) {
        this(section, id, title, caption, svg, null, null);
    }

    /** The chart drawn as SVG at width x height (px) with its data as CSV; an empty plot becomes a line saying so. */
    public static Chart of(String section, String id, String title, String caption, JFreeChart chart, int width, int height) {
        ChartCsv.Table data = ChartCsv.of(chart);
        if (data.points() == 0) {
            return empty(section, id, title, caption, "Nothing to draw: no data point in the range this chart shows.");
        }
        return new Chart(section, id, title, caption, Svg.of(chart, id, width, height), data.csv(), null);
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
