package dev.ioverdict.rules.disk;

import dev.ioverdict.analysis.config.MediaClass;
import dev.ioverdict.analysis.iostat.DeviceSeries;
import dev.ioverdict.analysis.iostat.IostatPoint;
import dev.ioverdict.model.Confidence;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Impact;
import dev.ioverdict.model.Metric;
import dev.ioverdict.model.iostat.IostatDevice;
import dev.ioverdict.model.Unit;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.Subject;
import dev.ioverdict.model.iostat.IostatDialect;
import dev.ioverdict.rules.ChartSpec;
import dev.ioverdict.rules.EvidenceKind;
import dev.ioverdict.rules.Inputs;
import dev.ioverdict.model.timemodel.Part;
import dev.ioverdict.rules.MeasuredIn;
import dev.ioverdict.rules.Meaning;
import dev.ioverdict.rules.Rule;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.RuleInfo;
import dev.ioverdict.rules.SubjectMetrics;
import dev.ioverdict.rules.Threshold;
import dev.ioverdict.rules.aio.AioCompletionWaitRule;
import dev.ioverdict.rules.wait.TimeModelInput;
import dev.ioverdict.rules.block.BlockFigures;
import dev.ioverdict.rules.block.InsideQueue;
import dev.ioverdict.rules.block.IostatSharedQueue;
import dev.ioverdict.rules.block.SlowDirection;
import dev.ioverdict.rules.block.SlowInSharedQueue;
import dev.ioverdict.rules.block.RequestStarvationRule;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * A device that cannot keep up: long response times (svc_t, await) while busy (%b, %util), with
 * requests piling up in front of it. Seed 003's rule of thumb: svc_t over 50 ms at over 20 % busy
 * is a bottleneck, 30-50 ms deserves watching. Busy % alone proves nothing on devices that serve
 * requests in parallel (arrays, SSD, NVMe, loop, dm, md): there 100 % only means "never idle", so
 * the response time must also stand well above the device's own light-load time in the same
 * capture, with a queue behind it.
 */
public final class DiskSaturationRule extends Rule {
    public static final Metric RESPONSE_COLUMN = Metric.text("responseColumn", "response time column");
    public static final Metric AVG_RESPONSE = Metric.duration("avgResponse", "average response time");
    public static final Metric BASELINE = Metric.duration("baseline", "light-load response time");
    static final Metric IN_DEVICE = Metric.count("inDevice", "requests in the device on average");
    static final Metric PER_COMPLETION = Metric.duration("perCompletion", "traced span per completion");
    static final Metric CLASS_SERVICE = Metric.duration("classService", "service time of its media class");

    static final Threshold AWAIT_MS = Threshold.millis("await_ms", 50,
            "response time (svc_t, wsvc_t+asvc_t, await) of a bottleneck");
    static final Threshold BUSY_PCT = Threshold.percent("busy_pct", 20, "busy (%b, %util) of a bottleneck");
    static final Threshold WATCH_MS = Threshold.millis("watch_ms", 30, "response time worth watching (warning)");
    static final Threshold WATCH_BUSY_PCT = Threshold.percent("watch_busy_pct", 5,
            "busy above which a watch-level response time counts");
    static final Threshold MIN_QUEUE = Threshold.ratio("min_queue", 2, "average requests outstanding (aqu-sz, "
            + "avgqu-sz, wait+actv) below which slow answers are the device's latency, not saturation");
    static final Threshold QUEUE_FACTOR = Threshold.factor("queue_factor", 2, "response time must reach this "
            + "multiple of the device's light-load response time in the same capture (when there is one)");
    static final Threshold DEEP_QUEUE = Threshold.ratio("deep_queue", 8, "average requests outstanding (in a block "
            + "trace: in the device, Little's law on D2C) from which a response of twice its media class's service time or more is saturation, with no light-load report and "
            + "whatever the 50 ms rule of thumb says, when the device completes a request at least as often as its "
            + "class serves one");
    static final Threshold MIN_TRACED_IOS = Threshold.count("min_traced_ios", "I/Os", 20,
            "block trace: fewer completions on a device than this are too few to judge its queue");
    static final Threshold MIN_BURST_REPORTS = Threshold.count("min_burst_reports", "reports", 2,
            "reports over the limit that make a short burst worth a line, where the file holds more than one report "
                    + "(one interval alone is a spike: a flush, files being closed)");

