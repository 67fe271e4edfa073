package dev.ioverdict.analysis.iostat;

import dev.ioverdict.analysis.Analysis;
import dev.ioverdict.analysis.Dataflow;
import dev.ioverdict.analysis.Results;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.iostat.IostatColumns;
import dev.ioverdict.model.iostat.IostatCpu;
import dev.ioverdict.model.iostat.IostatDevice;
import dev.ioverdict.model.iostat.IostatDialect;
import dev.ioverdict.model.iostat.IostatSample;
import dev.ioverdict.model.iostat.IostatSection;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.statistics.descriptive.Median;

/**
 * Groups iostat rows by file, run and device, sets the since-boot report apart, derives each report's
 * response time, busy %, queue and IOPS, and summarises every printed column (avg/max) for the
 * report's {@code iostat} list. Puts {@link IostatTimeline} (for rules and charts) and
 * {@link IostatSection} (for the report) into the results.
 */
public final class IostatAnalysis implements Analysis {
    /** At most this many requests outstanding on average: the device was lightly loaded. */
    public static final double LIGHT_QUEUE = 1.0;
    /** Fewer light-load reports than this give no baseline. */
    static final int MIN_BASELINE_REPORTS = 3;
    /** The arrays it gets are built for it: no copy. */
    private static final Median MEDIAN = Median.withDefaults().withCopy(false);

    private static final Map<IostatDialect, Set<String>> KEY_COLUMNS = Map.of(
            IostatDialect.SYSSTAT_NEW, Set.of("r/s", "w/s", "rkB/s", "wkB/s", "rMB/s", "wMB/s", "rsec/s", "wsec/s",
                    "r_await", "w_await", "await", "tps", "kB/s", "MB/s", "aqu-sz", "%util", "kB_read/s", "kB_wrtn/s",
                    "kB_w+d/s", "MB_read/s", "MB_wrtn/s", "MB_w+d/s"),
            IostatDialect.SYSSTAT_OLD, Set.of("r/s", "w/s", "rkB/s", "wkB/s", "rMB/s", "wMB/s", "rsec/s", "wsec/s",
                    "await", "avgqu-sz", "svctm", "%util", "tps", "kB_read/s", "kB_wrtn/s", "MB_read/s", "MB_wrtn/s",
                    "Blk_read/s", "Blk_wrtn/s"),
            IostatDialect.SOLARIS, Set.of("r/s", "w/s", "kr/s", "kw/s", "Kr/s", "Kw/s", "kw", "wait", "actv",
                    "svc_t", "wsvc_t", "asvc_t", "%w", "%b"));

    /**
     * Interval reports kept over all devices before adjacent ones are combined: about 100 MB of heap,
     * a day at one second for two devices. Past it every series keeps one report per two, then per
     * four..., each the mean of the reports it stands for: what iostat itself prints with a longer
     * interval (rates, utilisation and queue sizes are means over the interval; an await column
     * becomes the plain mean of the awaits, not weighed by requests). Days of iostat then fit a
     * bounded heap; captures below it are read report by report, as printed.
     */
    static final int KEPT_REPORTS = 200_000;

    /**
     * Device series reported, the busiest first chosen (issue 21: an iostat of 100,000 devices): a
     * series and its summary hold some 10 KB, so a few thousand devices' figures stay small; the
     * others are counted in a note.
     */
    static final int DEVICES = 1_000;

    /**
     * Devices whose whole series is kept while reading, ten times those reported: the others keep
     * two running sums (busy %, I/Os), so memory does not grow with the devices a file names. A new
     * device takes the place of the least busy one kept when it is busier than that one, and a
     * device let go never comes back with part of its series: should it end among the
     * {@link #DEVICES} busiest, it is counted in the note, not itemised. The margin keeps the
     * devices that grow busy after the first reports (a whole first report of 100,000 devices is
     * seen before the second).
     */
    static final int CANDIDATES = 10 * DEVICES;

    private record Key(String input, int run, String device, IostatDialect dialect) {
    }

    /** A device of one file over all its runs: its series are kept or let go together. */
    private record DeviceKey(String input, String device, IostatDialect dialect) {
    }

    /**
     * What is kept of one key while reading, found with one lookup a row: its busy % and I/O sums,
     * and its series while its device is a candidate (null once let go, or never kept).
     */
    private static final class Tracked {
        double busy;
        double ios;
        Candidate candidate;
        Series series;
        /** The key's run and the stamps and lines it spans: one run has many keys, each points at its entry. */
        RunKey run;
        double[] span;
        /** Whether the run is already known to have interval reports (added to {@link #withInterval} once). */
        boolean interval;
    }

