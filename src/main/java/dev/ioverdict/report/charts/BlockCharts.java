package dev.ioverdict.report.charts;

import dev.ioverdict.model.block.Phase;
import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.model.block.BlockDeviceStats;
import dev.ioverdict.model.block.BlockSection;
import dev.ioverdict.model.block.BlockTrace;
import dev.ioverdict.model.block.DeviceTimeline;
import dev.ioverdict.model.block.LatencyHistogram;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.geom.Rectangle2D;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.StackedBarRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The block section's charts: where Q2C goes per device (btt's Device Overhead as stacked bars),
 * the latency distribution per device (log scale), and D2C of each sampled completion over time,
 * where outliers stand out.
 */
public final class BlockCharts implements ChartProvider {
    static final String SECTION = "block";
    private static final List<Phase> OVERHEAD = Phase.OVERHEAD;
    private static final Color[] PHASE_COLORS = {
        new Color(0xe0, 0x8e, 0x2b), new Color(0xf2, 0xc9, 0x4c), new Color(0x9a, 0xa4, 0xb0),
        new Color(0xb3, 0x26, 0x1e), new Color(0x2d, 0x6c, 0xb5)};
    private static final Color[] SERIES_COLORS = {
        new Color(0x2d, 0x6c, 0xb5), new Color(0xb3, 0x26, 0x1e), new Color(0x3c, 0x8a, 0x3a),
        new Color(0xd0, 0x8a, 0x00), new Color(0x6a, 0x3d, 0x9a), new Color(0x17, 0x9c, 0x9c),
        new Color(0x88, 0x55, 0x33), new Color(0x55, 0x55, 0x55)};
    private static final int MAX_SERIES = SERIES_COLORS.length;
    private static final int MAX_POINTS = 1500;
    private static final int SLOWEST_KEPT = 300;

    @Override
    public List<Chart> charts(CaseData data, List<dev.ioverdict.model.Mark> marks) {
        BlockTrace trace = data.results().get(BlockTrace.class).orElse(null);
        BlockSection section = trace != null ? trace.section() : data.results().get(BlockSection.class).orElse(null);
        List<Chart> out = new ArrayList<>();
        if (section == null) {
            return out;
        }
        // devices by the one label every page gives them, not by the trace's numbers
        java.util.function.UnaryOperator<String> label = d -> data.results()
                .get(dev.ioverdict.analysis.config.StorageConfig.class).map(c -> c.label(d)).orElse(d);
        Chart shares = phaseShares(section, label);
        if (shares != null) {
            out.add(shares);
        }
        if (trace != null && !trace.histograms().isEmpty()) {
            out.add(latencyDistribution(trace.histograms(), label));
        }
        if (trace != null && trace.timelines().stream().anyMatch(t -> !t.d2cPoints().isEmpty())) {
            out.add(d2cOverTime(trace.timelines(), marks, label));
        }
        return out;
    }

    private static Chart phaseShares(BlockSection section, java.util.function.UnaryOperator<String> label) {
        DefaultCategoryDataset ds = new DefaultCategoryDataset();
        List<BlockDeviceStats> rows = new ArrayList<>(section.devices().stream()
                .filter(d -> !d.overheadPct().isEmpty()).toList());
        if (rows.size() > 1 && section.all() != null && !section.all().overheadPct().isEmpty()) {
            rows.add(section.all());
        }
        if (rows.isEmpty()) {
            return null;
        }
        double widest = 100;
        for (BlockDeviceStats d : rows) {
            double sum = 0;
            for (Phase p : OVERHEAD) {
                double v = d.overheadPct().getOrDefault(p, 0.0);
                ds.addValue(v, p.name(), d.device().equals("all") ? "all devices" : label.apply(d.device()));
                sum += v;
            }
            widest = Math.max(widest, sum);
        }
        JFreeChart chart = ChartFactory.createStackedBarChart(null, null, "% of Q2C", ds,
                PlotOrientation.HORIZONTAL, true, false, false);
        CategoryPlot plot = chart.getCategoryPlot();
        StackedBarRenderer r = (StackedBarRenderer) plot.getRenderer();
        r.setBarPainter(new StandardBarPainter());
        r.setShadowVisible(false);
        r.setMaximumBarWidth(0.5);
        for (int i = 0; i < OVERHEAD.size(); i++) {
            r.setSeriesPaint(i, PHASE_COLORS[i]);
        }
        NumberAxis range = (NumberAxis) plot.getRangeAxis();
        range.setRange(0, widest <= 100.5 ? 100 : Math.ceil(widest / 10) * 10); // btt rounds: 100.01 % is 100
        range.setNumberFormatOverride(decimal("0"));
        plot.setRangeGridlinePaint(Svg.GRID);
        int height = 100 + 34 * rows.size();
        return Chart.of(SECTION, "block-phases", "Where Q2C goes, per device",
                "btt's Device Overhead: each phase's total time as a share of the total queue-to-complete time. "
                        + "I2D is time in the I/O scheduler, D2C time in the device; Q2G/G2I waiting for a request.",
                chart, Svg.WIDTH, height);
    }