    public static final String ID = "disk-saturation";

    private static final RuleInfo INFO = new RuleInfo(ID,
            "Disk saturated: long service times while busy", Severity.CRITICAL,
            "iostat shows a device answering slowly (svc_t, await) while busy (%b, %util), with requests queued "
                    + "in front of it, over several reports; or a block trace shows many requests inside a device that "
                    + "completes them as fast as its class serves one, with a long D2C: the device is the bottleneck.",
            List.of(), List.of(IostatEvidence.SERIES, BlockFigures.INPUT), List.of(Inputs.STORAGE, TimeModelInput.MODEL),
            List.of(AWAIT_MS, BUSY_PCT, WATCH_MS, WATCH_BUSY_PCT, MIN_QUEUE, QUEUE_FACTOR, DEEP_QUEUE, Episodes.MIN_CONSECUTIVE, Episodes.MIN_SHARE_PCT,
                    MIN_BURST_REPORTS, MIN_TRACED_IOS));

    public DiskSaturationRule() {
        super(INFO, MeasuredIn.device(Part.DEVICE, Part.BEHIND_OTHER_IO, Part.TAG_WAIT).orElse(Part.NOT_MEASURED),
                Meaning.of(Meaning.Layer.DEVICE)
                        .use(Meaning.Resource.DEVICE, Meaning.Use.UTILIZATION, Meaning.Use.SATURATION)
                        // iostat's findings read the device from outside; the block trace's measure it (Reinterpretation)
                        .evidence(EvidenceKind.IOSTAT, EvidenceKind.BLOCK_TRACE).seenFromOutside()
                        // iostat's queue is what a saturated device leaves behind
                        .explains(QueueWaitRule.ID, "about the same device",
                                Meaning.Explains::sameSubject)
                        // the requests inside a full device hold the queue's tags: a submitter waits for one to
                        // complete, and more tags would only lengthen the queue inside it
                        .explains(RequestStarvationRule.ID, "about the same device: its requests hold the tags",
                                Meaning.Explains::sameSubject)
                        // the process waits in io_getevents for completions the full device is slow to give
                        .explains(AioCompletionWaitRule.ID, "when the process's requests went to the device: it waits for completions the saturated "
                                + "device is slow to give", AioCompletionWaitRule::waitsOn)
                        // measured in a block trace, the queue iostat counts is the one inside the device
                        .insideView((cause, iostat) -> "iostat's view of the same device: " + iostat.title() + ". The "
                                + "block trace shows where the requests wait: inside the device ("
                                + cause.measurement(IN_DEVICE).map(m -> m.display() + " requests in it on average")
                                .orElse("many requests at once") + "), which completes them as fast as its class "
                                + "serves one; iostat's aqu-sz and await count the same requests.")
                        .chart(f -> {
                            var busy = new ChartSpec.Axis(ChartSpec.Axis.Series.BUSY, IostatEvidence.LIMIT_BUSY, true);
                            return f.has(SubjectMetrics.INPUT) && f.has(IostatEvidence.LIMIT_RESPONSE)
                                    ? new ChartSpec.IostatSeries(SubjectMetrics.INPUT, SubjectMetrics.DEVICE,
                                    IostatEvidence.LIMIT_RESPONSE, false, busy, busy) : ChartSpec.NONE;
                        }));
    }

