package dev.ioverdict.report.charts;

import dev.ioverdict.report.SafeText;
import java.math.BigDecimal;
import java.math.MathContext;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.Axis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.category.CategoryDataset;
import org.jfree.data.xy.XYDataset;

/**
 * The data a chart draws, as CSV read back from its datasets, so the numbers behind every picture
 * can be taken into a spreadsheet: one row per point, the series first, columns named after the
 * axes (with their units).
 */
final class ChartCsv {
    record Table(String csv, int points) {
    }

    private ChartCsv() {
    }

    static Table of(JFreeChart chart) {
        Plot plot = chart.getPlot();
        StringBuilder sb = new StringBuilder();
        int points = 0;
        if (plot instanceof XYPlot xy) {
            sb.append("series,").append(cell(label(xy.getDomainAxis(), "x"))).append(',')
                    .append(cell(xy.getRangeAxisCount() > 1 ? "value" : label(xy.getRangeAxis(), "y"))).append('\n');
            for (int d = 0; d < xy.getDatasetCount(); d++) {
                XYDataset ds = xy.getDataset(d);
                if (ds == null) {
                    continue;
                }
                for (int s = 0; s < ds.getSeriesCount(); s++) {
                    String name = ds.getSeriesKey(s).toString();
                    if (xy.getRangeAxisCount() > 1) { // two axes: the value's unit is its axis's
                        String axis = label(xy.getRangeAxisForDataset(d), "y");
                        name = axis.startsWith(name) ? axis : name + " (" + axis + ")";
                    }
                    for (int i = 0; i < ds.getItemCount(s); i++) {
                        double y = ds.getYValue(s, i);
                        if (Double.isNaN(y)) {
                            continue;
                        }
                        sb.append(cell(name)).append(',').append(number(ds.getXValue(s, i))).append(',')
                                .append(number(y)).append('\n');
                        points++;
                    }
                }
            }
        } else if (plot instanceof CategoryPlot cp) {
            sb.append("series,").append(cell(label(cp.getDomainAxis(), "category"))).append(',')
                    .append(cell(label(cp.getRangeAxis(), "value"))).append('\n');
            for (int d = 0; d < cp.getDatasetCount(); d++) {
                CategoryDataset ds = cp.getDataset(d);
                if (ds == null) {
                    continue;
                }
                for (int r = 0; r < ds.getRowCount(); r++) {
                    for (int c = 0; c < ds.getColumnCount(); c++) {
                        Number v = ds.getValue(r, c);
                        if (v == null) {
                            continue;
                        }
                        sb.append(cell(ds.getRowKey(r).toString())).append(',').append(cell(ds.getColumnKey(c).toString()))
                                .append(',').append(number(v.doubleValue())).append('\n');
                        points++;
                    }
                }
            }
        }
        return new Table(sb.toString(), points);
    }

    private static String label(Axis axis, String fallback) {
        if (axis == null || axis.getLabel() == null || axis.getLabel().isBlank()) {
            return fallback;
        }
        return axis.getLabel().replace(", log scale", "").replace(" (log scale)", ""); // the CSV holds values, not a scale
    }

    /** Full precision, no exponent, no trailing zeros: what a spreadsheet reads in any locale. */
    static String number(double v) {
        if (!Double.isFinite(v)) {
            return "";
        }
        // 12 significant digits: every digit the data has, without binary noise (1.5175019999999981)
        String s = new BigDecimal(v).round(new MathContext(12)).stripTrailingZeros().toPlainString();
        return s.equals("-0") ? "0" : s;
    }

    /** A text cell: quoted as needed, and never a formula (a series named {@code =HYPERLINK(...)}). */
    static String cell(String s) {
        return SafeText.csvField(s);
    }
}
