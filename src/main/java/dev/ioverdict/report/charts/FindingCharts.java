package dev.ioverdict.report.charts;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.analysis.iostat.DeviceSeries;
import dev.ioverdict.analysis.iostat.IostatPoint;
import dev.ioverdict.analysis.iostat.IostatTimeline;
import dev.ioverdict.analysis.syscall.SyscallHistograms;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Mark;
import dev.ioverdict.model.Measurement;
import dev.ioverdict.model.Metric;
import dev.ioverdict.model.block.BlockDeviceStats;
import dev.ioverdict.model.block.BlockSection;
import dev.ioverdict.model.block.BlockTrace;
import dev.ioverdict.model.block.DeviceTimeline;
import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.iostat.IostatDialect;
import dev.ioverdict.rules.ChartSpec;
import dev.ioverdict.rules.Meaning;
import dev.ioverdict.rules.RuleCatalogue;
import dev.ioverdict.rules.SubjectMetrics;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.geom.Rectangle2D;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * One chart per finding, beside it: the metric the rule judged, the rule's limit drawn as a dashed
 * series (its value is in the finding's {@code limit...} figures, so a --config change moves the
 * line), and the reports or intervals over the limit shaded. Where the finding rests on totals with
 * no series (a btt text report, LinuxKI's per-process sums) the chart is one line saying so.
 * Charts of finding N go to section {@code finding-N}, the same N as the finding's anchor.
 */
public final class FindingCharts {
    static final Color METRIC = new Color(0xb3, 0x26, 0x1e);
    static final Color SECOND = new Color(0x3b, 0x73, 0xb9);
    static final Color LIMIT = new Color(0x33, 0x33, 0x33);
    static final Color SHADE = new Color(0xf4, 0xc7, 0xc3);
    private static final int MAX_POINTS = 400;
    private static final int MAX_SHADES = 60;
    /** Fewer points than this make no picture: a single dot on an empty axis says less than the figures. */
    private static final int MIN_POINTS = 3;

    private FindingCharts() {
    }

    public static List<Chart> draw(CaseData data, List<Finding> findings, List<Mark> marks) {
        List<Chart> out = new ArrayList<>();
        for (int i = 0; i < findings.size(); i++) {
            out.add(chart(data, findings.get(i), "finding-" + (i + 1), marks));
        }
        return out;
    }

    /** The chart the finding's rule declares for it ({@link Meaning#chart}). */
    static Chart chart(CaseData data, Finding f, String section, List<Mark> marks) {
        String id = section + "-" + f.rule();
        return switch (RuleCatalogue.meaning(f.rule()).chartOf(f)) {
            case ChartSpec.IostatSeries spec -> iostat(data, f, spec, section, id, marks);
            case ChartSpec.D2cTimeline spec -> d2c(data, f, spec, section, id, marks);
            case ChartSpec.Shares spec -> shares(data, f, spec, section, id);
            case ChartSpec.Distribution spec -> distribution(data, f, section, id, spec.call(), spec.limit());
            case ChartSpec.None none -> Chart.empty(section, id, "What " + f.rule() + " judged", "",
                    "No chart: this finding rests on counts or events over the whole capture, not on a measurement "
                            + "over time; its figures and lines are above.");
        };
    }

    /** iostat findings: the judged time (left) and busy %, queue or %w (right), limits dashed, flagged reports shaded. */
    private static Chart iostat(CaseData data, Finding f, ChartSpec.IostatSeries spec, String section, String id,
                                List<Mark> marks) {
        String input = f.text(spec.input()).orElse("");
        String device = f.text(spec.device()).orElse("");
        DeviceSeries s = data.results().get(IostatTimeline.class).flatMap(t -> t.series().stream()
                .filter(x -> x.input().equals(input) && x.device().equals(device)).findFirst()).orElse(null);
        String title = device + " in " + input;
        if (s == null || s.points().size() < 2) {
            return Chart.empty(section, id, title, "", "No chart: " + (s == null ? "the iostat series is not in this "
                    + "report (outside the time window)" : "a single iostat report, nothing to draw over time")
                    + "; the figures above are that report's.");
        }
        boolean solaris = s.dialect() == IostatDialect.SOLARIS;
        boolean active = spec.activeTime() && solaris && s.points().get(0).sample().has("asvc_t");
        String combinedLabel = active ? "asvc_t" : s.responseLabel();
        ToDoubleFunction<IostatPoint> combined = active ? p -> p.sample().value("asvc_t") : IostatPoint::responseMs;
        ResponseLines lines = ResponseLines.of(s, combinedLabel, combined);
        // a finding about one direction is judged, and shaded, on that direction's line; else on the combined figure
        Judged judged = f.text(SubjectMetrics.DIRECTION).filter(d -> lines.apart()).map(d -> d.startsWith("write") ? 1 : 0)
                .map(i -> new Judged(lines.labels().get(i), lines.values().get(i)))
                .orElse(new Judged(combinedLabel, combined));
        double limitMs = limit(f, spec.responseLimit()) * 1000;
        ChartSpec.Axis axis = solaris ? spec.solarisSecond() : spec.second();
        String secondLabel = switch (axis.series()) {
            case BUSY -> s.busyLabel();
            case QUEUE -> s.queueLabel();
            case WAIT_PCT -> "%w";
        };
        ToDoubleFunction<IostatPoint> second = switch (axis.series()) {
            case BUSY -> IostatPoint::busyPct;
            case QUEUE -> IostatPoint::queue;
            case WAIT_PCT -> IostatPoint::waitPct;
        };
        double secondLimit = axis.limit() == null ? Double.NaN : limit(f, axis.limit());
        Predicate<IostatPoint> over;
        if (axis.limit() == null) {
            over = p -> p.hasIo() && judged.values().applyAsDouble(p) >= limitMs;
        } else if (axis.andResponse()) {
            over = p -> second.applyAsDouble(p) >= secondLimit && judged.values().applyAsDouble(p) >= limitMs;
        } else {
            over = p -> second.applyAsDouble(p) >= secondLimit;
        }
        Double origin = IostatCharts.origin(s);
        ToDoubleFunction<IostatPoint> x = origin != null ? p -> p.sample().time() - origin : p -> p.sample().report();
        XYSeries right = new XYSeries(secondLabel, false, true);
        int per = Math.max(1, (s.points().size() + MAX_POINTS - 1) / MAX_POINTS);
        List<IostatPoint> points = s.points();
        for (int i = 0; i < points.size(); i += per) {
            double worstRight = Double.NaN;
            for (IostatPoint p : points.subList(i, Math.min(points.size(), i + per))) {
                worstRight = max(worstRight, second.applyAsDouble(p));
            }
            if (!Double.isNaN(worstRight)) {
                right.add(x.applyAsDouble(points.get(i)), worstRight);
            }
        }
        double x0 = x.applyAsDouble(points.get(0));
        double x1 = x.applyAsDouble(points.get(points.size() - 1));
        XYSeriesCollection leftSet = new XYSeriesCollection();
        lines.series(points, per, x, " (ms)").forEach(leftSet::addSeries);
        leftSet.addSeries(flat("limit for " + judged.label() + " (" + Figures.duration(limitMs / 1000) + ")", x0, x1, limitMs));
        XYSeriesCollection rightSet = new XYSeriesCollection(right);
        if (!Double.isNaN(secondLimit)) {
            rightSet.addSeries(flat("limit for " + secondLabel + " (" + Figures.number(secondLimit)
                    + (secondLabel.startsWith("%") ? " %" : "") + ")", x0, x1, secondLimit));
        }
        NumberAxis xAxis = new NumberAxis(origin != null ? "seconds after " + DeviceSeries.when(points.get(0).sample()) : "report");
        xAxis.setAutoRangeIncludesZero(false);
        xAxis.setNumberFormatOverride(decimal("0.###"));
        NumberAxis leftAxis = new NumberAxis(lines.axis());
        leftAxis.setLabelPaint(METRIC);
        leftAxis.setNumberFormatOverride(decimal("0.###"));
        NumberAxis rightAxis = new NumberAxis(secondLabel);
        rightAxis.setLabelPaint(SECOND);
        rightAxis.setNumberFormatOverride(decimal("0.###"));
        if (secondLabel.startsWith("%")) {
            rightAxis.setRange(0, 105);
        }
        XYLineAndShapeRenderer leftLines = lines(METRIC, lines.labels().size());
        if (lines.apart()) {
            leftLines.setSeriesPaint(1, ResponseLines.WRITES);
        }
        XYPlot plot = new XYPlot(leftSet, xAxis, leftAxis, leftLines);
        plot.setRangeAxis(1, rightAxis);
        plot.setDataset(1, rightSet);
        plot.setRenderer(1, lines(SECOND));
        plot.mapDatasetToRangeAxis(1, 1);
        double half = points.size() > 1 ? Math.abs(x1 - x0) / (points.size() - 1) / 2 : 0.5;
        int shaded = shade(plot, points, over, x, half);
        String notDrawn = origin == null ? MarkLines.untimed(marks) : MarkLines.draw(plot, marks, origin);
        String caption = (lines.apart() ? "r_await and w_await (left; reads red, writes orange)" : combinedLabel + " (left, red)")
                + " and " + secondLabel + " (right, blue) of each report in " + input
                + (per > 1 ? " (each point the worst of " + per + " reports)" : "") + "; dashed: the rule's limits; "
                + "shaded: the " + shaded + " report" + (shaded == 1 ? "" : "s") + " over "
                + (Double.isNaN(secondLimit) ? "the limit" : "both limits") + "." + notDrawn;
        return Chart.of(section, id, title, caption, new JFreeChart(null, Svg.FONT, plot, true), Svg.WIDTH, 280);
    }

    /** The response line a finding is judged on, and the limit drawn for: its label and its values. */
    private record Judged(String label, ToDoubleFunction<IostatPoint> values) {
    }

    /** Block traces: D2C of sampled completions on a log scale, the limits dashed, intervals over them shaded. */
    private static Chart d2c(CaseData data, Finding f, ChartSpec.D2cTimeline spec, String section, String id,
                             List<Mark> marks) {
        Optional<BlockTrace> trace = data.results().get(BlockTrace.class);
        String device = f.text(spec.device()).orElse("");
        String devno = f.text(spec.devno()).orElse(device);
        String title = "D2C on " + (f.subject() != null ? f.subject().label() : device);
        DeviceTimeline t = trace.flatMap(tr -> tr.timelines().stream()
                .filter(x -> x.device().equals(device) || x.device().equals(devno)).findFirst()).orElse(null);
        if (t == null || t.d2cPoints().size() < MIN_POINTS) {
            return Chart.empty(section, id, title, "", "No chart: " + tooFew(trace.isPresent(), t));
        }
        double limitAvg = limit(f, spec.avgLimit()) * 1000;
        double limitTail = limit(f, spec.tailLimit()) * 1000;
        double origin = t.d2cPoints().stream().mapToDouble(DeviceTimeline.Point::time).min().orElse(0);
        XYSeries points = new XYSeries("D2C of a completion (ms)", false, true);
        for (DeviceTimeline.Point p : BlockCharts.thin(t.d2cPoints())) {
            points.add(p.time() - origin, Math.max(p.d2c(), 1e-7) * 1000);
        }
        double x0 = points.getMinX();
        double x1 = Math.max(points.getMaxX(), x0 + 1e-6);
        XYSeriesCollection limits = new XYSeriesCollection();
        if (!Double.isNaN(limitAvg)) {
            limits.addSeries(flat("limit for the D2C average (" + Figures.duration(limitAvg / 1000) + ")", x0, x1, limitAvg));
        }
        if (!Double.isNaN(limitTail)) {
            limits.addSeries(flat("limit for the D2C 99th percentile (" + Figures.duration(limitTail / 1000) + ")",
                    x0, x1, limitTail));
        }
        NumberAxis xAxis = new NumberAxis("completion time (s from the trace's first completion)");
        xAxis.setNumberFormatOverride(decimal("0.###"));
        LogAxis y = new LogAxis("D2C (ms, log scale)");
        y.setBase(10);
        y.setSmallestValue(1e-4);
        y.setTickUnit(new NumberTickUnit(1), false, true);
        y.setNumberFormatOverride(decimal("0.####"));
        XYLineAndShapeRenderer dots = new XYLineAndShapeRenderer(false, true);
        dots.setSeriesPaint(0, SECOND);
        dots.setSeriesShape(0, new Rectangle2D.Double(-1.5, -1.5, 3, 3));
        dots.setDrawOutlines(false);
        XYPlot plot = new XYPlot(new XYSeriesCollection(points), xAxis, y, dots);
        plot.setDataset(1, limits);
        plot.setRenderer(1, lines(LIMIT));
        int shaded = 0;
        int runs = 0;
        Double runFrom = null;
        double runTo = 0;
        for (DeviceTimeline.Interval iv : t.intervals()) {
            boolean slow = iv.ios() > 0 && (iv.avgD2c() * 1000 > limitAvg || iv.maxD2c() * 1000 > limitTail);
            // intervals and completions both count from the trace start; the chart from the first completion
            double from = iv.start() - origin;
            if (iv.ios() == 0) {
                continue; // an interval without completions neither starts nor ends a slow stretch
            }
            if (slow) {
                shaded++;
                runFrom = runFrom == null ? from : runFrom;
                runTo = from + t.intervalSeconds();
            } else if (runFrom != null) {
                if (runs++ < MAX_SHADES) {
                    plot.addDomainMarker(0, new IntervalMarker(runFrom, runTo, SHADE), Layer.BACKGROUND);
                }
                runFrom = null;
            }
        }
        if (runFrom != null && runs < MAX_SHADES) {
            plot.addDomainMarker(0, new IntervalMarker(runFrom, runTo, SHADE), Layer.BACKGROUND);
        }
        double low = Math.min(points.getMinY(), Double.isNaN(limitAvg) ? Double.MAX_VALUE : limitAvg);
        double high = Math.max(points.getMaxY(), Double.isNaN(limitTail) ? 0 : limitTail);
        // at least two decades, so the axis always names the scale it draws
        y.setRange(Math.pow(10, Math.floor(Math.log10(low / 1.5))), Math.pow(10, Math.ceil(Math.log10(high * 1.5))));
        String notDrawn = MarkLines.draw(plot, marks, null);
        String caption = "D2C of sampled completions on " + device + " (the slowest always included); dashed: the "
                + "rule's limits; shaded: the " + shaded + " interval" + (shaded == 1 ? "" : "s") + " of "
                + Figures.duration(t.intervalSeconds()) + " whose average D2C is over the average's limit or whose "
                + "slowest completion is over the 99th percentile's." + notDrawn;
        return Chart.of(section, id, title, caption, new JFreeChart(null, Svg.FONT, plot, true), Svg.WIDTH, 280);
    }

    private static String tooFew(boolean traced, DeviceTimeline t) {
        if (!traced) {
            return "btt's text report gives D2C per device as totals (average, percentiles, maximum), not per I/O over "
                    + "time; the figures above are those totals.";
        }
        int n = t == null ? 0 : t.d2cPoints().size();
        if (n == 0) {
            return "the trace holds no timed completion on this device.";
        }
        return "only " + n + " timed completion" + (n == 1 ? "" : "s") + " on this device, too few to draw; the figures "
                + "above are " + (n == 1 ? "its own." : "theirs.");
    }

    /** Where Q2C goes on the device, the judged share among the phases, the limit as a dashed line across. */
    private static Chart shares(CaseData data, Finding f, ChartSpec.Shares spec, String section, String id) {
        String judged = spec.judged();
        String device = f.text(spec.device()).orElse("");
        String devno = f.text(spec.devno()).orElse(device);
        Double share = f.measurement(spec.share()).map(Measurement::value).orElse(null);
        double limit = limit(f, spec.limit());
        String title = judged + " share of Q2C on " + (f.subject() != null ? f.subject().label() : device);
        if (share == null) {
            return Chart.empty(section, id, title, "", "No chart: the finding rests on the scheduler's waits per "
                    + "class of I/O, not on a share of Q2C; its figures are above.");
        }
        BlockDeviceStats stats = data.results().get(BlockSection.class).flatMap(b -> b.devices().stream()
                .filter(d -> d.device().equals(devno) || d.device().equals(device)).findFirst()).orElse(null);
        DefaultCategoryDataset bars = new DefaultCategoryDataset();
        DefaultCategoryDataset line = new DefaultCategoryDataset();
        String limitName = "limit (" + Figures.percent(limit) + ")";
        bars.addValue(share, "% of Q2C", judged);
        line.addValue(limit, limitName, judged);
        if (stats != null) {
            for (Phase p : Phase.OVERHEAD) {
                Double v = stats.overheadPct().get(p);
                if (v != null && !judged.contains(p.name())) {
                    bars.addValue(v, "% of Q2C", p.name());
                    line.addValue(limit, limitName, p.name());
                }
            }
        }
        CategoryAxis phases = new CategoryAxis("phase (the judged one first)");
        phases.setMaximumCategoryLabelWidthRatio(1.5f);
        CategoryPlot plot = new CategoryPlot(bars, phases, new NumberAxis("% of Q2C"), new BarRenderer());
        BarRenderer r = (BarRenderer) plot.getRenderer();
        r.setBarPainter(new StandardBarPainter());
        r.setShadowVisible(false);
        r.setSeriesPaint(0, METRIC);
        r.setMaximumBarWidth(0.12);
        LineAndShapeRenderer dashed = new LineAndShapeRenderer(true, false);
        dashed.setSeriesPaint(0, LIMIT);
        dashed.setSeriesStroke(0, dash());
        plot.setDataset(1, line);
        plot.setRenderer(1, dashed);
        ((NumberAxis) plot.getRangeAxis()).setRange(0, 100);
        ((NumberAxis) plot.getRangeAxis()).setNumberFormatOverride(decimal("0"));
        plot.setRangeGridlinePaint(Svg.GRID);
        String caption = "Each phase's share of the queue-to-complete time (Q2C) on this device"
                + (stats != null ? ", from " + stats.source() : "") + "; the judged share in red against the rule's "
                + "limit (dashed). Phases are totals over the capture, not a series over time.";
        return Chart.of(section, id, title, caption, new JFreeChart(null, Svg.FONT, plot, true), Svg.WIDTH, 240);
    }

    /** AIO calls: cumulative share of calls within each latency, per call, with the limit as a vertical dashed line. */
    private static Chart distribution(CaseData data, Finding f, String section, String id, String call, Metric limitKey) {
        List<String> inputs = f.evidence().stream().map(Evidence::input).distinct().toList();
        List<SyscallHistograms.Distribution> all = data.results().get(SyscallHistograms.class)
                .map(SyscallHistograms::distributions).orElse(List.of());
        String input = all.stream().map(SyscallHistograms.Distribution::input).filter(inputs::contains).findFirst()
                .orElse(all.stream().filter(d -> d.name().equals(call)).map(SyscallHistograms.Distribution::input)
                        .findFirst().orElse(null));
        String title = call + " latency" + (input != null ? " in " + input : "");
        double limitMs = limit(f, limitKey) * 1000;
        XYSeriesCollection ds = new XYSeriesCollection();
        for (SyscallHistograms.Distribution d : all) {
            if (!d.input().equals(input) || d.total() == 0) {
                continue;
            }
            XYSeries s = new XYSeries(d.name() + " (" + Figures.count(d.total()) + " calls)", false, true);
            long done = 0;
            double below = 0;
            for (SyscallHistograms.Bucket b : d.buckets()) {
                if (done == 0 && b.count() > 0 && below > 0) {
                    // the line rises from the lower edge of its first bucket: calls that all fall in one bucket are
                    // a rise, not a point on the 100 % line
                    s.add(below * 1000, 0.0);
                }
                below = b.upTo();
                done += b.count();
                if (Double.isFinite(b.upTo()) && done > 0) {
                    s.add(b.upTo() * 1000, 100.0 * done / d.total());
                }
                if (done == d.total()) {
                    break;
                }
            }
            if (s.getItemCount() > 0) {
                ds.addSeries(s);
            }
        }
        long calls = all.stream().filter(d -> d.input().equals(input)).mapToLong(SyscallHistograms.Distribution::total)
                .sum();
        if (ds.getSeriesCount() == 0) {
            return Chart.empty(section, id, title, "", "No chart: the bundle times " + call + " only as totals per "
                    + "process (LinuxKI's kiinfo, strace -c), not call by call; the figures above are those totals.");
        }
        if (calls < SyscallCharts.MIN_CALLS) {
            return Chart.empty(section, id, title, "", "No chart: only " + calls + " timed AIO call"
                    + (calls == 1 ? "" : "s") + " in " + input + ", too few for a distribution; the figures above are "
                    + "their times.");
        }
        XYSeriesCollection limits = new XYSeriesCollection();
        if (Double.isFinite(limitMs)) {
            // a rule that judges the calls' distribution, not their average against a limit, draws none
            XYSeries limit = new XYSeries("limit for the " + call + " average (" + Figures.duration(limitMs / 1000)
                    + ")", false, true);
            limit.add(limitMs, 0);
            limit.add(limitMs, 100);
            limits.addSeries(limit);
        }
        LogAxis x = new LogAxis("latency (ms, log scale)");
        x.setBase(10);
        x.setSmallestValue(1e-4);
        x.setTickUnit(new NumberTickUnit(1), false, true);
        x.setNumberFormatOverride(decimal("0.####"));
        NumberAxis y = new NumberAxis("% of calls within (cumulative)");
        y.setRange(0, 100.5);
        y.setNumberFormatOverride(decimal("0"));
        XYLineAndShapeRenderer r = lines(METRIC);
        r.setSeriesPaint(1, SECOND);
        r.setSeriesStroke(1, new BasicStroke(1.6f));
        r.setSeriesStroke(0, new BasicStroke(1.6f));
        XYPlot plot = new XYPlot(ds, x, y, r);
        plot.setDataset(1, limits);
        plot.setRenderer(1, lines(LIMIT));
        String caption = "Share of calls that returned within each latency (cumulative) in " + input
                + (Double.isFinite(limitMs) ? "; dashed: the rule's limit for the " + call + " average. A line reaching "
                + "100 % right of the limit is a slow call." : ".");
        return Chart.of(section, id, title, caption, new JFreeChart(null, Svg.FONT, plot, true), Svg.WIDTH, 280);
    }

    /** Shades each run of consecutive reports over the limit; returns how many reports are shaded. */
    private static int shade(XYPlot plot, List<IostatPoint> points, Predicate<IostatPoint> over,
                             ToDoubleFunction<IostatPoint> x, double half) {
        int n = 0;
        int runs = 0;
        int start = -1;
        for (int i = 0; i <= points.size(); i++) {
            boolean in = i < points.size() && over.test(points.get(i));
            if (in) {
                n++;
                if (start < 0) {
                    start = i;
                }
            } else if (start >= 0) {
                if (runs++ < MAX_SHADES) {
                    plot.addDomainMarker(0, new IntervalMarker(x.applyAsDouble(points.get(start)) - half,
                            x.applyAsDouble(points.get(i - 1)) + half, SHADE), Layer.BACKGROUND);
                }
                start = -1;
            }
        }
        return n;
    }

    /** A limit as a series of two points: drawn as a dashed line, listed in the legend and in the CSV. */
    private static XYSeries flat(String name, double x0, double x1, double y) {
        XYSeries s = new XYSeries(name, false, true);
        s.add(x0, y);
        s.add(x1, y);
        return s;
    }

    /** The limit's value in the finding's figures (seconds for durations), NaN when the rule gave none. */
    private static double limit(Finding f, Metric key) {
        return f.measurement(key).filter(m -> m.unit().numeric() && m.value() != null).map(Measurement::value)
                .orElse(Double.NaN);
    }

    /** Series 0 solid in {@code color}, the rest dashed (the limits). */
    private static XYLineAndShapeRenderer lines(Color color) {
        return lines(color, 1);
    }

    /** The first {@code solid} series solid in {@code color} (the measured lines), the rest dashed (the limits). */
    private static XYLineAndShapeRenderer lines(Color color, int solid) {
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, false) {
            @Override
            public java.awt.Stroke getSeriesStroke(int series) {
                return series < solid && color != LIMIT ? new BasicStroke(1.6f) : dash();
            }
        };
        r.setDrawSeriesLineAsPath(true);
        r.setSeriesPaint(0, color);
        for (int i = solid; i < solid + 3; i++) {
            r.setSeriesPaint(i, color == LIMIT ? LIMIT : color.darker());
        }
        if (color == LIMIT) {
            r.setSeriesPaint(1, new Color(0x88, 0x88, 0x88));
        }
        return r;
    }

    private static BasicStroke dash() {
        return new BasicStroke(1.4f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 4f, new float[] {6f, 4f}, 0f);
    }

    private static double max(double acc, double v) {
        return Double.isNaN(v) ? acc : Double.isNaN(acc) ? v : Math.max(acc, v);
    }

    private static DecimalFormat decimal(String pattern) {
        return new DecimalFormat(pattern, DecimalFormatSymbols.getInstance(Locale.ROOT));
    }
}