    @Override
    public void evaluate(RuleContext ctx) {
        // one device shown by both is one finding: the diagnosis merges them by rule and device
        ctx.optional(BlockFigures.INPUT).ifPresent(figs -> BlockSaturation.judge(ctx, figs));
        for (DeviceSeries s : ctx.optional(IostatEvidence.SERIES).orElse(List.of())) {
            if (IostatEvidence.steadyAndShallow(s, media(ctx, s), ctx.optional(Inputs.STORAGE).orElse(null))
                    || servedSideBySide(ctx, s)) {
                // flat response time over a shallow queue: a slow device (device-latency), not a saturated one
                continue;
            }
            double classMs = media(ctx, s).abnormalMs();
            // a device completing fewer requests than its class serves is slow whatever its queue (device-latency):
            // its queue and long response follow from its service time, at any depth and under any rule of thumb
            Predicate<IostatPoint> queued = p -> p.hasIo()
                    && (Double.isNaN(p.queue()) || p.queue() >= ctx.value(MIN_QUEUE))
                    && (s.baselineMs() == null || p.responseMs() >= ctx.value(QUEUE_FACTOR) * s.baselineMs())
                    && !IostatEvidence.slowerThanItsClass(p, classMs);
            Episodes bottleneck = Episodes.of(s.points(), queued.and(p -> p.responseMs() >= ctx.value(AWAIT_MS)
                    && p.busyPct() >= ctx.value(BUSY_PCT)).or(p -> deepQueue(ctx, s, p, classMs)));
            Episodes watch = Episodes.of(s.points(), queued.and(p -> p.responseMs() >= ctx.value(WATCH_MS)
                    && p.busyPct() >= ctx.value(WATCH_BUSY_PCT)));
            double minRun = ctx.value(Episodes.MIN_CONSECUTIVE);
            double minShare = ctx.value(Episodes.MIN_SHARE_PCT);
            if (bottleneck.sustained(minRun, minShare)) {
                report(ctx, s, bottleneck, Severity.CRITICAL, "saturated", minRun);
            } else if (watch.sustained(minRun, minShare)) {
                report(ctx, s, watch, Severity.WARNING, "slow under load (watch)", minRun);
            } else if (bottleneck.any() && (s.singleReport()
                    || bottleneck.flagged().size() >= ctx.value(MIN_BURST_REPORTS))) {
                report(ctx, s, bottleneck, Severity.INFO, "saturated in short bursts", minRun);
            }
        }
    }

    /**
     * The rule of thumb's 50 ms is a disk's: flash with 64 requests outstanding that answers in 30 ms
     * is as full. A report is saturated by its queue when many requests are outstanding, the response
     * is at least {@code queue_factor} times what the device's class serves in (and its light-load
     * response, when the capture has one), and the device completes a request at least as often as
     * its class serves one (busy time over completions): even served one at a time each request
     * would be quick, so the response is the wait behind the others. A device completing fewer is
     * slow whatever its queue (device-latency).
     */
    private static boolean deepQueue(RuleContext ctx, DeviceSeries s, IostatPoint p, double classMs) {
        if (!(p.iops() > 0) || Double.isNaN(p.queue()) || p.queue() < ctx.value(DEEP_QUEUE)
                || p.busyPct() < ctx.value(BUSY_PCT)) {
            return false;
        }
        return p.responseMs() >= ctx.value(QUEUE_FACTOR) * lightLoadMs(s, classMs)
                && IostatEvidence.busyMsPerCompletion(p) <= classMs;
    }

    /**
     * Whether a block trace of the device shows it serving its requests side by side, each slow alone: its long
     * response is its own service (device-latency), however many iostat counts outstanding.
     */
    private static boolean servedSideBySide(RuleContext ctx, DeviceSeries s) {
        return inside(ctx, s).map(q -> sideBySide(q, media(ctx, s))).orElse(false);
    }

    /** What a block trace of the series' device says of its requests inside it; empty without one. */
    private static Optional<InsideQueue> inside(RuleContext ctx, DeviceSeries s) {
        return ctx.optional(BlockFigures.INPUT).flatMap(figs -> figs.device(s.device()))
                .flatMap(d -> InsideQueue.of(ctx, d.id()));
    }

    /** What the class serves one request of the trace's size in, seconds: the limit the trace is read against. */
    private static double classSeconds(InsideQueue queue, MediaClass media) {
        return classSeconds(media, queue.requestBytes());
    }

    /** What the class serves one request of {@code bytes} in, seconds. */
    static double classSeconds(MediaClass media, double bytes) {
        return unqueuedMs(media, null, bytes / 1024) / 1000;
    }