    /** A device whose series are kept, with its running busy % and I/O sums and its keys. */
    private static final class Candidate {
        final DeviceKey key;
        final List<Tracked> keys = new ArrayList<>(1);
        double busy;
        double ios;

        Candidate(DeviceKey key) {
            this.key = key;
        }
    }

    /** A candidate's sums when it was put on the heap: stale once it has grown (see {@link #leastBusy}). */
    private record Ranked(double busy, double ios, Candidate candidate) {
    }

    /** One iostat run of one file as the parser numbered it (one per banner), and the stamps it spans. */
    private record RunKey(String input, int run) {
    }

    /** Every key seen, in the order first seen: its sums (2 numbers a device) and, for candidates, its series. */
    private final Map<Key, Tracked> tracked = new LinkedHashMap<>();
    private final Map<DeviceKey, Candidate> candidates = new HashMap<>();
    /** The candidates, least busy first, as of when each was last ranked. */
    private final java.util.PriorityQueue<Ranked> ranking = new java.util.PriorityQueue<>(
            java.util.Comparator.comparingDouble(Ranked::busy).thenComparingDouble(Ranked::ios));
    /** Devices let go or never kept: their series are not whole. */
    private final Set<DeviceKey> cut = new java.util.HashSet<>();
    private final int candidateCount;
    private final Map<RunKey, double[]> spans = new LinkedHashMap<>();
    /** Runs with interval reports: a device of theirs seen only in the since-boot report has no samples. */
    private final Set<RunKey> withInterval = new java.util.HashSet<>();
    private final int keptReports;
    private int kept;
    private final CpuLoads.Tally cpu = new CpuLoads.Tally();

    public IostatAnalysis() {
        this(KEPT_REPORTS, CANDIDATES);
    }

    IostatAnalysis(int keptReports) {
        this(keptReports, CANDIDATES);
    }

    IostatAnalysis(int keptReports, int candidates) {
        this.keptReports = keptReports;
        this.candidateCount = candidates;
    }

    @Override
    public void attach(Facts facts) {
        facts.stream(IostatCpu.class, cpu::add);
        facts.stream(IostatSample.class, s -> {
            Key key = new Key(s.input(), s.run(), s.device(), s.dialect());
            double busy = ServiceTimes.busyPct(s);
            double ios = ServiceTimes.iops(s);
            busy = Double.isNaN(busy) ? 0 : busy;
            ios = Double.isNaN(ios) ? 0 : ios;
            Tracked t = tracked.get(key);
            if (t == null) {
                t = new Tracked();
                tracked.put(key, t);
                t.candidate = candidate(new DeviceKey(s.input(), s.device(), s.dialect()), busy, ios);
                if (t.candidate != null) {
                    t.series = new Series();
                    t.candidate.keys.add(t);
                }
                // a run's first sample is the first of one of its keys: the span starts there
                t.run = new RunKey(s.input(), s.run());
                t.span = spans.computeIfAbsent(t.run, k -> new double[] {Double.NaN, Double.NaN, s.line(), s.line()});
            }
            t.busy += busy;
            t.ios += ios;
            if (t.series != null) {
                t.candidate.busy += busy;
                t.candidate.ios += ios;
                kept += t.series.add(s);
                if (kept > keptReports) {
                    kept = 0;
                    for (Tracked each : tracked.values()) {
                        kept += each.series == null ? 0 : each.series.coarsen();
                    }
                }
            }
            double[] span = t.span;
            span[3] = s.line();
            if (!s.sinceBoot() && !t.interval) {
                t.interval = true;
                withInterval.add(t.run);
            }
            if (s.timed()) {
                double time = s.seconds();
                span[0] = Double.isNaN(span[0]) ? time : Math.min(span[0], time);
                span[1] = Double.isNaN(span[1]) ? time : Math.max(span[1], time);
            }
        });
    }

    /**
     * The candidate of {@code device}, made when there is room or when its first report
     * ({@code busy}, {@code ios}) outweighs the least busy candidate's sums, which is then let go;
     * null for a device whose series is not kept.
     */
    private Candidate candidate(DeviceKey device, double busy, double ios) {
        Candidate c = candidates.get(device);
        if (c != null || cut.contains(device)) {
            return c;
        }
        if (candidates.size() >= candidateCount) {
            Ranked least = leastBusy();
            if (busy < least.busy || (busy == least.busy && ios <= least.ios)) {
                cut.add(device);
                return null;
            }
            ranking.poll();
            Candidate out = least.candidate;
            candidates.remove(out.key);
            cut.add(out.key);
            for (Tracked k : out.keys) {
                kept -= k.series.samples.size();
                k.series = null;
                k.candidate = null;
            }
        }
        c = new Candidate(device);
        candidates.put(device, c);
        ranking.add(new Ranked(0, 0, c));
        return c;
    }

