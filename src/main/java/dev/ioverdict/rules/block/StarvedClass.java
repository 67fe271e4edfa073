package dev.ioverdict.rules.block;

import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Metric;
import dev.ioverdict.model.block.PhaseStat;
import dev.ioverdict.model.block.SchedulerWait;
import java.util.List;
import java.util.Optional;
import dev.ioverdict.rules.RuleContext;

/**
 * A class of I/O (reads or writes, or one process) that waits in the scheduler far longer than
 * the others on the same device: reads starved behind a write stream, one process behind another.
 */
public record StarvedClass(SchedulerWait starved, SchedulerWait others, boolean slowOnAverage) {
    public static final Metric SHARE_PCT = Metric.percent("starvedSharePct", "starved class: scheduler share of their Q2C");
    /** Which class starves: "reads", "writes", or a process. */
    public static final Metric CLASS = Metric.text("starvedClass", "starved class");
    public static final Metric WAIT_AVG = Metric.duration("starvedWaitAvg", "starved class: average scheduler wait");
    public static final Metric WAIT_MAX = Metric.duration("starvedWaitMax", "starved class: longest scheduler wait");
    public static final Metric OTHERS_WAIT_AVG = Metric.duration("othersWaitAvg", "other I/O: average scheduler wait");

    /** The most starved class of one kind on a device, if any stands out. */
    static Optional<StarvedClass> find(List<SchedulerWait> waits, String device, String kind, long minIos,
                                       double minAvgSeconds, double outlierSeconds, double ratio) {
        List<SchedulerWait> mine = waits.stream()
                .filter(w -> w.device().equals(device) && w.kind().equals(kind) && w.time().avg() != null).toList();
        StarvedClass best = null;
        for (SchedulerWait w : mine) {
            PhaseStat t = w.time();
            if (t.n() < minIos) {
                continue;
            }
            SchedulerWait rest = othersThan(mine, w);
            if (rest == null || rest.time().avg() == null) {
                continue;
            }
            double restAvg = Math.max(rest.time().avg(), 1e-6);
            boolean slowAvg = t.avg() >= minAvgSeconds && t.avg() >= ratio * restAvg;
            boolean outliers = t.max() != null && t.max() >= outlierSeconds && t.max() >= ratio * Math.max(
                    rest.time().max() == null ? 0 : rest.time().max(), restAvg);
            if ((slowAvg || outliers) && (best == null || t.avg() > best.starved.time().avg())) {
                best = new StarvedClass(w, rest, slowAvg);
            }
        }
        return Optional.ofNullable(best);
    }

    /** The other classes folded into one: what the starved one is compared with. */
    private static SchedulerWait othersThan(List<SchedulerWait> all, SchedulerWait w) {
        long n = 0;
        double total = 0;
        double max = 0;
        for (SchedulerWait o : all) {
            if (o != w && o.time().avg() != null) {
                n += o.time().n();
                total += o.time().avg() * o.time().n();
                max = Math.max(max, o.time().max() == null ? 0 : o.time().max());
            }
        }
        if (n == 0) {
            return null;
        }
        String label = all.size() == 2 ? all.stream().filter(o -> o != w).findFirst().orElseThrow().label() : "the rest";
        return new SchedulerWait(w.device(), w.kind(), label, new PhaseStat(n, null, total / n, max, null, null, null));
    }

    /** The starved class's and the others' scheduler waits, labelled with who they are. */
    void figures(RuleContext.FindingBuilder f) {
        String who = starved.label();
        f.figure(SHARE_PCT.labelled(who + ": scheduler share of their Q2C"), starved.sharePct())
                .text(CLASS, who)
                .figure(WAIT_AVG.labelled(who + ": average scheduler wait"), starved.time().avg())
                .figure(WAIT_MAX.labelled(who + ": longest scheduler wait"), starved.time().max())
                .figure(OTHERS_WAIT_AVG.labelled(others.label() + ": average scheduler wait"), others.time().avg());
    }

    String sentence() {
        PhaseStat s = starved.time();
        PhaseStat o = others.time();
        String who = starved.kind().equals("process") ? "I/O of " + starved.label() : starved.label();
        String whom = others.kind().equals("process") && !others.label().equals("the rest")
                ? "I/O of " + others.label() : others.label();
        return capitalised(who) + " wait " + Figures.duration(s.avg()) + " in the scheduler on average (" + Figures.count(s.n())
                + " bios, the longest " + Figures.duration(s.max()) + ") against " + Figures.duration(o.avg()) + " for "
                + whom + ": " + who + " " + (starved.kind().equals("process") ? "is" : "are") + " starved behind "
                + whom + ".";
    }

    private static String capitalised(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