    /**
     * What a request of the device takes alone, ms, where a block trace shows it serving its requests in turn, wholly
     * or in part behind a deep queue, each slow for its class ({@link InsideQueue#slowBeneathItsQueue}); null otherwise.
     */
    private static Double ownInTurnMs(RuleContext ctx, DeviceSeries s) {
        MediaClass media = media(ctx, s);
        return inside(ctx, s).filter(q -> q.slowBeneathItsQueue(classSeconds(q, media), ctx.value(DEEP_QUEUE)))
                .map(q -> 1000 * q.ownSeconds()).filter(Double::isFinite).orElse(null);
    }

    /**
     * A direction slow in the queue both share, which keeps its own time (device-latency's): from the block trace of
     * the device where there is one, else from iostat.
     */
    private static Optional<? extends SlowDirection> slowDirection(RuleContext ctx, DeviceSeries s, MediaClass media) {
        java.util.function.DoubleUnaryOperator limit = bytes -> classSeconds(media, bytes);
        if (ctx.optional(BlockFigures.INPUT).flatMap(figs -> figs.device(s.device())).isPresent()) {
            return SlowInSharedQueue.of(ctx, s.device(), ctx.value(MIN_TRACED_IOS), limit);
        }
        return IostatSharedQueue.of(ctx, s, limit);
    }

    /** {@link InsideQueue#servedSideBySideSlowly}, held to what the class serves one request of the trace's size in. */
    static boolean sideBySide(InsideQueue queue, MediaClass media) {
        return queue.servedSideBySideSlowly(classSeconds(queue, media));
    }

    /** What the device answers in unqueued: its class's service time, or its light-load response when that is longer. */
    private static double lightLoadMs(DeviceSeries s, double classMs) {
        return Math.max(classMs, s.baselineMs() == null ? 0 : s.baselineMs());
    }

    /** The device's class of media, whose service time (the limit device-latency judges it by, as shipped) it is held to. */
    private static MediaClass media(RuleContext ctx, DeviceSeries s) {
        return MediaClass.of(s.device(), ctx.optional(Inputs.STORAGE).orElse(null)).media();
    }

    /** The average request size of the flagged reports in KiB (sysstat's rareq-sz/wareq-sz, areq-sz or avgrq-sz); +inf when not printed. */
    static double averageRequestKb(Episodes e) {
        double kb = 0;
        double ios = 0;
        for (IostatPoint p : e.flagged()) {
            var x = p.sample();
            double r = x.value("r/s");
            double w = x.value("w/s");
            if (x.has("rareq-sz") && x.has("wareq-sz") && r + w > 0) {
                kb += r * x.value("rareq-sz") + w * x.value("wareq-sz");
                ios += r + w;
            } else if (x.has("avgrq-sz") && r + w > 0) {
                kb += (r + w) * x.value("avgrq-sz") / 2; // sectors of 512 bytes
                ios += r + w;
            } else if (x.has("areq-sz") && x.has("tps") && x.value("tps") > 0) {
                kb += x.value("tps") * x.value("areq-sz"); // sar -d: kB
                ios += x.value("tps");
            }
        }
        return ios > 0 ? kb / ios : Double.POSITIVE_INFINITY;
    }

    /** The device's max_sectors_kb from the bundle's sysfs values, or null. */
    private static Integer maxSectorsKb(RuleContext ctx, DeviceSeries s) {
        var kb = ctx.optional(Inputs.STORAGE).map(c -> c.maxSectorsKb(s.device())).orElse(java.util.OptionalInt.empty());
        return kb.isPresent() ? kb.getAsInt() : null;
    }

    /**
     * Whether the requests were not cut by the queue's limit: small ones (the application's own I/O
     * size), or ones averaging under half of max_sectors_kb (a stream the limit cuts averages close
     * to it). Raising max_sectors_kb or read-ahead would not make such requests larger.
     */
    static boolean notCutByTheQueue(double requestKb, Integer maxSectorsKb) {
        return requestKb <= MediaClass.SMALL_REQUEST_KIB || maxSectorsKb != null && requestKb < maxSectorsKb / 2.0;
    }

    /** The max_sectors_kb to suggest: never a value under the one in force (requests cut at 1280 KiB want more, not 1024). */
    static int raisedMaxSectorsKb(Integer inForce) {
        return inForce == null ? 1024 : Math.max(1024, 2 * inForce);
    }

