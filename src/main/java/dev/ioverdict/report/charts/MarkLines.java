package dev.ioverdict.report.charts;

import dev.ioverdict.model.Mark;
import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.Range;
import org.jfree.data.general.DatasetUtils;

/**
 * The user's marks (--mark) as labelled vertical lines on a time chart, and the one sentence for a
 * caption that says which marks could not be drawn and why, so that a missing line is never silent.
 */
final class MarkLines {
    static final Color MARK = new Color(0x6a, 0x3d, 0x9a);

    private MarkLines() {
    }

    /** For a chart drawn report by report, without times: no mark can be placed. */
    static String untimed(List<Mark> marks) {
        return marks.isEmpty() ? "" : " Not drawn: " + String.join(", ", marks.stream().map(Mark::label).toList())
                + " (iostat printed no time stamps, -t: its reports cannot be placed in time).";
    }

    /**
     * Draws the marks that fall inside the data's span on {@code plot}, whose x axis counts seconds from
     * {@code originEpoch} (null: a clock with no wall-clock time, as a block trace's). Returns "" or a sentence.
     */
    static String draw(XYPlot plot, List<Mark> marks, Double originEpoch) {
        if (marks.isEmpty()) {
            return "";
        }
        Range span = null;
        for (int i = 0; i < plot.getDatasetCount(); i++) {
            if (plot.getDataset(i) != null) {
                span = Range.combine(span, DatasetUtils.findDomainBounds(plot.getDataset(i)));
            }
        }
        List<String> noClock = new ArrayList<>();
        List<String> outside = new ArrayList<>();
        for (Mark m : marks) {
            Double x = m.x(originEpoch);
            if (x == null) {
                noClock.add(m.label());
            } else if (span == null || x < span.getLowerBound() - 1e-9 || x > span.getUpperBound() + 1e-9) {
                outside.add(m.label());
            } else {
                ValueMarker line = new ValueMarker(x, MARK, new BasicStroke(1.4f, BasicStroke.CAP_BUTT,
                        BasicStroke.JOIN_MITER, 4f, new float[] {5f, 3f}, 0f));
                line.setLabel(m.label());
                line.setLabelFont(Svg.FONT);
                line.setLabelPaint(MARK);
                line.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
                line.setLabelTextAnchor(TextAnchor.TOP_LEFT);
                plot.addDomainMarker(0, line, Layer.FOREGROUND);
            }
        }
        StringBuilder sb = new StringBuilder();
        if (!noClock.isEmpty()) {
            sb.append(" Not drawn: ").append(String.join(", ", noClock))
                    .append(" (a wall-clock time; this data counts seconds from its own start, with no clock time).");
        }
        if (!outside.isEmpty()) {
            sb.append(" Outside this chart's span: ").append(String.join(", ", outside)).append('.');
        }
        return sb.toString();
    }
}
