package dev.ioverdict.report.charts;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.analysis.config.StorageConfig;
import dev.ioverdict.analysis.iostat.DeviceSeries;
import dev.ioverdict.analysis.iostat.IostatPoint;
import dev.ioverdict.analysis.iostat.IostatTimeline;
import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * Per device: response time (await, svc_t) on the left axis and busy % (%util, %b) on the right,
 * report by report. Idle devices and devices with a single report are left out, and at most
 * {@link #MAX_DEVICES} are drawn, busiest first, so that a 40-disk capture stays readable.
 */
public final class IostatCharts implements ChartProvider {
    static final int MAX_DEVICES = 6;
    static final int MAX_POINTS = 400;
    private static final Color RESPONSE = new Color(0xb3, 0x26, 0x1e);
    private static final Color BUSY = new Color(0x3b, 0x73, 0xb9);

    @Override
    public List<Chart> charts(CaseData data, List<dev.ioverdict.model.Mark> marks) {
        List<DeviceSeries> all = data.results().get(IostatTimeline.class).map(IostatTimeline::series).orElse(List.of());
        List<DeviceSeries> drawable = all.stream().filter(s -> !s.idle() && s.points().size() >= 2)
                .sorted(Comparator.comparingDouble(IostatCharts::avgBusy).reversed()
                        .thenComparing(Comparator.comparingDouble(IostatCharts::maxResponse).reversed())
                        .thenComparing(DeviceSeries::input).thenComparing(DeviceSeries::device))
                .toList();
        List<DeviceSeries> drawn = drawable.subList(0, Math.min(MAX_DEVICES, drawable.size()));
        long idle = all.stream().filter(DeviceSeries::idle).count();
        String left = left(all.size(), drawn.size(), drawable.size() - drawn.size(), idle,
                all.size() - drawable.size() - idle);
        List<Chart> charts = new ArrayList<>();
        for (int i = 0; i < drawn.size(); i++) {
            DeviceSeries s = drawn.get(i);
            String id = "iostat-" + (i + 1);
            JFreeChart drawing = chart(s);
            String notDrawn = origin(s) == null ? MarkLines.untimed(marks)
                    : MarkLines.draw(drawing.getXYPlot(), marks, origin(s));
            String caption = ResponseLines.of(s, s.responseLabel(), IostatPoint::responseMs).caption() + " and "
                    + s.busyLabel() + " (right, blue) per "
                    + (s.intervalSeconds() != null ? "report, " + num(s.intervalSeconds()) + " s apart" : "report")
                    + (perPoint(s) > 1 ? " (each point the maximum of " + perPoint(s) + " reports)" : "")
                    + ", from " + s.source() + "; the since-boot report is not drawn." + (i == 0 ? " " + left : "") + notDrawn;
            String name = data.results().get(StorageConfig.class).map(c -> c.label(s.device())).orElse(s.device());
            charts.add(Chart.of("iostat", id, name + " (" + s.source() + ")", caption, drawing, Svg.WIDTH, 260));
        }
        return charts;
    }

    private static JFreeChart chart(DeviceSeries s) {
        Double t0 = s.points().get(0).sample().time();
        boolean timed = t0 != null && s.points().stream().allMatch(p -> p.sample().time() != null);
        XYSeries busy = new XYSeries(s.busyLabel(), false, true);
        int per = perPoint(s);
        List<IostatPoint> points = s.points();
        java.util.function.ToDoubleFunction<IostatPoint> at = timed ? p -> p.sample().time() - t0 : p -> p.sample().report();
        ResponseLines lines = ResponseLines.of(s, s.responseLabel(), IostatPoint::responseMs);
        XYSeriesCollection response = new XYSeriesCollection();
        lines.series(points, per, at, "").forEach(response::addSeries);
        for (int i = 0; i < points.size(); i += per) {
            double worstBusy = Double.NaN;
            for (IostatPoint p : points.subList(i, Math.min(points.size(), i + per))) {
                worstBusy = max(worstBusy, p.busyPct());
            }
            if (!Double.isNaN(worstBusy)) {
                busy.add(at.applyAsDouble(points.get(i)), worstBusy);
            }
        }
        NumberAxis x = new NumberAxis(timed ? "seconds after " + DeviceSeries.when(s.points().get(0).sample()) : "report");
        x.setAutoRangeIncludesZero(false);
        x.setStandardTickUnits(NumberAxis.createIntegerTickUnits(Locale.ROOT));
        NumberAxis ms = new NumberAxis(lines.axis());
        NumberAxis pct = new NumberAxis(s.busyLabel());
        pct.setRange(0, 105);
        for (NumberAxis a : List.of(x, ms, pct)) {
            a.setLabelFont(Svg.FONT);
            a.setTickLabelFont(Svg.FONT);
            a.setNumberFormatOverride(java.text.NumberFormat.getNumberInstance(Locale.ROOT));
        }
        ms.setLabelPaint(RESPONSE);
        pct.setLabelPaint(BUSY);
        XYLineAndShapeRenderer responseLines = line(RESPONSE);
        responseLines.setSeriesPaint(1, ResponseLines.WRITES);
        responseLines.setSeriesStroke(1, new BasicStroke(1.6f));
        XYPlot plot = new XYPlot(response, x, ms, responseLines);
        plot.setRangeAxis(1, pct);
        plot.setDataset(1, new XYSeriesCollection(busy));
        plot.setRenderer(1, line(BUSY));
        plot.mapDatasetToRangeAxis(1, 1);
        return new JFreeChart(null, Svg.FONT, plot, true);
    }

    /** The wall-clock time (epoch s) of the chart's x = 0 when every report is stamped, else null. */
    static Double origin(DeviceSeries s) {
        boolean timed = s.points().stream().allMatch(p -> p.sample().time() != null);
        return timed ? s.points().get(0).sample().time() : null;
    }

    /** Reports per drawn point: a day of one-second reports would make megabytes of SVG, so long series show maxima. */
    static int perPoint(DeviceSeries s) {
        return Math.max(1, (s.points().size() + MAX_POINTS - 1) / MAX_POINTS);
    }

    private static double max(double acc, double v) {
        return Double.isNaN(v) ? acc : Double.isNaN(acc) ? v : Math.max(acc, v);
    }

    private static XYLineAndShapeRenderer line(Color color) {
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, false);
        r.setDrawSeriesLineAsPath(true); // one SVG path per series, not one element per segment
        r.setSeriesPaint(0, color);
        r.setSeriesStroke(0, new BasicStroke(1.6f));
        return r;
    }

    private static String left(int all, int drawn, int capped, long idle, long single) {
        StringBuilder sb = new StringBuilder(
                String.format(Locale.ROOT, "%d of %d devices charted, busiest first", drawn, all));
        List<String> why = new ArrayList<>();
        if (capped > 0) {
            why.add(capped + " more not charted (at most " + MAX_DEVICES + ")");
        }
        if (idle > 0) {
            why.add(idle + " idle");
        }
        if (single > 0) {
            why.add(single + " with a single report");
        }
        return sb.append(why.isEmpty() ? "." : "; " + String.join(", ", why) + ".").toString();
    }

    private static double avgBusy(DeviceSeries s) {
        return s.points().stream().mapToDouble(IostatPoint::busyPct).filter(v -> !Double.isNaN(v)).average().orElse(0);
    }

    private static double maxResponse(DeviceSeries s) {
        return s.points().stream().mapToDouble(IostatPoint::responseMs).filter(v -> !Double.isNaN(v)).max().orElse(0);
    }

    private static String num(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }
}