    /**
     * The requests fill the device at the size the application gave them: the queue did not cut them,
     * so max_sectors_kb and read-ahead change nothing; the lever is how many the application keeps
     * outstanding, or more devices.
     */
    private static String outstandingAdvice(DeviceSeries s, double kb, Integer maxSectorsKb, double queue) {
        String limit = maxSectorsKb == null ? "" : " (max_sectors_kb " + maxSectorsKb + ")";
        String why = kb <= MediaClass.SMALL_REQUEST_KIB
                ? ", so the device is full of small I/O that larger queue limits would not merge."
                : ": the queue did not cut them, so larger queue limits would not make them larger.";
        return "Lower the number of requests the application keeps outstanding on " + s.device() + " ("
                + IostatEvidence.num(queue) + " on average here: its I/O depth, threads or connections), or spread "
                + "its load over more disks or LUNs: its requests average " + IostatEvidence.num(kb) + " KiB, far under "
                + "the largest the queue builds" + limit + why + " Beyond that, move the busiest data to faster "
                + "storage, reduce I/O with more cache, and check the array behind the device (RAID rebuild, write "
                + "cache, controller and path saturation).";
    }

    /**
     * What to change, in the commands of the platform the iostat came from, fitted to a before/after of a
     * setting in the bundle (maxcontig 6 and 128) and to the max_sectors_kb in force (null: unknown).
     */
    static String advice(DeviceSeries s, Optional<SettingVariants> variants, Integer maxSectorsKb) {
        // the first sentence is the step page 1 lists: a command or a change, never the diagnosis again
        String beyond = "move the busiest data to faster storage, reduce I/O with more cache, and check the array behind "
                + "the device (RAID rebuild, write cache, controller and path saturation).";
        String spread = "Spread the load over more disks or LUNs (striping, moving hot files), " + beyond;
        Optional<SettingVariants> maxcontig = variants.filter(v -> v.setting().equals("maxcontig"));
        if (s.dialect() == IostatDialect.SOLARIS && maxcontig.isPresent()
                && maxcontig.get().value() < maxcontig.get().otherValue()) {
            SettingVariants v = maxcontig.get();
            return "Keep UFS maxcontig at " + v.otherValue() + " on the filesystem of " + s.device() + " ('tunefs -a "
                    + v.otherValue() + "' on its raw device, takes effect for new writes): this figure is from the "
                    + "capture at maxcontig " + v.value() + ", and the bundle's capture at " + v.otherValue()
                    + " shows the same workload with larger transfers (see Periods). If the device stays saturated "
                    + "there, the load itself must shrink or spread. " + spread;
        }
        if (s.dialect() == IostatDialect.SOLARIS && maxcontig.isPresent()) {
            long value = maxcontig.get().value();
            return "Spread the load of " + s.device() + " over more disks or LUNs (striping, moving hot files): UFS "
                    + "maxcontig is " + value + " in this capture already, so larger transfers beyond it need maxphys "
                    + "and md_maxphys in /etc/system (vol_maxio for VxVM). Else " + beyond;
        }
        if (s.dialect() == IostatDialect.SOLARIS) {
            return "Make transfers larger so fewer I/Os carry the same data: raise UFS maxcontig with 'tunefs -a 128' on "
                    + "the raw device of " + s.device() + "'s filesystem, within the transfer limits maxphys and "
                    + "md_maxphys set in /etc/system (vol_maxio for VxVM). " + spread;
        }
        int raised = raisedMaxSectorsKb(maxSectorsKb);
        return "Make transfers larger so fewer I/Os carry the same data: raise the largest request the queue builds "
                + "(echo " + raised + " > /sys/block/" + s.device() + "/queue/max_sectors_kb, up to max_hw_sectors_kb) and "
                + "read-ahead (blockdev --setra 4096 /dev/" + s.device() + "), and check the application's I/O size. "
                + spread;
    }

    /** The flagged reports' share of the device's own time (IOPS x response time summed over the reports), %. */
    private static Double burstsShare(DeviceSeries s, Episodes e) {
        return shareOfDeviceTime(s, e.flagged().stream().mapToDouble(DiskSaturationRule::deviceTime).sum());
    }

