package dev.ioverdict.rules.block;

import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Metric;
import dev.ioverdict.model.Severity;
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
import dev.ioverdict.rules.aio.AioSymptoms;
import dev.ioverdict.rules.disk.DiskSaturationRule;
import dev.ioverdict.rules.disk.IostatEvidence;
import dev.ioverdict.rules.disk.QueueWaitRule;
import java.util.List;

/**
 * Time is spent below the driver, whichever data shows it (seed 000): D2C from a block trace or a
 * btt report (slow on average or in its tail, outliers, one slow leg of a dm/multipath device);
 * iostat response times with no queue in front of the device; or, with no block-layer data at all,
 * an application that submits at once and waits long for completions. The strength of the
 * evidence shows in the confidence, never as a missing finding; the diagnosis stage merges what
 * several sources say about one device into one cause.
 */
public final class DeviceLatencyRule extends Rule {
    static final Threshold AVG_MS = Threshold.millis("avg_ms", 20,
            "average service time above which a device of unknown class is slow (the classes: *_max_ms)");
    static final Threshold P99_MS = Threshold.millis("p99_ms", 100, "D2C 99th percentile above this is slow");
    static final Threshold OUTLIER_MS = Threshold.millis("outlier_ms", 500,
            "a D2C maximum at least this long is an outlier ...");
    static final Threshold OUTLIER_RATIO = Threshold.factor("outlier_ratio", 20,
            "... when it is this many times the median (the average without percentiles)");
    static final Threshold STALL_SHARE_PCT = Threshold.percent("stall_share_pct", 10, "share of the device's D2C time "
            + "in requests far above its normal time (over p99_ms, twice its class's limit and ten times its median) from "
            + "which the device stalls, whatever its average: a note, a warning from twice it, critical from half of "
            + "the device's time");
    static final Threshold PATH_RATIO = Threshold.factor("path_ratio", 5,
            "a dm leg whose D2C average is this many times its siblings' is a slow path");
    static final Threshold PATH_MIN_AVG_MS = Threshold.millis("path_min_avg_ms", 5,
            "least D2C average of a leg to call it a slow path");
    static final Threshold MIN_IOS = Threshold.count("min_ios", "I/Os", 10,
            "fewer completions (D2C N) than this are too few to judge");
    static final Threshold MAX_QUEUE = Threshold.ratio("max_queue", 2, "iostat: average requests outstanding "
            + "(aqu-sz, avgqu-sz, actv) below which a slow response is the device's own time, not a queue");
    static final Threshold QUIET_BUSY_PCT = Threshold.percent("quiet_busy_pct", 5, "iostat: a device busy less than "
            + "this on average in its slow reports did few I/Os; their slow average is a warning of low confidence");
    static final Threshold MIN_REPORTS = Threshold.count("min_reports", "reports", 3,
            "iostat: reports in a row (or half of them) that make a slow device sustained");

    public static final String ID = "device-latency";
    public static final Metric D2C_AVG = Metric.duration("d2cAvg", "D2C average");
    /** A request's own time where the device serves in turn: the D2C of those dispatched into it empty. */
    public static final Metric SERVED_IN_TURN = Metric.duration("ownTimeInTurn",
            "D2C of a request dispatched into the empty device");
    public static final Metric D2C_SHARE = Metric.percent("d2cSharePct", "D2C share of Q2C");
    public static final Metric LIMIT_D2C_AVG = Metric.duration("limitD2cAvg", "limit for the D2C average");
    public static final Metric LIMIT_D2C_P99 = Metric.duration("limitD2cP99", "limit for the D2C 99th percentile");
    public static final Metric LIMIT_GETEVENTS_AVG = Metric.duration("limitGeteventsAvg",
            "limit for the io_getevents average");

    private static final RuleInfo INFO = new RuleInfo(ID,
            "Time is spent below the driver (device, HBA, array)", Severity.CRITICAL,
            """
            The device takes long to complete what the host handed it: D2C (dispatch to completion) is slow on \
            average or in its tail, for all its requests or for its reads or its writes alone, has outliers far above its median, \
            stalls now and then (a few requests far above its normal time hold a tenth of its time or more), or one leg of a dm/multipath \
            device is much slower than its siblings; or iostat shows long response times with no queue \
            in front of the device (not a write await that holds cache flushes, f/s beside most writes: \
            sync-write-latency's), or with one while the device completes fewer requests than its class \
            serves (slow whatever its queue); or, with no block-layer data, the application submits at once and \
            waits long for completions. The device, HBA, fabric or array takes the time.""",
            List.of(), List.of(BlockFigures.INPUT, IostatEvidence.SERIES, AioSymptoms.AIO_TIMING),
            List.of(Inputs.STORAGE),
            java.util.stream.Stream.concat(java.util.stream.Stream.of(AVG_MS), java.util.stream.Stream.concat(
                    MediaLimit.ALL.stream(), java.util.stream.Stream.of(P99_MS, OUTLIER_MS, OUTLIER_RATIO,
                    STALL_SHARE_PCT, PATH_RATIO, PATH_MIN_AVG_MS, MIN_IOS, MAX_QUEUE, QUIET_BUSY_PCT, MIN_REPORTS))).toList());

