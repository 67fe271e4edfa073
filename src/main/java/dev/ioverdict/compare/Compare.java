package dev.ioverdict.compare;

import dev.ioverdict.report.Version;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Two sides in, one {@link Comparison} out: figures paired and tested, findings matched, a verdict. */
public final class Compare {
    private Compare() {
    }

    public static Comparison of(Side before, Side after) {
        Comparer comparer = new Comparer(before, after);
        List<Metric> metrics = explainDeviceTime(comparer.compare());
        FindingChange.Diff findings = FindingChange.diff(before.report(), after.report(), comparer.devices);
        List<String> regressions = new ArrayList<>();
        for (Metric m : metrics) {
            if (m.headline() && m.worse() || deviceTimeRegression(m, metrics)) {
                regressions.add(VerdictWriter.figure(m));
            }
        }
        for (FindingChange f : findings.added()) {
            if (f.regression()) {
                regressions.add("new finding " + VerdictWriter.name(f) + " (" + f.severityAfter() + ") on " + f.subject());
            }
        }
        for (FindingChange f : findings.persisting()) {
            if (f.regression()) {
                regressions.add(VerdictWriter.name(f) + " on " + f.subject() + " grew from " + f.severityBefore() + " to "
                        + f.severityAfter());
            }
        }
        VerdictWriter.Verdict verdict = VerdictWriter.write(metrics, findings, regressions);
        List<String> matching = new ArrayList<>(comparer.matching);
        if (before.fromReport() || after.fromReport()) {
            matching.add("per-I/O samples: only a side compiled from a bundle has them; with a report.json side every "
                    + "figure is judged by the ratio rule");
        }
        String sentence = verdict.sentence() + looseMatches(comparer.devices);
        return new Comparison(Comparison.SCHEMA, new Comparison.Tool("ioverdict", Version.get()), null, info(before),
                info(after), sentence, verdict.outcome(), regressions, policy(), matching, comparer.devices, findings,
                metrics);
    }

    /** A figure of a loosely matched device may compare two different disks: the verdict says so, not only the appendix. */
    private static String looseMatches(List<Comparison.MatchedDevice> devices) {
        List<String> loose = devices.stream().filter(Comparison.MatchedDevice::loose)
                .map(d -> d.subject() + " (by " + d.by() + ")").toList();
        return loose.isEmpty() ? "" : " Matched loosely, may be two different disks: " + String.join(", ", loose) + ".";
    }

    /** D2C that rose while Q2C on the same device fell: the device does more work for the application, say so. */
    private static List<Metric> explainDeviceTime(List<Metric> metrics) {
        List<Metric> out = new ArrayList<>();
        for (Metric m : metrics) {
            // on the median only: the same sentence under p95 and avg of one distribution is noise to a reader
            if (m.metric().equals("D2C median") && m.worse() && q2cBetter(m, metrics)) {
                m = m.withNote("the device's own time rose while Q2C, what the application waits for, fell: the device "
                        + "serves more requests; not counted as a regression");
            }
            out.add(m);
        }
        return out;
    }

    private static boolean deviceTimeRegression(Metric m, List<Metric> metrics) {
        return m.metric().equals("D2C median") && m.worse() && !q2cBetter(m, metrics);
    }

    private static boolean q2cBetter(Metric d2c, List<Metric> metrics) {
        return metrics.stream().anyMatch(o -> o.subject().equals(d2c.subject()) && o.metric().startsWith("Q2C")
                && o.better());
    }

    private static Comparison.SideInfo info(Side s) {
        var w = s.window();
        Comparison.Window window = w == null ? new Comparison.Window(null, null, "whole capture", List.of())
                : new Comparison.Window(w.from(), w.to(), w.label(), w.inputs());
        return new Comparison.SideInfo(s.label(), s.id(), s.source(), s.from(), window, s.seconds(), s.name());
    }

    static Comparison.Policy policy() {
        return new Comparison.Policy(
                String.format(Locale.ROOT, "Mann-Whitney U, two-sided, normal approximation with the tie correction, "
                        + "over every I/O's phase time (0.1 %% log histograms) or every syscall (a fixed-seed reservoir "
                        + "of %d per process and call beyond that); significant when p < %.2f divided by the number "
                        + "of such tests (Bonferroni) and the figure moved by at least %.0f %%",
                        SyscallSamples.RESERVOIR, Comparer.ALPHA, Comparer.MIN_EFFECT_PCT),
                String.format(Locale.ROOT, "pmdiff's ratio rule: significant when after/before >= %.0f or <= 1/%.0f "
                        + "(iostat, fio, btt text, and every figure of a report.json side); a percentile or average "
                        + "of fewer than %d samples on a side is left untested", Comparer.RATIO, Comparer.RATIO,
                        Comparer.MIN_RATIO_N),
                "a significant change for the worse of a headline figure (Q2C, I/O syscall medians, iostat await/svc_t, "
                        + "fio IOPS and clat), D2C that rose without Q2C falling, or a finding new or grown at warning "
                        + "or above");
    }
}