    /** The least busy candidate, ranked anew where its sums have grown since (they only grow). */
    private Ranked leastBusy() {
        while (true) {
            Ranked r = ranking.peek();
            Candidate c = r.candidate;
            if (r.busy == c.busy && r.ios == c.ios) {
                return r;
            }
            ranking.poll();
            ranking.add(new Ranked(c.busy, c.ios, c));
        }
    }

    /** One device's reports as kept: each of them stands for {@code per} printed reports. */
    private static final class Series {
        final List<IostatSample> samples = new ArrayList<>();
        int per = 1;
        /** Printed reports not yet combined into a kept one. */
        final List<IostatSample> open = new ArrayList<>();

        /** How many more samples are kept. */
        int add(IostatSample s) {
            if (s.sinceBoot() || per == 1) {
                samples.add(s);
                return 1;
            }
            if (!open.isEmpty() && !open.get(0).columns().equals(s.columns())) {
                samples.add(mean(open));
                open.clear();
                open.add(s);
                return 1;
            }
            open.add(s);
            if (open.size() < per) {
                return 0;
            }
            samples.add(mean(open));
            open.clear();
            return 1;
        }

        /** Halves the kept interval reports (since-boot ones stay); returns how many samples remain. */
        int coarsen() {
            per *= 2;
            List<IostatSample> out = new ArrayList<>(samples.size() / 2 + 1);
            List<IostatSample> pair = new ArrayList<>(2);
            for (IostatSample s : samples) {
                if (s.sinceBoot()) {
                    out.add(s);
                    continue;
                }
                if (!pair.isEmpty() && !pair.get(0).columns().equals(s.columns())) {
                    out.add(pair.get(0));
                    pair.clear();
                }
                pair.add(s);
                if (pair.size() == 2) {
                    out.add(mean(pair));
                    pair.clear();
                }
            }
            out.addAll(pair); // an odd one out stays as it is: one report of a finer interval
            samples.clear();
            samples.addAll(out);
            return samples.size();
        }

        List<IostatSample> all() {
            if (!open.isEmpty()) {
                samples.add(mean(open));
                open.clear();
            }
            return samples;
        }

        /** The report iostat would have printed over the intervals of {@code group}: stamped as its first. */
        private static IostatSample mean(List<IostatSample> group) {
            IostatSample first = group.get(0);
            if (group.size() == 1) {
                return first;
            }
            int columns = first.columns().names().size();
            double[] values = new double[columns];
            for (IostatSample s : group) {
                for (int i = 0; i < columns; i++) {
                    values[i] += s.valueAt(i);
                }
            }
            for (int i = 0; i < columns; i++) {
                values[i] /= group.size();
            }
            // the values are this sample's own; a sample without a stamp (or stamped NaN) keeps it as it was
            return !Double.isNaN(first.seconds())
                    ? IostatSample.owning(first.input(), first.line(), first.text(), first.headerLine(), first.columns(),
                            first.device(), first.report(), false, first.seconds(), first.timeText(), first.date(),
                            first.run(), values)
                    : new IostatSample(first.input(), first.line(), first.text(), first.headerLine(), first.columns(),
                            first.device(), first.report(), false, first.time(), first.timeText(), first.date(),
                            first.run(), values);
        }
    }

    @Override
    public Dataflow dataflow() {
        return Dataflow.writes(IostatTimeline.class, IostatSection.class, CpuLoads.class);
    }

