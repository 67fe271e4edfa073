package dev.ioverdict.rules.disk;

import dev.ioverdict.analysis.iostat.DeviceSeries;
import dev.ioverdict.analysis.iostat.IostatPoint;
import dev.ioverdict.model.Metric;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.Threshold;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;

/**
 * The reports of one device that meet a condition, and whether the condition lasted: a run of
 * consecutive reports, or a share of all reports. One busy second is a spike, not a bottleneck.
 */
public record Episodes(List<IostatPoint> all, List<IostatPoint> flagged, int longestRun) {
    public static final Metric REPORTS = Metric.count("reports", "reports over the limit");
    public static final Metric OF_REPORTS = Metric.count("ofReports", "reports");
    public static final Metric LONGEST_RUN = Metric.count("longestRun", "longest run of reports");
    public static final Metric FIRST_TIME = Metric.time("firstTime", "first report");
    public static final Metric LAST_TIME = Metric.time("lastTime", "last report");

    /** What makes an episode sustained ({@link #sustained}), the same limits for every iostat rule. */
    static final Threshold MIN_CONSECUTIVE = Threshold.count("min_consecutive", "reports", 3,
            "reports in a row that make it sustained");
    static final Threshold MIN_SHARE_PCT = Threshold.percent("min_share_pct", 50, "or this share of the device's reports");

    public Episodes {
        all = List.copyOf(all);
        flagged = List.copyOf(flagged);
    }

    public static Episodes of(List<IostatPoint> points, Predicate<IostatPoint> condition) {
        List<IostatPoint> flagged = new ArrayList<>();
        int run = 0;
        int longest = 0;
        for (IostatPoint p : points) {
            if (condition.test(p)) {
                flagged.add(p);
                longest = Math.max(longest, ++run);
            } else {
                run = 0;
            }
        }
        return new Episodes(points, flagged, longest);
    }

    public boolean any() {
        return !flagged.isEmpty();
    }

    public double sharePct() {
        return all.isEmpty() ? 0 : 100.0 * flagged.size() / all.size();
    }

    /** At least {@code minRun} reports in a row, or at least {@code minSharePct} of all reports. */
    public boolean sustained(double minRun, double minSharePct) {
        return any() && (longestRun >= minRun || sharePct() >= minSharePct);
    }

    public IostatPoint first() {
        return flagged.get(0);
    }

    public IostatPoint last() {
        return flagged.get(flagged.size() - 1);
    }

    public IostatPoint worst(Comparator<IostatPoint> order) {
        return flagged.stream().max(order).orElseThrow();
    }

    /** The {@code n} worst flagged reports, in file order: what a reader checks first. */
    public List<IostatPoint> worst(int n, Comparator<IostatPoint> order) {
        return flagged.stream().sorted(order.reversed()).limit(n)
                .sorted(Comparator.comparingLong(p -> p.sample().line())).toList();
    }

    public double avg(java.util.function.ToDoubleFunction<IostatPoint> f) {
        return flagged.stream().mapToDouble(f).filter(v -> !Double.isNaN(v)).average().orElse(Double.NaN);
    }

    public double max(java.util.function.ToDoubleFunction<IostatPoint> f) {
        return flagged.stream().mapToDouble(f).filter(v -> !Double.isNaN(v)).max().orElse(Double.NaN);
    }

    /** How many reports met the condition, of how many, its longest run, the first and the last. */
    public void figures(RuleContext.FindingBuilder f) {
        f.figure(REPORTS, flagged.size())
                .figure(OF_REPORTS, all.size())
                .figure(LONGEST_RUN, longestRun)
                .text(FIRST_TIME, DeviceSeries.when(first().sample()))
                .text(LAST_TIME, DeviceSeries.when(last().sample()));
    }
}