    public DeviceLatencyRule() {
        // a request waiting for a tag waits for one of the device's requests to give one back: the wait
        // is the slow service's as much as the tag count's (request-starvation claims it too)
        super(INFO, MeasuredIn.device(Part.DEVICE, Part.TAG_WAIT).orElse(Part.NOT_MEASURED),
                Meaning.of(Meaning.Layer.DEVICE).use(Meaning.Resource.DEVICE, Meaning.Use.LATENCY)
                        .evidence(EvidenceKind.BLOCK_TRACE, EvidenceKind.BTT_REPORT, EvidenceKind.IOSTAT, EvidenceKind.SYSCALLS)
                        // the process waits in io_getevents because completions are slow
                        .explains(AioCompletionWaitRule.ID, "when the process's requests went to the device: it waits for completions the device is slow to give",
                                AioCompletionWaitRule::waitsOn)
                        // a device slow even without a queue saturates at a lower load: the queue and the long
                        // response while busy follow from its service time, so they are said under it, once; where
                        // the trace splits the two (requests slow alone, served in turn), each holds its own part
                        .explains(DiskSaturationRule.ID, "about the same device: a slow device fills at a lower load, "
                                + "unless the block trace measured each request's own time apart from the queue",
                                (cause, symptom) -> Meaning.Explains.sameSubject(cause, symptom)
                                        && !splitsTheDevice(cause))
                        .explains(QueueWaitRule.ID, "about the same device: requests queue behind its slow service",
                                Meaning.Explains::sameSubject)
                        .chart(DeviceLatencyRule::chart)
                        .insideView(new DeviceInsideView()));
    }

    /** iostat's series where iostat showed it, the io_getevents distribution where only the application did, else D2C. */
    private static ChartSpec chart(Finding f) {
        if (f.has(SubjectMetrics.INPUT) && f.has(IostatEvidence.LIMIT_RESPONSE)) {
            var queue = new ChartSpec.Axis(ChartSpec.Axis.Series.QUEUE, null, true);
            return new ChartSpec.IostatSeries(SubjectMetrics.INPUT, SubjectMetrics.DEVICE, IostatEvidence.LIMIT_RESPONSE,
                    true, queue, queue);
        }
        return f.has(LIMIT_GETEVENTS_AVG) ? new ChartSpec.Distribution("io_getevents", LIMIT_GETEVENTS_AVG)
                : new ChartSpec.D2cTimeline(SubjectMetrics.DEVICE, SubjectMetrics.DEVNO, LIMIT_D2C_AVG, LIMIT_D2C_P99);
    }

    @Override
    public void evaluate(RuleContext ctx) {
        var block = ctx.optional(BlockFigures.INPUT);
        var iostat = ctx.optional(IostatEvidence.SERIES);
        block.ifPresent(figs -> BlockDeviceLatency.judge(ctx, figs));
        // the block trace times the device itself; iostat's await also holds the time before dispatch (a preflush
        // write held for the flush before it, the queue), so it does not call a device slow that the trace shows fine
        java.util.Set<String> fine = block.map(figs -> BlockDeviceLatency.withinItsClass(ctx, figs))
                .orElse(java.util.Set.of());
        iostat.ifPresent(series -> IostatDeviceLatency.judge(ctx, series.stream()
                .filter(s -> !fine.contains(s.device())).toList()));
        if (block.isEmpty() && iostat.isEmpty()) {
            // only the application's side: what it waits for is inferred, and said to be
            ctx.optional(AioSymptoms.AIO_TIMING).ifPresent(aio -> SyscallDeviceLatency.judge(ctx, aio));
        }
    }

    /** Whether the finding holds only its own part of the device's time, the queue inside it left to disk-saturation. */
    public static boolean splitsTheDevice(Finding f) {
        return f.metrics().get(SubjectMetrics.OF_DEVICE_TIME.key()) != null
                && f.metrics().get(SERVED_IN_TURN.key()) != null;
    }
}
