package dev.ioverdict.rules.disk;

import dev.ioverdict.analysis.config.MediaClass;
import dev.ioverdict.analysis.config.StorageConfig;
import dev.ioverdict.analysis.iostat.SchedulerHold;
import dev.ioverdict.analysis.iostat.CpuLoads;
import dev.ioverdict.analysis.iostat.DeviceSeries;
import dev.ioverdict.analysis.iostat.IostatPoint;
import dev.ioverdict.analysis.iostat.IostatTimeline;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Metric;
import dev.ioverdict.model.Impact;
import dev.ioverdict.model.iostat.IostatSample;
import dev.ioverdict.rules.Input;
import dev.ioverdict.rules.Inputs;
import dev.ioverdict.rules.RuleContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.statistics.descriptive.DoubleStatistics;
import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.Statistic;
import org.apache.commons.statistics.descriptive.StatisticsConfiguration;

/** What the iostat rules share: their input requirement, evidence lines and wording. */
public final class IostatEvidence {
    /** Every device series of every iostat file, when there is at least one. */
    public static final Input<List<DeviceSeries>> SERIES = new Input<>("iostat", "iostat -x output",
            "iostat -x -t 1 120 > iostat-x.txt   (Linux sysstat; Solaris: iostat -xn -T d 1 120 > iostat-xn.txt)",
            c -> c.results().get(IostatTimeline.class).map(IostatTimeline::series).filter(s -> !s.isEmpty()));

    /** How busy the CPUs were by iostat's avg-cpu lines (Linux), when the bundle has them. */
    public static final Input<CpuLoads> CPU = new Input<>("iostat-cpu", "iostat's CPU lines (avg-cpu)",
            "iostat -x -t 1 120 > iostat-x.txt   (Linux sysstat: its avg-cpu lines)",
            c -> c.results().get(CpuLoads.class));

    /** The response time (await, svc_t, asvc_t) a finding was judged against: what its chart draws. */
    public static final Metric LIMIT_RESPONSE = Metric.duration("limitResponse", "limit for the response time");
    /** The busy share (%util, %b) a finding was judged against. */
    public static final Metric LIMIT_BUSY = Metric.percent("limitBusy", "limit for the busy share");
    /** The queue (aqu-sz, avgqu-sz) a finding was judged against. */
    public static final Metric LIMIT_QUEUE = Metric.count("limitQueue", "limit for the queue size");
    /** The worst response time, busy share and queue of the flagged reports: the columns the evidence lines show. */
    public static final Metric WORST_RESPONSE = Metric.duration("worstResponse", "worst response time");
    public static final Metric MAX_BUSY = Metric.percent("maxBusyPct", "highest busy share");
    public static final Metric MAX_QUEUE = Metric.count("maxQueue", "highest queue size");

    private IostatEvidence() {
    }

    /**
     * Request time summed over iostat reports (IOPS x time per request x interval), estimated, and
     * said over the reports' span as the requests outstanding on average it amounts to (Little's law),
     * where "15.0 min" from 16 reports of one second read as a fault.
     */
    public static Impact requestTime(double seconds, int reports, double secondsPerReport, String label, String method) {
        double span = reports * secondsPerReport;
        String of = "the device's own time on " + label + " (await x IOPS" + (span > 0 ? " over the " + Figures.duration(span)
                + " of its reports" : "") + ")";
        Impact impact = new Impact(seconds, null, of, false, method);
        return span > 0 ? impact.over(span) : impact;
    }

    /**
     * How a finding names an iostat device: by what the bundle knows of it (multipath alias, mount
     * point, paths, WWID, backing file, major,minor: "dm-3 (mpatha, /u01, paths sdc sdf, WWID 3600...)"),
     * else as iostat printed it. The rule must declare {@link Inputs#STORAGE} as optional.
     */
    public static String label(RuleContext ctx, String device) {
        return ctx.optional(Inputs.STORAGE).map(c -> c.label(device)).orElse(device);
    }

    /**
     * The report of {@code device} where {@code direction} ("reads", "writes") waited longest by
     * iostat's own await column (r_await, w_await), with its header: iostat's view of a class
     * starved in the scheduler. Nothing when no iostat file has that device and column.
     */
    public static List<Evidence> worstFor(List<DeviceSeries> series, String device, String direction) {
        String column = direction.equals("reads") ? "r_await" : direction.equals("writes") ? "w_await" : null;
        if (column == null) {
            return List.of();
        }
        return series.stream().filter(s -> s.device().equals(device))
                .flatMap(s -> s.points().stream())
                .filter(p -> !p.sample().sinceBoot() && p.sample().has(column))
                .max(java.util.Comparator.comparingDouble(p -> p.sample().value(column)))
                .map(p -> lines(List.of(p))).orElse(List.of());
    }

    /** The column header the rows are read under, then the rows themselves, verbatim. */
    public static List<Evidence> lines(List<IostatPoint> rows) {
        List<Evidence> out = new ArrayList<>();
        IostatSample first = rows.get(0).sample();
        out.add(new Evidence(first.input(), first.headerLine(), first.columns().header()));
        for (IostatPoint p : rows) {
            out.add(new Evidence(p.sample().input(), p.sample().line(), p.sample().text()));
        }
        return out;
    }

    /** "in 15 of 25 reports (08:34:09 .. 08:34:23, 15 in a row)" or the single-report caveat. */
    public static String span(DeviceSeries s, Episodes e) {
        if (s.singleReport()) {
            return "in the only report the file holds for " + s.device() + " (iostat without an interval, or an "
                    + "excerpt: if it is the average since boot, the device has been like this on average since boot)";
        }
        String from = DeviceSeries.when(e.first().sample());
        if (e.flagged().size() == 1) {
            return String.format(Locale.ROOT, "in 1 of %d interval report%s (%s)", e.all().size(),
                    e.all().size() == 1 ? "" : "s", from);
        }
        return String.format(Locale.ROOT, "in %d of %d interval reports (%s to %s, longest run %d in a row)",
                e.flagged().size(), e.all().size(), from, DeviceSeries.when(e.last().sample()), e.longestRun());
    }

