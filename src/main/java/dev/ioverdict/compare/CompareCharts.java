package dev.ioverdict.compare;

import dev.ioverdict.report.charts.Chart;
import dev.ioverdict.report.charts.Svg;
import java.awt.BasicStroke;
import java.awt.Color;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The comparison's charts, drawn like the report's (JFreeChart as inline SVG): before and after
 * latency CDFs overlaid per device and phase, and side-by-side bars of the headline figures.
 */
final class CompareCharts {
    static final Color BEFORE = new Color(0x9a, 0xa4, 0xb0);
    static final Color AFTER = new Color(0x2d, 0x6c, 0xb5);
    private static final int MAX_POINTS = 400;
    private static final int MAX_CDFS = 8;
    private static final List<String> CDF_PHASES = List.of("Q2C", "Q2Cdm", "D2C");

    private CompareCharts() {
    }

    static List<Chart> of(Comparison c, Side before, Side after) {
        List<Chart> out = new ArrayList<>();
        Chart bars = headlineBars(c);
        if (bars != null) {
            out.add(bars);
        }
        int n = 0;
        List<String> keys = new ArrayList<>(before.blockPhases().keySet());
        // per device Q2C (what the application waits) before D2C (the device)
        // the busiest device first (the one the case is about), then by id
        java.util.Map<String, Long> busy = new java.util.HashMap<>();
        before.blockPhases().forEach((k, d) -> busy.merge(k.split("\\|")[0], d.n(), Math::max));
        keys.sort(java.util.Comparator.comparingLong((String k) -> -busy.get(k.split("\\|")[0]))
                .thenComparing(k -> k.split("\\|")[0])
                .thenComparingInt(k -> CDF_PHASES.indexOf(k.split("\\|")[1])));
        for (String key : keys) {
            String[] dp = key.split("\\|");
            if (dp.length > 2 || !CDF_PHASES.contains(dp[1]) || n >= MAX_CDFS) {
                continue;
            }
            String otherKey = matchingKey(c, dp[0], after, dp[1]);
            Distribution a = otherKey == null ? null : after.blockPhases().get(otherKey);
            if (a == null) {
                continue;
            }
            String title = dp[1] + " on " + subject(c, dp[0]);
            out.add(cdf("cdf-" + n++, title, before, before.blockPhases().get(key), after, a));
        }
        for (var e : before.syscalls().entrySet()) {
            var a = after.syscalls().get(e.getKey());
            if (a == null || n >= MAX_CDFS || e.getKey().process().equals(SyscallSamples.ALL)
                    || c.metrics().stream().noneMatch(m -> m.metric().equals(e.getKey().call() + " median")
                            && m.subject().startsWith(e.getKey().process() + " (" + e.getKey().source()))) {
                continue;
            }
            out.add(cdf("cdf-" + n++, e.getKey().call() + " of " + e.getKey().process() + " (" + e.getKey().source() + ")",
                    before, e.getValue().distribution(), after, a.distribution()));
        }
        return out;
    }

    /** The after side's key for a before device: the device it was matched to. */
    private static String matchingKey(Comparison c, String device, Side after, String phase) {
        for (Comparison.MatchedDevice d : c.devices()) {
            if (d.beforeId().equals(device)) {
                return d.afterId() + "|" + phase;
            }
        }
        return null;
    }

    private static String subject(Comparison c, String device) {
        return c.devices().stream().filter(d -> d.beforeId().equals(device)).map(Comparison.MatchedDevice::subject)
                .findFirst().orElse(device);
    }

    private static Chart cdf(String id, String title, Side before, Distribution b, Side after, Distribution a) {
        XYSeriesCollection ds = new XYSeriesCollection();
        ds.addSeries(series(before.label() + " (n " + b.n() + ")", b));
        ds.addSeries(series(after.label() + " (n " + a.n() + ")", a));
        JFreeChart chart = ChartFactory.createXYLineChart(null, null, null, ds, PlotOrientation.VERTICAL, true, false,
                false);
        XYPlot plot = chart.getXYPlot();
        LogAxis x = new LogAxis("latency (ms, log scale)");
        x.setBase(10);
        x.setSmallestValue(1e-4);
        x.setTickUnit(new org.jfree.chart.axis.NumberTickUnit(1), false, true); // one tick per decade
        x.setNumberFormatOverride(new DecimalFormat("0.####", DecimalFormatSymbols.getInstance(Locale.ROOT)));
        plot.setDomainAxis(x);
        NumberAxis y = new NumberAxis("% of samples at or below");
        y.setRange(0, 100);
        plot.setRangeAxis(y);
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, false);
        r.setSeriesPaint(0, BEFORE);
        r.setSeriesPaint(1, AFTER);
        r.setSeriesStroke(0, new BasicStroke(2.2f));
        r.setSeriesStroke(1, new BasicStroke(2.2f));
        plot.setRenderer(r);
        return Chart.withoutData("compare", id, "Before and after: " + title,
                "Cumulative distribution of every sample (" + b.kind() + "): a curve further left is faster; "
                        + "where the curves part tells which I/Os changed (the bulk or the tail).",
                chart, 900, 330);
    }

    private static XYSeries series(String name, Distribution d) {
        XYSeries s = new XYSeries(name, true, true);
        long seen = 0;
        int step = Math.max(1, d.values().length / MAX_POINTS);
        for (int i = 0; i < d.values().length; i++) {
            seen += d.counts()[i];
            if ((i % step == 0 || i == d.values().length - 1) && d.values()[i] > 0) {
                s.add(d.values()[i] * 1000, 100.0 * seen / d.n());
            }
        }
        return s;
    }

    private static Chart headlineBars(Comparison c) {
        DefaultCategoryDataset ds = new DefaultCategoryDataset();
        int rows = 0;
        for (Metric m : c.metrics()) {
            if (!m.headline() || !("s".equals(m.unit()) || "ms".equals(m.unit())) || rows >= 10) {
                continue;
            }
            double toMs = "s".equals(m.unit()) ? 1000 : 1;
            String cat = m.metric() + ", " + m.subject();
            ds.addValue(m.before() * toMs, c.before().label(), cat);
            ds.addValue(m.after() * toMs, c.after().label(), cat);
            rows++;
        }
        if (rows == 0) {
            return null;
        }
        JFreeChart chart = ChartFactory.createBarChart(null, null, "ms", ds, PlotOrientation.HORIZONTAL, true, false,
                false);
        CategoryPlot plot = chart.getCategoryPlot();
        BarRenderer r = (BarRenderer) plot.getRenderer();
        r.setBarPainter(new StandardBarPainter());
        r.setShadowVisible(false);
        r.setSeriesPaint(0, BEFORE);
        r.setSeriesPaint(1, AFTER);
        r.setItemMargin(0.05);
        plot.getDomainAxis().setCategoryLabelPositions(CategoryLabelPositions.STANDARD);
        plot.getDomainAxis().setMaximumCategoryLabelWidthRatio(0.45f);
        plot.setRangeGridlinePaint(Svg.GRID);
        return Chart.withoutData("compare", "headline-bars", "Headline latencies, before and after",
                "The headline latencies side by side (ms): block Q2C, I/O syscalls, fio's clat, iostat's await or svc_t "
                        + "where no block trace was taken.",
                chart, 900, 90 + 46 * rows);
    }
}