    /** A report's device time: IOPS x response (0 for a report with no I/O). */
    private static double deviceTime(IostatPoint p) {
        return p.hasIo() && p.iops() > 0 && p.responseMs() > 0 ? p.iops() * p.responseMs() : 0;
    }

    /** {@code time} (IOPS x ms) as a percentage of the device's time over every report; null without any. */
    static Double shareOfDeviceTime(DeviceSeries s, double time) {
        double all = s.points().stream().mapToDouble(DiskSaturationRule::deviceTime).sum();
        return all > 0 ? Math.min(100, 100 * time / all) : null;
    }

    /**
     * The share of the device's time (IOPS x response over every report) that its flagged reports spent
     * beyond what their requests take unqueued ({@code unqueuedMs}): the queue, which fewer requests
     * outstanding gives back; each request's own service stays.
     */
    private static Double queueShare(DeviceSeries s, Episodes e, double unqueuedMs) {
        return shareOfDeviceTime(s, e.flagged().stream().filter(p -> p.hasIo() && p.iops() > 0)
                .mapToDouble(p -> p.iops() * Math.max(0, p.responseMs() - unqueuedMs)).sum());
    }

    /**
     * A direction's columns in a Linux iostat -x. A saturation's reports may hold one direction only (a flusher's
     * writeback while a reader pauses): what it holds of the device's time then belongs to that direction's waits,
     * and a process waiting for the other direction's requests is not held by it.
     */
    private enum Direction {
        READS("r/s", "r_await", "rareq-sz", SubjectMetrics.OF_READ_TIME),
        WRITES("w/s", "w_await", "wareq-sz", SubjectMetrics.OF_WRITE_TIME);

        private final String rate;
        private final String await;
        private final String size;
        private final Metric share;

        Direction(String rate, String await, String size, Metric share) {
            this.rate = rate;
            this.await = await;
            this.size = size;
            this.share = share;
        }

        /**
         * Each direction's share of its own time in the device, where the series prints both directions and both
         * took time in the device over the capture (else the device's share stands for both): as
         * {@link #burstsShare} of the flagged reports ({@code bursts}), else as {@link #queueShare}.
         */
        static Map<Metric, Double> shares(DeviceSeries s, Episodes e, boolean bursts, MediaClass media, Double ownMs,
                                          Optional<? extends SlowDirection> shared) {
            Map<Metric, Double> out = new LinkedHashMap<>();
            for (Direction d : values()) {
                double all = s.points().stream().mapToDouble(d::time).sum();
                if (all <= 0) {
                    return Map.of();
                }
                double unqueued = ownMs != null ? ownMs : unqueuedMs(media, s.baselineMs(), d.requestKb(e));
                // a direction the trace shows slow in the queue both share keeps its own time (device-latency's)
                double slowOwn = shared.filter(q -> q.reads() == (d == READS)).map(q -> 1000 * q.ownSeconds()).orElse(0.0);
                double held = bursts ? e.flagged().stream().mapToDouble(d::time).sum()
                        : d.queueTime(e, Math.max(unqueued, slowOwn));
                out.put(d.share, Math.min(100, 100 * held / all));
            }
            return out;
        }

        /** The report's time in the device in this direction: IOPS x await (0 where it printed none). */
        private double time(IostatPoint p) {
            var x = p.sample();
            if (!x.has(rate) || !x.has(await)) {
                return 0;
            }
            double r = x.value(rate);
            double ms = x.value(await);
            return r > 0 && ms > 0 && Double.isFinite(r * ms) ? r * ms : 0;
        }

        /** The flagged reports' time in this direction beyond what each request takes unqueued. */
        private double queueTime(Episodes e, double unqueuedMs) {
            return e.flagged().stream().filter(p -> time(p) > 0)
                    .mapToDouble(p -> p.sample().value(rate) * Math.max(0, p.sample().value(await) - unqueuedMs)).sum();
        }

        /** The average request of this direction in the flagged reports, KiB; infinite where none is printed. */
        private double requestKb(Episodes e) {
            double kb = 0;
            double ios = 0;
            for (IostatPoint p : e.flagged()) {
                var x = p.sample();
                if (x.has(rate) && x.has(size) && x.value(rate) > 0) {
                    kb += x.value(rate) * x.value(size);
                    ios += x.value(rate);
                }
            }
            return ios > 0 ? kb / ios : Double.POSITIVE_INFINITY;
        }
    }