    @Override
    public void finish(Facts facts, Results results) {
        CpuLoads loads = cpu.loads();
        if (!loads.loads().isEmpty()) {
            results.put(CpuLoads.class, loads);
        }
        if (tracked.isEmpty()) {
            return;
        }
        List<DeviceSeries> series = new ArrayList<>();
        List<IostatDevice> devices = new ArrayList<>();
        Map<RunKey, Integer> lanes = lanes();
        Map<String, Integer> laneCount = new HashMap<>();
        lanes.forEach((run, lane) -> laneCount.merge(run.input(), lane, Math::max));
        Map<Key, List<IostatSample>> joined = new LinkedHashMap<>();
        Set<RunKey> lanesWithInterval = new java.util.HashSet<>();
        withInterval.forEach(r -> lanesWithInterval.add(new RunKey(r.input(), lanes.get(r))));
        tracked.forEach((key, kept) -> {
            if (kept.series != null) {
                joined.computeIfAbsent(new Key(key.input(), lanes.get(new RunKey(key.input(), key.run())), key.device(),
                        key.dialect()), k -> new ArrayList<>()).addAll(kept.series.all());
            }
        });
        List<String> notes = new ArrayList<>();
        keepBusiest(joined, lanes, notes);
        for (Map.Entry<Key, List<IostatSample>> e : joined.entrySet()) {
            Key key = e.getKey();
            DeviceSeries s = series(key, laneCount.get(key.input()) > 1 ? key.run() : null, e.getValue());
            series.add(s);
            // a device iostat printed in its since-boot report only (-z leaves idle devices out of the
            // interval reports): no report of the run's intervals is its
            boolean bootOnly = s.singleReport() && lanesWithInterval.contains(new RunKey(key.input(), key.run()));
            devices.add(summary(s, bootOnly));
        }
        results.put(IostatTimeline.class, new IostatTimeline(series));
        results.put(IostatSection.class, new IostatSection(devices, notes));
    }

    /**
     * Leaves the {@link #DEVICES} busiest series (busy % summed over their reports, then I/Os, as
     * printed), in file order; of those, a device whose series was let go while reading is not
     * itemised either. The note counts every device left out.
     */
    private void keepBusiest(Map<Key, List<IostatSample>> joined, Map<RunKey, Integer> lanes, List<String> notes) {
        Map<Key, double[]> load = new LinkedHashMap<>();
        tracked.forEach((k, sum) -> {
            double[] to = load.computeIfAbsent(new Key(k.input(), lanes.get(new RunKey(k.input(), k.run())),
                    k.device(), k.dialect()), j -> new double[2]);
            to[0] += sum.busy;
            to[1] += sum.ios;
        });
        if (load.size() <= DEVICES && cut.isEmpty()) {
            return;
        }
        List<Key> order = new ArrayList<>(load.keySet());
        order.sort(java.util.Comparator.comparingDouble((Key k) -> load.get(k)[0])
                .thenComparingDouble(k -> load.get(k)[1]).reversed());
        Set<Key> keep = new java.util.HashSet<>(order.subList(0, Math.min(DEVICES, order.size())));
        joined.keySet().retainAll(keep);
        long busyButCut = keep.stream().filter(k -> cut.contains(new DeviceKey(k.input(), k.device(), k.dialect()))).count();
        String note = String.format(java.util.Locale.ROOT, "%,d more devices not itemised: only the %,d busiest are kept",
                load.size() - joined.size(), DEVICES);
        if (busyButCut > 0) {
            note += String.format(java.util.Locale.ROOT, ", and %,d of those are counted here too: they grew busy after "
                    + "their first reports had been let go (the whole series of at most %,d devices are kept while reading)",
                    busyButCut, candidateCount);
        }
        notes.add(note);
    }

    /**
     * Joins each file's runs into as few series as allowed: a run that starts after another ended,
     * in the file and in time, continues it (iostat started again by cron into one file); one whose
     * reports are mixed with another's (two iostat processes writing into one file at once) or
     * stamped before another's end starts its own. Series are numbered from 1 in file order.
     */
    private Map<RunKey, Integer> lanes() {
        Map<RunKey, Integer> lanes = new HashMap<>();
        // input -> per series {its number, last stamp, last line}
        Map<String, List<double[]>> ends = new HashMap<>();
        for (Map.Entry<RunKey, double[]> e : spans.entrySet()) {
            String input = e.getKey().input();
            double[] span = e.getValue(); // first stamp, last stamp, first line, last line
            List<double[]> open = ends.computeIfAbsent(input, k -> new ArrayList<>());
            double[] chosen = null;
            for (double[] lane : open) {
                boolean after = lane[2] < span[2] && (Double.isNaN(lane[1]) || Double.isNaN(span[0])
                        || lane[1] <= span[0]);
                if (after && (chosen == null || lane[2] > chosen[2])) {
                    chosen = lane;
                }
            }
            if (chosen == null) {
                chosen = new double[] {open.size() + 1, Double.NaN, 0};
                open.add(chosen);
            }
            chosen[1] = Double.isNaN(span[1]) ? chosen[1] : span[1];
            chosen[2] = span[3];
            lanes.put(e.getKey(), (int) chosen[0]);
        }
        return lanes;
    }

