package dev.ioverdict.compare;

import dev.ioverdict.compare.Metric.Better;
import dev.ioverdict.model.block.BlockDeviceStats;
import dev.ioverdict.model.block.Merges;
import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.block.PhaseStat;
import dev.ioverdict.model.fio.FioJob;
import dev.ioverdict.model.iostat.IostatDevice;
import dev.ioverdict.model.syscall.SyscallStat;
import dev.ioverdict.parse.InputFormats;
import dev.ioverdict.parse.SyscallTiming;
import dev.ioverdict.report.model.Report;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Pairs the figures both sides have and decides, figure by figure, whether the change is beyond
 * noise. Per-I/O samples (block phases, syscall latencies) go through Mann-Whitney U, significant
 * when p is below {@value #ALPHA} divided by the number of such tests in the comparison
 * (Bonferroni: forty figures tested at 5 % would find two "changes" in two runs of one workload)
 * and the figure moved by at least {@value #MIN_EFFECT_PCT} % (with a million I/Os a 1 % shift is
 * "significant" and meaningless). Figures known only as averages (iostat, fio, btt's text) follow
 * pmdiff's ratio rule: a change is flagged when after/before is at least {@value #RATIO} or at most
 * its inverse.
 */
final class Comparer {
    static final double ALPHA = 0.05;
    static final double MIN_EFFECT_PCT = 5;
    static final double RATIO = dev.ioverdict.model.RatioRule.RATIO;
    static final double BUSY_PCT = IostatDevice.QUIET_BUSY_PCT;
    static final long MIN_RATIO_N = 50;
    private static final double MIB = 1024.0 * 1024;
    private static final List<Phase> PHASES = List.of(Phase.Q2C, Phase.Q2Cdm, Phase.D2C, Phase.I2D, Phase.Q2G,
            Phase.G2I, Phase.Q2M, Phase.M2D);
    private static final Set<Phase> DETAILED = Set.of(Phase.Q2C, Phase.Q2Cdm, Phase.D2C, Phase.I2D);

    private String layer = "block";
    private final Side before;
    private final Side after;
    private final List<Pending> pending = new ArrayList<>();
    final List<String> matching = new ArrayList<>();
    final List<Comparison.MatchedDevice> devices = new ArrayList<>();

    private sealed interface Test permits Rank, Ratio {
    }

    private record Rank(RankTest.Result result, long nBefore, long nAfter, String kind) implements Test {
    }

    /**
     * {@code fewest}: the smaller sample count of the two sides when it decides whether the figure is
     * tested (percentiles of a report.json), else 0; {@code n}: each side's count of samples (I/Os,
     * calls, reports) behind the figure, when known, printed beside the verdict on it.
     */
    private record Ratio(long fewest, List<Long> n) implements Test {
        Ratio() {
            this(0, null);
        }

        Ratio(long nBefore, long nAfter) {
            this(Math.min(nBefore, nAfter), List.of(nBefore, nAfter));
        }

        /** Counts to print only: figures of this many samples are tested whatever their number (averages of reports). */
        static Ratio counted(long nBefore, long nAfter) {
            return new Ratio(0, List.of(nBefore, nAfter));
        }
    }

    private record Pending(String layer, String subject, String metric, String unit, double before, double after, Better better,
                           boolean headline, Test test) {
    }

    Comparer(Side before, Side after) {
        this.before = before;
        this.after = after;
    }

    List<Metric> compare() {
        block();
        syscalls();
        iostat();
        fio();
        long tests = pending.stream().map(Pending::test).filter(t -> t instanceof Rank).distinct().count();
        double alpha = tests == 0 ? ALPHA : ALPHA / tests;
        List<Metric> out = new ArrayList<>();
        for (Pending p : pending) {
            out.add(decide(p, alpha, tests));
        }
        return out;
    }

    private static Metric decide(Pending p, double alpha, long tests) {
        boolean share = Metric.POINTS.equals(p.unit);
        Double pct = share ? null : Metric.changePct(p.before, p.after);
        Double points = share ? Metric.round(p.after - p.before, 1) : null;
        Double factor = Metric.factor(p.before, p.after);
        Boolean significant;
        String test;
        Double pValue = null;
        List<Long> n = null;
        if (p.test instanceof Rank r) {
            boolean effect = pct == null ? p.after != 0 : Math.abs(pct) >= MIN_EFFECT_PCT;
            significant = r.result.p() < alpha && effect;
            test = String.format(Locale.ROOT, "mann-whitney (%s; significant at p < %.2g, Bonferroni over %d tests, "
                    + "and a change of at least %.0f %%)", r.kind, alpha, tests, MIN_EFFECT_PCT);
            pValue = r.result.p() == 0 ? 0.0 : Double.valueOf(String.format(Locale.ROOT, "%.3g", r.result.p()));
            n = List.of(r.nBefore, r.nAfter);
        } else if (p.test instanceof Ratio r && r.fewest > 0 && r.fewest < MIN_RATIO_N) {
            n = r.n;
            significant = null;
            test = "untested: fewer than " + MIN_RATIO_N + " samples on a side (" + r.fewest + ") for the ratio rule "
                    + "over a percentile or average";
        } else {
            significant = dev.ioverdict.model.RatioRule.significant(p.before, p.after);
            n = p.test instanceof Ratio r ? r.n : null;
            test = String.format(Locale.ROOT, "ratio (pmdiff's rule: after/before >= %.0f or <= 1/%.0f; averages only)",
                    RATIO, RATIO);
        }
        return new Metric(p.layer, p.subject, p.metric, p.unit, p.before, p.after, pct, points, factor, significant, test, pValue, n,
                Metric.change(significant, p.before, p.after, p.better), p.headline, null);
    }

    // ---- block ------------------------------------------------------------------------------

    private void block() {
        for (DeviceMatcher.Pair p : DeviceMatcher.match(DeviceMatcher.traced(before), DeviceMatcher.traced(after),
                before.label(), after.label(), matching)) {
            devices.add(new Comparison.MatchedDevice(p.subject(), p.before().label(), p.after().label(), p.by(),
                    p.loose(), p.note(), p.before().id(), p.after().id()));
            device(p.subject(), p.before().id(), p.after().id(), stats(before, p.before().id()),
                    stats(after, p.after().id()));
        }
    }

    /**
     * Q2C and D2C of reads and of writes apart, where both sides traced both: a change that helps
     * reads and hurts writes shows here while the device's figures average it away.
     */
    private void directions(String subject, String idB, String idA) {
        for (String direction : List.of("reads", "writes")) {
            for (String phase : List.of("Q2C", "Q2Cdm", "D2C")) {
                Distribution db = before.blockPhases().get(idB + "|" + phase + "|" + direction);
                Distribution da = after.blockPhases().get(idA + "|" + phase + "|" + direction);
                if (db == null || da == null) {
                    continue;
                }
                String name = phase.substring(0, 3);
                boolean headline = name.equals("Q2C");
                Rank rank = new Rank(RankTest.mannWhitney(db, da), db.n(), da.n(), db.kind());
                String s = subject + " " + direction;
                add(s, name + " median", "s", db.quantile(50), da.quantile(50), Better.LOWER, headline, rank);
                add(s, name + " p95", "s", db.quantile(95), da.quantile(95), Better.LOWER, headline, rank);
                add(s, name + " avg", "s", db.mean(), da.mean(), Better.LOWER, false, rank);
            }
        }
    }

    private static BlockDeviceStats stats(Side side, String id) {
        for (BlockDeviceStats d : blockDevices(side.report())) {
            if (id.equals(d.device())) {
                return d;
            }
        }
        throw new IllegalStateException("no block device " + id);
    }

    /** The report's traced block devices, none when it has no block section. */
    static List<BlockDeviceStats> blockDevices(Report report) {
        return report.block() == null ? List.of() : report.block().devices();
    }

    private void device(String subject, String idB, String idA, BlockDeviceStats b, BlockDeviceStats a) {
        for (Phase phase : PHASES) {
            PhaseStat sb = b.phase(phase);
            PhaseStat sa = a.phase(phase);
            if (sb.n() == 0 || sa.n() == 0) {
                continue;
            }
            String name = phase == Phase.Q2Cdm ? "Q2C" : phase.name();
            boolean headline = name.equals("Q2C");
            Distribution db = before.blockPhases().get(idB + "|" + phase.name());
            Distribution da = after.blockPhases().get(idA + "|" + phase.name());
            if (db != null && da != null) {
                Rank rank = new Rank(RankTest.mannWhitney(db, da), db.n(), da.n(), db.kind());
                if (DETAILED.contains(phase)) {
                    add(subject, name + " median", "s", db.quantile(50), da.quantile(50), Better.LOWER, headline, rank);
                    add(subject, name + " p95", "s", db.quantile(95), da.quantile(95), Better.LOWER, headline, rank);
                }
                add(subject, name + " avg", "s", orZero(sb.avg()), orZero(sa.avg()), Better.LOWER, false, rank);
            } else {
                Ratio ratio = new Ratio(sb.n(), sa.n());
                if (DETAILED.contains(phase) && sb.p50() != null && sa.p50() != null) {
                    add(subject, name + " median", "s", sb.p50(), sa.p50(), Better.LOWER, headline, ratio);
                    add(subject, name + " p95", "s", orZero(sb.p95()), orZero(sa.p95()), Better.LOWER, headline, ratio);
                }
                add(subject, name + " avg", "s", orZero(sb.avg()), orZero(sa.avg()), Better.LOWER,
                        headline && sb.p50() == null, ratio);
            }
        }
        directions(subject, idB, idA);
        for (Phase share : List.of(Phase.I2D, Phase.D2C)) {
            Double ob = b.overheadPct().get(share);
            Double oa = a.overheadPct().get(share);
            if (ob != null && oa != null) {
                add(subject, share.name() + " share of Q2C", Metric.POINTS, ob, oa,
                        share == Phase.I2D ? Better.LOWER : Better.NEITHER, false, new Ratio());
            }
        }
        Merges mb = b.merges();
        Merges ma = a.merges();
        if (mb != null && ma != null) {
            add(subject, "merge ratio #Q/#D", "ratio", mb.ratio(), ma.ratio(), Better.NEITHER, false, new Ratio());
        }
        Phase q2c = b.phases().containsKey(Phase.Q2Cdm) ? Phase.Q2Cdm : Phase.Q2C;
        long nb = b.phase(q2c).n();
        long na = a.phase(q2c).n();
        Double spanB = before.span(b.source());
        Double spanA = after.span(a.source());
        if (nb > 0 && na > 0 && spanB != null && spanA != null && spanB > 0 && spanA > 0) {
            add(subject, "I/Os completed per second", "/s", nb / spanB, na / spanA, Better.HIGHER, false,
                    new Ratio());
        }
    }

    // ---- syscalls ---------------------------------------------------------------------------

    private void syscalls() {
        layer = "syscall";
        if (!before.syscalls().isEmpty() && !after.syscalls().isEmpty()) {
            String source = commonSource();
            if (source == null) {
                return;
            }
            boolean perProcess = before.syscalls().keySet().stream()
                    .anyMatch(k -> k.source().equals(source) && !k.process().equals(SyscallSamples.ALL)
                            && after.syscalls().containsKey(k));
            for (var e : before.syscalls().entrySet()) {
                SyscallSamples.Key k = e.getKey();
                SyscallSamples.Sampled sa = after.syscalls().get(k);
                SyscallSamples.Sampled sb = e.getValue();
                if (!k.source().equals(source) || sa == null || sb.calls() < 10 || sa.calls() < 10
                        || perProcess == k.process().equals(SyscallSamples.ALL)) {
                    continue;
                }
                String subject = k.process() + " (" + source + ")";
                Rank rank = new Rank(RankTest.mannWhitney(sb.distribution(), sa.distribution()), sb.calls(), sa.calls(),
                        sb.distribution().kind().equals(sa.distribution().kind()) ? sb.distribution().kind()
                                : sb.distribution().kind() + " / " + sa.distribution().kind());
                add(subject, k.call() + " median", "s", sb.distribution().quantile(50), sa.distribution().quantile(50),
                        Better.LOWER, true, rank);
                add(subject, k.call() + " p95", "s", sb.distribution().quantile(95), sa.distribution().quantile(95),
                        Better.LOWER, false, rank);
                add(subject, k.call() + " avg", "s", sb.mean(), sa.mean(), Better.LOWER, false, rank);
                rate(subject, k.call(), sb.calls(), sa.calls(), source);
            }
            return;
        }
        Map<String, SyscallStat> b = byName(before);
        for (var e : byName(after).entrySet()) {
            SyscallStat sb = b.get(e.getKey());
            SyscallStat sa = e.getValue();
            if (sb == null || sb.count() < 10 || sa.count() < 10) {
                continue;
            }
            String source = sa.source();
            String call = sa.name();
            String subject = SyscallSamples.ALL + " (" + source + ")";
            Ratio ratio = new Ratio(sb.count(), sa.count());
            if (sb.p50() != null && sa.p50() != null) {
                add(subject, call + " median", "s", sb.p50(), sa.p50(), Better.LOWER, true, ratio);
                add(subject, call + " p95", "s", orZero(sb.p95()), orZero(sa.p95()), Better.LOWER, false, ratio);
            }
            if (sb.avg() != null && sa.avg() != null) {
                add(subject, call + " avg", "s", sb.avg(), sa.avg(), Better.LOWER, sb.p50() == null, ratio);
            }
            rate(subject, call, sb.count(), sa.count(), source);
        }
    }

    private void rate(String subject, String call, long nb, long na, String source) {
        Double spanB = before.span(source);
        Double spanA = after.span(source);
        if (spanB != null && spanA != null && spanB > 0 && spanA > 0) {
            add(subject, call + " calls per second", "/s", nb / spanB, na / spanA, Better.NEITHER, false, new Ratio());
        }
    }

    /**
     * One syscall source for both sides, the most exact tracer they share ({@link InputFormats#tracerRank}):
     * one tracer's figures, never two.
     */
    private String commonSource() {
        Set<String> shared = new TreeSet<>();
        before.syscalls().keySet().forEach(k -> shared.add(k.source()));
        Set<String> afterSources = new TreeSet<>();
        after.syscalls().keySet().forEach(k -> afterSources.add(k.source()));
        shared.retainAll(afterSources);
        return shared.stream().filter(s -> InputFormats.tracerRank(s) < SyscallTiming.NONE.ordinal())
                .min(java.util.Comparator.comparingInt(InputFormats::tracerRank)).orElse(null);
    }

    /** "source|name" -> byName row, I/O calls only, the first input per key. */
    private static Map<String, SyscallStat> byName(Side side) {
        Map<String, SyscallStat> out = new LinkedHashMap<>();
        if (side.report().syscalls() == null) {
            return out;
        }
        for (SyscallStat s : side.report().syscalls().byName()) {
            if (SyscallSamples.IO_CALLS.contains(s.name())) {
                out.putIfAbsent(s.source() + "|" + s.name(), s);
            }
        }
        return out;
    }

    // ---- iostat -----------------------------------------------------------------------------

    private void iostat() {
        layer = "iostat";
        Map<String, IostatDevice> b = new LinkedHashMap<>();
        for (IostatDevice d : iostat(before.report())) {
            b.putIfAbsent(d.device(), d);
        }
        Set<String> seen = new TreeSet<>();
        boolean traced = !blockDevices(before.report()).isEmpty() || !blockDevices(after.report()).isEmpty();
        for (IostatDevice a : iostat(after.report())) {
            String name = a.device();
            IostatDevice d = b.get(name);
            if (d == null || !seen.add(name)) {
                continue;
            }
            if (d.quiet() && a.quiet()) {
                matching.add("iostat device " + name + ": busy below " + BUSY_PCT + " % on both sides, not compared");
                continue;
            }
            for (var m : d.metrics().entrySet()) {
                IostatDevice.Stat am = a.metrics().get(m.getKey());
                if (am == null || m.getValue() == null) {
                    continue;
                }
                double vb = m.getValue().avg();
                double va = am.avg();
                if (vb == 0 && va == 0 || IostatColumns.latency(m.getKey()) && (vb == 0 || va == 0)) {
                    continue; // an await of 0 means no request of that kind, not an instant one
                }
                Better better = IostatColumns.better(m.getKey());
                // with a block trace on a side, its Q2C is the headline and iostat's await a cross-check
                add(name + " (iostat)", m.getKey() + " avg", IostatColumns.unit(m.getKey()), vb, va, better,
                        IostatColumns.latency(m.getKey()) && !traced, Ratio.counted(d.samples(), a.samples()));
            }
        }
    }


    private static List<IostatDevice> iostat(Report report) {
        return report.iostat() == null ? List.of() : report.iostat();
    }

    /** What report.json's reader made of a figure it did not print: 0, as before. */
    private static double orZero(Double v) {
        return v == null ? 0 : v;
    }

    // ---- fio --------------------------------------------------------------------------------

    private void fio() {
        layer = "fio";
        Map<String, FioJob> b = new LinkedHashMap<>();
        for (FioJob j : before.fio()) {
            b.putIfAbsent(j.job() + "|" + j.direction(), j);
        }
        for (FioJob a : after.fio()) {
            FioJob j = b.remove(a.job() + "|" + a.direction());
            if (j == null) {
                continue;
            }
            String subject = "fio " + a.job();
            String d = a.direction() + " ";
            add(subject, d + "IOPS (fio, whole run)", "/s", j.iops(), a.iops(), Better.HIGHER, true, new Ratio());
            add(subject, d + "bandwidth (fio, whole run)", "MiB/s", j.bandwidth() / MIB, a.bandwidth() / MIB,
                    Better.HIGHER, false, new Ratio());
            if (j.clat() != null && a.clat() != null) {
                add(subject, d + "clat avg (fio, whole run)", "s", j.clat().avg(), a.clat().avg(), Better.LOWER, true,
                        new Ratio());
            }
            // fio's percentiles are of every completion but known only as the figures it printed: the ratio
            // rule; not headline figures (clat avg is), so one fio job weighs once in the verdict
            for (String[] p : new String[][] {{"50.00", "median"}, {"95.00", "p95"}, {"99.00", "p99"}}) {
                if (hasPercentile(j, a, p[0])) {
                    add(subject, d + "clat " + p[1] + " (fio, whole run)", "s", j.clatPercentiles().get(p[0]),
                            a.clatPercentiles().get(p[0]), Better.LOWER, false, new Ratio());
                }
            }
            if (j.lat() != null && a.lat() != null) {
                add(subject, d + "lat avg (fio, whole run)", "s", j.lat().avg(), a.lat().avg(), Better.LOWER, false,
                        new Ratio());
            }
        }
    }

    private static boolean hasPercentile(FioJob b, FioJob a, String key) {
        return b.clatPercentiles().get(key) != null && a.clatPercentiles().get(key) != null;
    }

    private void add(String subject, String metric, String unit, double b, double a, Better better, boolean headline,
                     Test test) {
        if (Double.isNaN(b) || Double.isNaN(a)) {
            return;
        }
        pending.add(new Pending(layer, subject, metric, unit, b, a, better, headline, test));
    }
}