    /**
     * What a request of {@code requestKb} takes unqueued: the light-load response measured in the capture
     * ({@code baselineMs}) where it is within the class, else what the class serves one of that size in (a
     * device slow alone as well holds the excess over its class in the same cause).
     */
    static double unqueuedMs(MediaClass media, Double baselineMs, double requestKb) {
        double classMs = MediaClass.expectedMs(media.abnormalMs(), Double.isFinite(requestKb) ? requestKb * 1024 : 0, 1,
                media.leastMBps());
        return baselineMs != null && baselineMs > 0 ? Math.min(baselineMs, classMs) : classMs;
    }

    private static void report(RuleContext ctx, DeviceSeries s, Episodes e, Severity severity, String what,
                               double minRun) {
        // a block trace showing the device serve its requests in turn, each slow alone: each request's own time is
        // the trace's (device-latency's), and only the rest is the queue's
        Double ownMs = ownInTurnMs(ctx, s);
        Comparator<IostatPoint> slowest = Comparator.comparingDouble(IostatPoint::responseMs);
        IostatPoint worst = e.worst(slowest);
        String busy = s.busyLabel();
        double baseline = s.baselineMs() == null ? 0 : s.baselineMs();
        double excess = e.flagged().stream().mapToDouble(p -> Math.max(0, p.iops())
                * Math.max(0, p.responseMs() - baseline) / 1000 * s.secondsPerReport()).sum();
        String light = s.baselineMs() == null ? ""
                : " At light load in the same capture it answered in " + IostatEvidence.ms(s.baselineMs()) + ".";
        String label = IostatEvidence.label(ctx, s.device());
        MediaClass media = media(ctx, s);
        double classMs = media.abnormalMs();
        double queue = e.avg(IostatPoint::queue);
        double requestKb = averageRequestKb(e);
        Integer maxSectorsKb = maxSectorsKb(ctx, s);
        double perCompletion = e.avg(IostatEvidence::busyMsPerCompletion);
        boolean byQueue = severity != Severity.WARNING && queue >= ctx.value(DEEP_QUEUE) && perCompletion <= classMs;
        boolean underRuleOfThumb = byQueue && e.avg(IostatPoint::responseMs) < ctx.value(AWAIT_MS);
        String queueSentence = !byQueue ? "" : " With " + IostatEvidence.num(queue) + " requests outstanding it "
                + "completed one every " + IostatEvidence.ms(perCompletion) + " while busy, within the "
                + IostatEvidence.ms(classMs) + " expected of " + media.nounPhrase() + " serving one: the response is "
                + "the wait behind the other requests, not the device's own service time.";
        Optional<SettingVariants> variants = SettingVariants.of(s, ctx.optional(IostatEvidence.SERIES).orElse(List.of()));
        String title = label + " " + what + ": " + s.responseLabel() + " "
                + IostatEvidence.ms(e.avg(IostatPoint::responseMs)) + " at " + busy + " "
                + Figures.percent(e.avg(IostatPoint::busyPct)) + (e.flagged().size() > 1 ? " (average of " + e.flagged().size() + " reports)" : "");
        String summary = label + " answered in "
                + IostatEvidence.avgWorst(e, IostatPoint::responseMs, "ms", s.responseLabel())
                + " while busy " + Figures.percent(e.avg(IostatPoint::busyPct)) + " of the time (" + busy
                + ") with " + IostatEvidence.num(e.avg(IostatPoint::queue)) + " requests outstanding ("
                + s.queueLabel() + ") " + IostatEvidence.span(s, e) + "." + light + queueSentence
                + (ownMs != null ? " The block trace shows it serving its requests in turn, each taking "
                + IostatEvidence.ms(ownMs) + " alone (device-latency): the queue is the rest." : lowerBound(s, severity,
                media, requestKb))
                + (severity == Severity.INFO ? " The bursts do not last: they point at spikes of demand "
                + "(flushes, checkpoints, batch jobs) rather than a device too small for its load." : "")
                + variants.map(v -> v.sentence(s)).orElse("");
        var finding = ctx.finding(Subject.device(s.device(), label), title)
                .severity(severity)
                .summary(summary)
                .recommendation(s.dialect() != IostatDialect.SOLARIS && notCutByTheQueue(requestKb, maxSectorsKb)
                        ? CommitWriteback.of(ctx, s.device()).map(c -> c.advice(s.device()))
                        .orElseGet(() -> outstandingAdvice(s, requestKb, maxSectorsKb, queue))
                        : advice(s, variants, maxSectorsKb))
                .iostat(s)
                .with(e::figures)
                .text(RESPONSE_COLUMN, s.responseLabel())
                .figure(IostatEvidence.WORST_RESPONSE.labelled("worst " + s.responseLabel()), worst.responseMs() / 1000)
                .figure(AVG_RESPONSE.labelled("average " + s.responseLabel()), e.avg(IostatPoint::responseMs) / 1000)
                .figure(BASELINE.labelled("light-load " + s.responseLabel()), s.baselineMs() == null ? null : s.baselineMs() / 1000)
                .figure(IostatEvidence.MAX_BUSY.labelled("highest " + busy + clipped(e, busy)), e.max(IostatPoint::busyPct))
                .figure(IostatEvidence.MAX_QUEUE.labelled("highest " + s.queueLabel()), e.max(IostatPoint::queue))
                // bursts that do not last hold the device's time of their reports only, not all of it; a lasting
                // saturation holds the queue's part of it: each request's own service would stay
                .figure(SubjectMetrics.OF_DEVICE_TIME, severity == Severity.INFO ? burstsShare(s, e)
                        : queueShare(s, e, ownMs != null ? ownMs : unqueuedMs(media, s.baselineMs(), requestKb)))
                .with(f -> Direction.shares(s, e, severity == Severity.INFO, media, ownMs, slowDirection(ctx, s, media))
                        .forEach(f::figure))
                .with(f -> {
                    var limit = IostatEvidence.LIMIT_RESPONSE.labelled("limit for " + s.responseLabel());
                    if (underRuleOfThumb) {
                        f.figure(limit, ctx.value(QUEUE_FACTOR) * lightLoadMs(s, classMs) / 1000);
                    } else {
                        f.limit(limit, severity == Severity.WARNING ? WATCH_MS : AWAIT_MS);
                    }
                })
                .limit(IostatEvidence.LIMIT_BUSY.labelled("limit for " + busy), severity == Severity.WARNING ? WATCH_BUSY_PCT : BUSY_PCT)
                .evidence(IostatEvidence.lines(e.worst(3, slowest)))
                .impact(IostatEvidence.requestTime(excess, e.flagged().size(), s.secondsPerReport(), label,
                        "IOPS x (response time - light-load response time) x interval, "
                        + "summed over the flagged reports"));
        if (e.longestRun() < minRun) {
            finding.doubt(Confidence.MEDIUM, s.singleReport() ? "a single iostat report" : "no run of " 
                    + Figures.number(minRun) + " reports in a row");
        }
        finding.report();
    }

    /**
     * Why the share of the wait a lasting saturation (critical) holds is a lower bound, where it is: with no report at light
     * load each request's own service is counted at the most its class takes when healthy, and only the rest is
     * the queue's.
     */
    private static String lowerBound(DeviceSeries s, Severity severity, MediaClass media, double requestKb) {
        if (severity != Severity.CRITICAL || s.baselineMs() != null) {
            return "";
        }
        return " No report shows it at light load, so each request's own service is counted at the "
                + IostatEvidence.ms(unqueuedMs(media, null, requestKb)) + " " + media.nounPhrase()
                + " may take at most when healthy: the queue's share of the wait is at least the one given.";
    }

    /** Why the highest utilisation reads 100 % when iostat printed more. */
    private static String clipped(Episodes e, String busy) {
        double printed = e.max(p -> p.sample().value(busy));
        return printed > 100 ? " (" + java.math.BigDecimal.valueOf(printed).stripTrailingZeros().toPlainString() + " as printed, "
                + IostatDevice.Stat.UTILISATION_CLIPPED + ")" : "";
    }
}