    /**
     * Cumulative distribution per device and phase: the share of I/Os done within each bucket's upper
     * bound, a line per series, so a slow tail shows as a line that reaches 100 % late.
     */
    private static Chart latencyDistribution(List<LatencyHistogram> histograms, java.util.function.UnaryOperator<String> label) {
        XYSeriesCollection ds = new XYSeriesCollection();
        for (LatencyHistogram h : histograms) {
            long total = h.buckets().stream().mapToLong(LatencyHistogram.Bucket::count).sum();
            if (total == 0 || ds.getSeriesCount() >= MAX_SERIES) {
                continue;
            }
            XYSeries s = new XYSeries(label.apply(h.device()) + " " + h.phase(), false, true);
            long done = 0;
            long seen = 0;
            for (LatencyHistogram.Bucket b : h.buckets()) {
                done += b.count();
                if (b.upTo() > 0 && Double.isFinite(b.upTo()) && (done > 0 || b.count() > 0)) { // log scale: no zeros
                    s.add(b.upTo() * 1000, 100.0 * done / total);
                    seen = done;
                }
                if (seen == total) {
                    break;
                }
            }
            ds.addSeries(s);
        }
        String caption = "Share of I/Os that finished within each latency (cumulative), per device and phase "
                + "(D2C: device time, Q2C: whole block layer). A line that reaches 100 % far to the right is a slow tail.";
        if (ds.getSeriesCount() == 0) {
            return Chart.empty(SECTION, "block-latency", "Latency distribution", caption,
                    "Nothing to draw: the trace has no timed I/O (no completion matched to its issue).");
        }
        JFreeChart chart = ChartFactory.createXYLineChart(null, null, null, ds, PlotOrientation.VERTICAL,
                true, false, false);
        XYPlot plot = chart.getXYPlot();
        plot.setDomainAxis(msAxis("latency (ms, log scale)"));
        NumberAxis share = new NumberAxis("% of I/Os within (cumulative)");
        share.setRange(0, 100.5);
        share.setTickUnit(new NumberTickUnit(20));
        share.setNumberFormatOverride(decimal("0"));
        plot.setRangeAxis(share);
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, true);
        colour(r, ds.getSeriesCount());
        for (int i = 0; i < ds.getSeriesCount(); i++) {
            r.setSeriesShape(i, new Rectangle2D.Double(-2.5, -2.5, 5, 5));
        }
        plot.setRenderer(r);
        return Chart.of(SECTION, "block-latency", "Latency distribution", caption, chart, Svg.WIDTH, 300);
    }

    /** Traces whose first completions lie this far apart were recorded on different clocks (or days). */
    private static final double OTHER_CLOCK_SECONDS = 86_400;

    private static Chart d2cOverTime(List<DeviceTimeline> timelines, List<dev.ioverdict.model.Mark> marks,
                                     java.util.function.UnaryOperator<String> label) {
        XYSeriesCollection ds = new XYSeriesCollection();
        // devices of one trace share its clock; a second trace in the bundle gets its own origin, never one axis
        // from 0 to 10^9 s
        List<DeviceTimeline> timed = timelines.stream().filter(t -> !t.d2cPoints().isEmpty())
                .sorted(java.util.Comparator.comparingDouble(t -> t.d2cPoints().get(0).time())).toList();
        double origin = 0;
        int clock = 0;
        double previous = Double.NaN;
        for (DeviceTimeline t : timed) {
            double first = t.d2cPoints().stream().mapToDouble(DeviceTimeline.Point::time).min().orElse(0);
            if (Double.isNaN(previous) || first - previous > OTHER_CLOCK_SECONDS) {
                origin = first;
                clock++;
            }
            previous = first;
            if (ds.getSeriesCount() >= MAX_SERIES) {
                continue;
            }
            XYSeries s = new XYSeries(label.apply(t.device()), false, true);
            for (DeviceTimeline.Point p : thin(t.d2cPoints())) {
                s.add(p.time() - origin, Math.max(p.d2c(), 1e-7) * 1000);
            }
            ds.addSeries(s);
        }
        String axis = clock > 1 ? "completion time (s from the start of each device's trace: the bundle holds "
                + clock + " traces on different clocks)" : "completion time (s from trace start)";
        JFreeChart chart = ChartFactory.createScatterPlot(null, axis, null, ds,
                PlotOrientation.VERTICAL, true, false, false);
        XYPlot plot = chart.getXYPlot();
        plot.setRangeAxis(msAxis("D2C (ms, log scale)"));
        ((NumberAxis) plot.getDomainAxis()).setNumberFormatOverride(decimal("0.###"));
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(false, true);
        colour(r, ds.getSeriesCount());
        r.setDrawOutlines(false);
        for (int i = 0; i < ds.getSeriesCount(); i++) {
            r.setSeriesShape(i, new Rectangle2D.Double(-1.5, -1.5, 3, 3)); // a rect is the smallest SVG mark
        }
        plot.setRenderer(r);
        // a block trace counts from its own start: only marks in seconds since the start can be placed
        String notDrawn = clock > 1 ? "" : MarkLines.draw(plot, marks, null);
        return Chart.of(SECTION, "block-d2c-time", "D2C over time",
                "Device time of sampled completions (the slowest always included): outliers sit high above the band."
                        + notDrawn,
                chart, Svg.WIDTH, 300);
    }

    private static LogAxis msAxis(String label) {
        LogAxis axis = new LogAxis(label);
        axis.setBase(10);
        axis.setSmallestValue(1e-4);
        axis.setTickUnit(new NumberTickUnit(1), false, true); // one tick per decade (log space)
        axis.setMinorTickMarksVisible(true);
        axis.setNumberFormatOverride(decimal("0.####"));
        return axis;
    }

    /**
     * At most MAX_POINTS points per device, so the SVG stays small: the slowest completions all
     * stay, the rest is an even subsample in time order.
     */
    static List<DeviceTimeline.Point> thin(List<DeviceTimeline.Point> points) {
        if (points.size() <= MAX_POINTS) {
            return points;
        }
        List<DeviceTimeline.Point> bySlowest = new ArrayList<>(points);
        bySlowest.sort((a, b) -> Double.compare(b.d2c(), a.d2c()));
        double cutoff = bySlowest.get(SLOWEST_KEPT - 1).d2c();
        int stride = (int) Math.ceil((double) points.size() / (MAX_POINTS - SLOWEST_KEPT));
        List<DeviceTimeline.Point> out = new ArrayList<>();
        int kept = 0;
        for (int i = 0; i < points.size(); i++) {
            DeviceTimeline.Point p = points.get(i);
            boolean slowest = p.d2c() >= cutoff && kept < SLOWEST_KEPT;
            if (slowest) {
                kept++;
            }
            if (slowest || i % stride == 0) {
                out.add(p);
            }
        }
        return out;
    }

    private static void colour(XYLineAndShapeRenderer r, int series) {
        for (int i = 0; i < series; i++) {
            r.setSeriesPaint(i, SERIES_COLORS[i % SERIES_COLORS.length]);
            r.setSeriesStroke(i, new BasicStroke(1.5f));
        }
    }

    private static DecimalFormat decimal(String pattern) {
        return new DecimalFormat(pattern, DecimalFormatSymbols.getInstance(Locale.ROOT));
    }
}