    /** "70.4 ms (await)" for one report, "68.1 ms on average (await, worst 70.4 ms)" for several. */
    public static String avgWorst(Episodes e, java.util.function.ToDoubleFunction<IostatPoint> f, String unit, String label) {
        String worst = unit.equals("ms") ? ms(e.max(f)) : num(e.max(f)) + unit;
        if (e.flagged().size() == 1) {
            return worst + " (" + label + ")";
        }
        return (unit.equals("ms") ? ms(e.avg(f)) : num(e.avg(f)) + unit) + " on average (" + label + ", worst "
                + worst + ")";
    }

    /** iostat prints milliseconds; findings speak in one duration style. */
    public static String ms(double v) {
        return Figures.duration(v / 1000);
    }

    public static String num(double v) {
        return Figures.number(v);
    }

    /**
     * The device's busy time per completed request (ms), NaN when the report does not tell (no
     * completions counted, or no busy column). While the device is busy at least one request is in
     * service, so its requests' average service time is at least this, whatever their queue and
     * however many it serves at once: a device that completes fewer requests than its class serves
     * (one every {@code classMs}) is slow itself; one that completes as many or more turns a deep
     * queue into a long response by the wait behind the other requests.
     */
    public static double busyMsPerCompletion(IostatPoint p) {
        if (!(p.iops() > 0) || Double.isNaN(p.busyPct())) {
            return Double.NaN;
        }
        return Math.min(p.busyPct(), 100) / 100 * 1000 / p.iops();
    }

    /**
     * Whether the report shows the device completing fewer small requests than its class serves: slow
     * whatever its queue. A class's service time is a small request's; a large transfer holds its
     * transfer time too (1 MiB at 40 MB/s is 25 ms on a healthy disk), so reports of larger requests,
     * or of a size iostat does not print, are not judged this way.
     */
    public static boolean slowerThanItsClass(IostatPoint p, double classMs) {
        return requestKb(p) <= MediaClass.SMALL_REQUEST_KIB && busyMsPerCompletion(p) > classMs;
    }

    /**
     * The report's average request size in KiB (sysstat's rareq-sz/wareq-sz, avgrq-sz in sectors, sar's
     * areq-sz; Solaris's kr/s + kw/s over r/s + w/s); NaN when it prints none or did no I/O.
     */
    public static double requestKb(IostatPoint p) {
        var x = p.sample();
        double r = x.has("r/s") ? x.value("r/s") : 0;
        double w = x.has("w/s") ? x.value("w/s") : 0;
        if (x.has("rareq-sz") && x.has("wareq-sz") && r + w > 0) {
            return (r * x.value("rareq-sz") + w * x.value("wareq-sz")) / (r + w);
        }
        if (x.has("avgrq-sz") && r + w > 0) {
            return x.value("avgrq-sz") / 2; // sectors of 512 bytes
        }
        if (x.has("areq-sz") && x.has("tps") && x.value("tps") > 0) {
            return x.value("areq-sz"); // sar -d: kB
        }
        if (x.has("kr/s") && x.has("kw/s") && r + w > 0) {
            return (x.value("kr/s") + x.value("kw/s")) / (r + w);
        }
        return Double.NaN;
    }

    /** A queue at least this deep on average is deep enough to be waiting, whatever the device serves at once. */
    static final double DEEP_QUEUE = 4;
    /**
     * The same for media expected to serve several at once (flash, a virtual disk, an array LUN): a flat
     * response at fewer outstanding is the requests in service (disk-saturation's deep queue).
     */
    static final double DEEP_QUEUE_PARALLEL = 8;
    /** Await varying less than this (coefficient of variation over the reports with I/O) is flat. */
    static final double FLAT_CV = 0.25;

    /**
     * A slow device, not a saturated one, when no light-load report gives a baseline: the response
     * time stays flat across the reports while the queue stays shallow for its class of media, so the
     * requests in flight are the ones in service (Little's law), not a queue growing in front of the device.
     */
    public static boolean steadyAndShallow(DeviceSeries s, MediaClass media, StorageConfig config) {
        if (s.baselineMs() != null) {
            return false;
        }
        // the population's deviation (biased), as the figure always was: these points are all the intervals
        DoubleStatistics response = DoubleStatistics.of(Statistic.MEAN, Statistic.STANDARD_DEVIATION)
                .setConfiguration(StatisticsConfiguration.withDefaults().withBiased(true));
        Mean queue = Mean.create();
        for (IostatPoint p : s.points()) {
            if (!p.hasIo() || Double.isNaN(p.responseMs()) || Double.isNaN(p.queue())) {
                continue;
            }
            response.accept(p.responseMs());
            queue.accept(p.queue());
        }
        double mean = response.getAsDouble(Statistic.MEAN);
        if (response.getCount() < 3 || !(mean > 0)) {
            return false;
        }
        double cv = response.getAsDouble(Statistic.STANDARD_DEVIATION) / mean;
        // a scheduler that lets the device serve one request at a time makes any device serve in turn
        boolean parallel = media.servesInParallel() && SchedulerHold.of(s, config).isEmpty();
        return cv < FLAT_CV && queue.getAsDouble() < (parallel ? DEEP_QUEUE_PARALLEL : DEEP_QUEUE);
    }
}
