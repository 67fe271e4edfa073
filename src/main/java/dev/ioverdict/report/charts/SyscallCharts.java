package dev.ioverdict.report.charts;

import dev.ioverdict.model.Figures;
import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.analysis.syscall.SyscallHistograms;
import dev.ioverdict.analysis.syscall.SyscallHistograms.Distribution;
import dev.ioverdict.model.syscall.AioProcess;
import dev.ioverdict.model.syscall.SyscallSection;
import java.awt.Color;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * The syscalls section's charts: per input, how io_submit and io_getevents latencies are
 * distributed (share of calls per log-spaced bucket), and per process where the AIO time went.
 */
public final class SyscallCharts implements ChartProvider {
    static final Color SUBMIT = new Color(0xb3, 0x26, 0x1e);
    static final Color GETEVENTS = new Color(0x3b, 0x73, 0xb9);
    static final int MIN_CALLS = 20;

    @Override
    public List<Chart> charts(CaseData data, List<dev.ioverdict.model.Mark> marks) {
        List<Chart> out = new ArrayList<>();
        data.results().get(SyscallHistograms.class).ifPresent(h -> distributions(h, out));
        data.results().get(SyscallSection.class).ifPresent(s -> aioTime(s, out));
        return out;
    }

    private static void distributions(SyscallHistograms h, List<Chart> out) {
        Map<String, List<Distribution>> byInput = new LinkedHashMap<>();
        h.distributions().forEach(d -> byInput.computeIfAbsent(d.source() + "|" + d.input(), k -> new ArrayList<>()).add(d));
        int n = 0;
        for (List<Distribution> ds : byInput.values()) {
            int first = Integer.MAX_VALUE;
            int last = -1;
            for (Distribution d : ds) {
                for (int b = 0; b < d.buckets().size(); b++) {
                    if (d.buckets().get(b).count() > 0) {
                        first = Math.min(first, b);
                        last = Math.max(last, b);
                    }
                }
            }
            if (last < 0 || ds.stream().mapToLong(Distribution::total).sum() < MIN_CALLS) {
                continue; // a handful of calls is no distribution
            }
            DefaultCategoryDataset set = new DefaultCategoryDataset();
            for (Distribution d : ds) {
                long total = d.total();
                for (int b = first; b <= last; b++) {
                    set.addValue(100.0 * d.buckets().get(b).count() / total, d.name(), label(d.buckets().get(b).upTo()));
                }
            }
            Distribution any = ds.get(0);
            JFreeChart chart = bars(set, "share of calls (%)", "latency up to");
            String id = "syscalls-latency-" + (++n);
            out.add(Chart.of("syscalls", id, "AIO syscall latency: " + any.input() + " (" + any.source() + ")",
                    "Share of io_submit and io_getevents calls per latency bucket. Submission should sit far left "
                            + "of completion waits; io_submit reaching the device's milliseconds means it blocks.",
                    chart, Svg.WIDTH, 300));
        }
    }

    private static void aioTime(SyscallSection s, List<Chart> out) {
        if (s.aio().isEmpty()) {
            return;
        }
        DefaultCategoryDataset set = new DefaultCategoryDataset();
        for (AioProcess a : s.aio()) {
            String who = (a.comm() != null ? a.comm() + " " : "") + a.pid() + " (" + a.source() + ")";
            set.addValue(a.submitTotal() == null ? 0 : a.submitTotal(), "io_submit", who);
            set.addValue(a.geteventsTotal() == null ? 0 : a.geteventsTotal(), "io_getevents", who);
        }
        JFreeChart chart = bars(set, "seconds", "process");
        out.add(Chart.of("syscalls", "syscalls-aio-time", "Time in io_submit and io_getevents per process",
                "Seconds each process spent submitting (io_submit) and reaping (io_getevents) asynchronous I/O.",
                chart, Svg.WIDTH, 90 + 34 * s.aio().size()));
    }

    private static JFreeChart bars(DefaultCategoryDataset set, String valueLabel, String categoryLabel) {
        CategoryPlot plot = new CategoryPlot(set, new org.jfree.chart.axis.CategoryAxis(categoryLabel),
                new NumberAxis(valueLabel), new BarRenderer());
        boolean horizontal = categoryLabel.equals("process");
        plot.setOrientation(horizontal ? PlotOrientation.HORIZONTAL : PlotOrientation.VERTICAL);
        BarRenderer r = (BarRenderer) plot.getRenderer();
        r.setBarPainter(new StandardBarPainter());
        r.setShadowVisible(false);
        r.setItemMargin(0.05);
        r.setSeriesPaint(0, SUBMIT);
        r.setSeriesPaint(1, GETEVENTS);
        plot.setRangeGridlinePaint(Svg.GRID);
        plot.getDomainAxis().setTickLabelFont(Svg.FONT);
        plot.getRangeAxis().setTickLabelFont(Svg.FONT);
        plot.getDomainAxis().setLabelFont(Svg.FONT);
        plot.getRangeAxis().setLabelFont(Svg.FONT);
        if (!horizontal) {
            plot.getDomainAxis().setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        }
        JFreeChart chart = new JFreeChart(null, Svg.FONT, plot, true);
        chart.getLegend().setItemFont(Svg.FONT);
        return chart;
    }

    static String label(double upTo) {
        if (Double.isInfinite(upTo)) {
            return "> 10 s";
        }
        return Figures.roundDuration(upTo);
    }
}