    private static DeviceSeries series(Key key, Integer run, List<IostatSample> samples) {
        List<IostatSample> sinceBoot = samples.stream().filter(IostatSample::sinceBoot).toList();
        List<IostatSample> interval = samples.stream().filter(s -> !s.sinceBoot()).toList();
        boolean single = interval.isEmpty();
        List<IostatPoint> points = (single ? sinceBoot : interval).stream().map(ServiceTimes::point).toList();
        IostatSample first = samples.get(0);
        return new DeviceSeries(key.input(), run, key.device(), key.dialect(), points, single ? List.of() : sinceBoot,
                single, baseline(points), interval(points), ServiceTimes.responseLabel(first),
                ServiceTimes.busyLabel(first), ServiceTimes.queueLabel(first));
    }

    private static Double baseline(List<IostatPoint> points) {
        double[] light = points.stream()
                .filter(p -> p.hasIo() && p.queue() <= LIGHT_QUEUE && !Double.isNaN(p.responseMs()))
                .mapToDouble(IostatPoint::responseMs).toArray();
        return light.length < MIN_BASELINE_REPORTS ? null : MEDIAN.evaluate(light);
    }

    private static Double interval(List<IostatPoint> points) {
        List<Double> gaps = new ArrayList<>();
        for (int i = 1; i < points.size(); i++) {
            IostatSample x = points.get(i - 1).sample();
            IostatSample y = points.get(i).sample();
            double a = x.seconds();
            double b = y.seconds();
            if (x.timed() && y.timed() && b > a) {
                gaps.add(b - a);
            }
        }
        return gaps.isEmpty() ? null : MEDIAN.evaluate(gaps.stream().mapToDouble(Double::doubleValue).toArray());
    }

    private static IostatDevice summary(DeviceSeries s, boolean bootOnly) {
        Map<String, double[]> sums = new LinkedHashMap<>(); // column -> {sum, max, max as printed}
        // each column's sums and whether it is a utilisation, found once per header rather than per
        // value: a series holds up to a few hundred thousand reports of some 20 columns
        IostatColumns header = null;
        double[][] accs = null;
        boolean[] utilisation = null;
        for (IostatPoint p : s.points()) {
            IostatSample sample = p.sample();
            if (sample.columns() != header) {
                header = sample.columns();
                List<String> names = header.names();
                accs = new double[names.size()][];
                utilisation = new boolean[names.size()];
                for (int i = 0; i < names.size(); i++) {
                    accs[i] = sums.computeIfAbsent(names.get(i), c -> new double[] {0, Double.NEGATIVE_INFINITY,
                            Double.NEGATIVE_INFINITY});
                    utilisation[i] = ServiceTimes.utilisation(names.get(i));
                }
            }
            for (int i = 0; i < accs.length; i++) {
                double v = sample.valueAt(i);
                double[] acc = accs[i];
                double clipped = utilisation[i] ? Math.min(100, v) : v;
                acc[0] += clipped;
                acc[1] = Math.max(acc[1], clipped);
                acc[2] = Math.max(acc[2], v);
            }
        }
        Map<String, IostatDevice.Stat> metrics = new LinkedHashMap<>();
        int n = s.points().size();
        sums.forEach((col, acc) -> metrics.put(col, acc[2] > acc[1]
                ? new IostatDevice.Stat(round(acc[0] / n), acc[1], acc[2], IostatDevice.Stat.UTILISATION_CLIPPED)
                : new IostatDevice.Stat(round(acc[0] / n), acc[1])));
        IostatSample first = s.points().get(0).sample();
        IostatSample last = s.points().get(n - 1).sample();
        Set<String> key = KEY_COLUMNS.get(s.dialect());
        List<String> keyColumns = first.columns().names().stream()
                .filter(key::contains).toList();
        return new IostatDevice(s.device(), null, s.dialect(), s.input(), s.run(), bootOnly ? 0 : n,
                s.singleReport() ? Boolean.TRUE : null,
                s.idle(), first.time(), last.time(), first.timeText(), last.timeText(), s.intervalSeconds(),
                keyColumns, metrics, bootOnly ? first.metrics()
                        : s.sinceBoot().isEmpty() ? null : s.sinceBoot().get(0).metrics());
    }

    private static double round(double v) {
        return Math.round(v * 10000.0) / 10000.0;
    }
}
