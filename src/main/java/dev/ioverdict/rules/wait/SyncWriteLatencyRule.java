package dev.ioverdict.rules.wait;

import dev.ioverdict.analysis.config.MediaClass;
import dev.ioverdict.analysis.iostat.DeviceSeries;
import dev.ioverdict.analysis.iostat.IostatCommits;
import dev.ioverdict.analysis.config.StorageConfig;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Metric;
import dev.ioverdict.rules.EvidenceKind;
import dev.ioverdict.rules.Meaning;
import dev.ioverdict.rules.block.BlockFigures;
import dev.ioverdict.rules.block.RequestStarvationRule;
import dev.ioverdict.rules.disk.IostatEvidence;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.block.BlockProcessTimes;
import dev.ioverdict.model.syscall.SyscallSection;
import dev.ioverdict.model.syscall.SyscallStat;
import dev.ioverdict.model.timemodel.Part;
import dev.ioverdict.model.timemodel.ProcessWait;
import dev.ioverdict.model.timemodel.TimeModel;
import dev.ioverdict.model.timemodel.WaitPart;
import dev.ioverdict.rules.Inputs;
import dev.ioverdict.rules.MeasuredIn;
import dev.ioverdict.rules.Rule;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.RuleInfo;
import dev.ioverdict.rules.Threshold;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The application's wait is bound by making writes durable: fsync, fdatasync, sync_file_range and
 * O_SYNC writes, and below them the device's cache flushes and FUA writes (the time model's
 * {@link Part#FLUSH} part). Critical when a flush takes longer than a slow request of the device's
 * class; otherwise the application is bound by durability at the device's normal speed, which only
 * fewer or batched commits change (a warning once it is most of the process's wait).
 */
public final class SyncWriteLatencyRule extends Rule {
    public static final String ID = "sync-write-latency";
    public static final Metric PROCESS = Metric.text("process", "Process");
    public static final Metric FLUSH_SECONDS = Metric.duration("flushSeconds", "Time making writes durable");
    public static final Metric FLUSH_SHARE = Metric.percent("flushSharePct", "Share of its I/O wait");
    public static final Metric SYNC_CALLS_N = Metric.count("syncCalls", "Durable calls (fsync-type, O_SYNC writes)");
    public static final Metric SYNC_AVG = Metric.duration("syncAvg", "Durable call, average");
    public static final Metric SYNC_P99 = Metric.duration("syncP99", "Durable call, 99th percentile");
    public static final Metric FLUSH_REQUESTS = Metric.count("flushRequests", "Cache flush requests");
    public static final Metric FLUSH_AVG = Metric.duration("flushAvg", "Cache flush, average device time");
    public static final Metric WRITE_CACHE = Metric.text("writeCache", "Write cache (queue/write_cache)");
    static final Threshold MIN_SHARE = Threshold.percent("min_share_pct", 10,
            "share of a process's I/O wait spent making writes durable from which it is a cause");
    static final Threshold MIN_CALLS = Threshold.count("min_calls", "calls", 10,
            "fewer fsync/fdatasync calls than this are housekeeping, not a commit path");
    /** The share of a process's wait from which commits at the device's normal speed are a warning. */
    static final double MOST_OF_THE_WAIT_PCT = 50;
    /** The calls that make written data durable (an O_SYNC or O_DSYNC write does so too, of its own data). */
    public static final Set<String> SYNC_CALLS = Set.of("fsync", "fdatasync", "sync_file_range", "msync");

    private static final RuleInfo INFO = new RuleInfo(ID,
            "The application waits for its writes to become durable (fsync, cache flushes, FUA)", Severity.CRITICAL,
            """
            A material share of the application's I/O wait is spent in fsync, fdatasync, sync_file_range or \
            O_SYNC writes, and below them in the cache flushes and FUA writes the device must finish \
            before the call returns. With a volatile write-back cache every commit waits for the cache \
            to reach stable media. Without the application's calls, a block trace that shows the commit \
            pattern (a cache flush beside nearly every write, the flushes and FUA or journal writes a \
            material share of the device's time) names the device; so does iostat with flush columns \
            (f/s, f_await) where flushes come with most writes: their w_await holds the flush sequence.""",
            List.of(), List.of(TimeModelInput.MODEL, BlockFigures.INPUT, IostatEvidence.SERIES), List.of(Inputs.STORAGE),
            List.of(MIN_SHARE, MIN_CALLS));

    /** The first step where the durable calls are O_SYNC or O_DSYNC writes, each paying its own flush. */
    static final String SYNC_WRITES_FIRST = "Make batches durable, not each write: open the file without O_SYNC or "
            + "O_DSYNC and call fdatasync once per batch of writes (or write larger records), so that one cache flush "
            + "covers many writes.";
    /** The first step where the durable calls are fsync and kin. */
    private static final String COMMIT_FIRST = "Commit less often or in groups: batch several writes per fsync (group "
            + "commit, a larger commit interval), use fdatasync where metadata need not be flushed.";
    private static final String DURABLE_FASTER = "Put the journal "
            + "or log on a device whose write cache is protected (battery- or flash-backed controller, "
            + "enterprise SSD with power-loss protection), so a flush returns at once; on XFS an external "
            + "log (mkfs.xfs -l logdev=...) on such a device. Do not turn flushes off (nobarrier, "
            + "write_cache \"write through\" on a volatile cache): that trades the wait for lost data.";
    static final String RECOMMENDATION = COMMIT_FIRST + " " + DURABLE_FASTER;

    public SyncWriteLatencyRule() {
        super(INFO, MeasuredIn.process(Part.FLUSH),
                Meaning.of(Meaning.Layer.DEVICE).use(Meaning.Resource.DEVICE, Meaning.Use.LATENCY)
                        .evidence(EvidenceKind.SYSCALLS, EvidenceKind.BLOCK_TRACE)
                        // a journal commit's flush waits for a request slot behind its own data writes: not starvation
                        .explains(RequestStarvationRule.ID, "when the process's wait is mostly making writes durable",
                                (c, s) -> true)
                        .glossary(Meaning.Glossary.BLOCK));
    }

    @Override
    public void evaluate(RuleContext ctx) {
        Optional<StorageConfig> config = ctx.optional(Inputs.STORAGE);
        TimeModel model = ctx.optional(TimeModelInput.MODEL).orElse(null);
        if (model == null) {
            // no application calls: the device's own requests may still show each write being committed
            var times = ctx.data().results().get(BlockProcessTimes.class);
            var figs = ctx.optional(BlockFigures.INPUT);
            if (figs.isPresent()) {
                times.ifPresent(t -> BlockCommitPattern.judge(ctx, figs.get(), t, config.orElse(null)));
            } else {
                // the block trace times the device's requests; iostat is read only without one
                ctx.optional(IostatEvidence.SERIES).ifPresent(series -> IostatCommitPattern.judge(ctx, series,
                        config.orElse(null)));
            }
            return;
        }
        for (ProcessWait p : WaitingProcess.byCommand(model.application())) {
            List<WaitPart> flush = p.parts().stream().filter(w -> w.part() == Part.FLUSH).toList();
            double seconds = flush.stream().mapToDouble(WaitPart::seconds).sum();
            double share = p.waitSeconds() > 0 ? 100 * seconds / p.waitSeconds() : 0;
            SyncCalls calls = syncCalls(ctx, p, SYNC_CALLS, false);
            if (calls.count < ctx.value(MIN_CALLS)) {
                // no fsync: writes that wait for flushes are O_SYNC or O_DSYNC (their open often before the trace)
                calls = syncCalls(ctx, p, WaitingProcess.WRITE_CALLS, true);
            }
            if (calls.count < ctx.value(MIN_CALLS)) {
                // asynchronous ones: an O_DSYNC write submitted by io_submit completes once its flush has; each
                // costs its share of the flush time, not io_submit's quick return
                SyncCalls submits = syncCalls(ctx, p, Set.of("io_submit"), true);
                calls = new SyncCalls(submits.count, seconds, submits.count > 0 ? seconds / submits.count : null, null,
                        submits.slowest, true, "asynchronous writes completed after a cache flush (O_DSYNC or O_SYNC)");
            }
            if (share < ctx.value(MIN_SHARE) || calls.count < ctx.value(MIN_CALLS)) {
                continue;
            }
            String device = flush.stream().filter(w -> w.device() != null)
                    .max((a, b) -> Double.compare(a.seconds(), b.seconds())).map(WaitPart::device).orElse(null);
            report(ctx, model, p, device, seconds, share, calls, config.orElse(null));
        }
    }

    private record SyncCalls(long count, double total, Double avg, Double p99, List<Evidence> slowest, boolean writes,
                             String kind) {
        SyncCalls(long count, double total, Double avg, Double p99, List<Evidence> slowest, boolean writes) {
            this(count, total, avg, p99, slowest, writes, writes ? "O_SYNC or O_DSYNC writes"
                    : "fsync-type calls");
        }
    }

    private static SyncCalls syncCalls(RuleContext ctx, ProcessWait p, Set<String> names, boolean writes) {
        long n = 0;
        double total = 0;
        Double p99 = null;
        SyscallSection s = ctx.data().results().get(SyscallSection.class).orElse(null);
        if (s != null) {
            SyscallSection.Timed timed = s.timed(p.pids(), names);
            n = timed.count();
            total = timed.total();
            p99 = s.byName().stream().filter(x -> names.contains(x.name()) && x.p99() != null)
                    .map(SyscallStat::p99).max(Double::compare).orElse(null);
        }
        return new SyncCalls(n, total, n > 0 ? total / n : null, p99, WaitingProcess.slowest(ctx, p, names), writes);
    }

    /** iostat's time per cache flush, ms, and whether from the reports where flushes come with most writes. */
    private record IostatFlushes(double ms, boolean besideWrites) {
    }

    /**
     * iostat's time per cache flush on {@code device}: f_await weighted by f/s over the reports where flushes
     * come with most writes, else over every report with a flush (a commit of many writes flushes once); null
     * without flush columns or flushes.
     */
    private static IostatFlushes iostatFlushes(RuleContext ctx, String device) {
        double n = 0;
        double ms = 0;
        double anyN = 0;
        double anyMs = 0;
        for (DeviceSeries s : ctx.optional(IostatEvidence.SERIES).orElse(List.of())) {
            IostatCommits c = s.device().equals(device) ? IostatCommits.of(s) : null;
            if (c != null) {
                n += c.flushes();
                ms += c.flushMs();
                anyN += c.anyFlushes();
                anyMs += c.anyFlushMs();
            }
        }
        return n > 0 ? new IostatFlushes(ms / n, true) : anyN > 0 ? new IostatFlushes(anyMs / anyN, false) : null;
    }

    private void report(RuleContext ctx, TimeModel model, ProcessWait p, String device, double seconds, double share,
                        SyncCalls calls, StorageConfig config) {
        String who = WaitingProcess.who(p);
        String label = device == null ? "its device" : config == null ? device : config.label(device);
        MediaClass.Media media = MediaClass.of(device, config);
        String cache = device == null || config == null ? null : config.queueSetting(device, "write_cache")
                .map(q -> q.value().strip()).orElse(null);
        String fua = device == null || config == null ? null : config.queueSetting(device, "fua")
                .map(q -> q.value().strip()).orElse(null);
        BlockProcessTimes block = ctx.data().results().get(BlockProcessTimes.class).orElse(null);
        BlockProcessTimes.Flushes flushes = block == null || device == null ? null : block.flushes().stream()
                .filter(f -> device.equals(f.device()) || device.equals(config == null ? null
                        : config.deviceName(f.device()).orElse(null))).findFirst().orElse(null);
        // a call is several device round trips (data, journal, flushes): the device is judged by what one flush
        // takes where a trace times them, and by the call only where nothing does
        IostatFlushes iostatFlush = flushes != null && flushes.n() > 0 || device == null ? null
                : iostatFlushes(ctx, device);
        Double flushMs = flushes != null && flushes.n() > 0 ? Double.valueOf(1000 * flushes.d2c() / flushes.n())
                : iostatFlush == null ? null : iostatFlush.ms();
        double judgedMs = flushMs != null ? flushMs : calls.avg != null ? calls.avg * 1000 : 0;
        // where its requests queued in the device behind other processes', so did its flushes: the device is judged
        // by their own part, in the measure the model gives its requests on the device
        double own = p.seconds(Part.DEVICE, device) + p.seconds(Part.FLUSH, device);
        double behind = p.seconds(Part.BEHIND_OTHER_IO, device);
        Double ownMs = behind > 0 && own > 0 && flushMs != null ? judgedMs * own / (own + behind) : null;
        boolean slow = (ownMs != null ? ownMs : judgedMs) > media.media().abnormalMs();
        String flushSentence = flushes != null ? String.format(Locale.ROOT, " The block trace shows %d cache "
                + "flush requests on %s, %.1f ms each on average.", flushes.n(), label, flushMs)
                : flushMs != null ? String.format(Locale.ROOT, " iostat times %s's cache flushes at %.1f ms each on "
                + "average (f_await, in the reports with %s).", label, flushMs, iostatFlush.besideWrites()
                ? "a flush beside most writes" : "flushes") : "";
        String cacheSentence = cache == null ? "" : " " + label + "'s write cache is \"" + cache + "\""
                + (fua == null ? "" : ", FUA " + ("1".equals(fua) ? "supported" : "not supported"))
                + (cache.contains("back") ? ": every fsync must flush it to stable media." : ".");
        var f = ctx.finding(WaitingProcess.subject(p),
                        String.format(Locale.ROOT, "%s %s writes to become durable (%d %s%s)", who,
                                WaitingProcess.plural(p) ? "wait for their" : "waits for its",
                                calls.count, calls.kind(),
                                calls.avg == null ? "" : String.format(Locale.ROOT, ", %.1f ms each", calls.avg * 1000)))
                // slow flushes are the device's fault; flushes at its normal speed are the application's commit
                // rate, a warning once they are most of its wait
                .severity(slow ? Severity.CRITICAL : share >= MOST_OF_THE_WAIT_PCT ? Severity.WARNING : Severity.INFO)
                .source(EvidenceKind.SYSCALLS)
                .summary(String.format(Locale.ROOT, "%s %.2f s of %s %.2f s of I/O wait (%.0f %%) in fsync, "
                        + "fdatasync or O_SYNC writes and the cache flushes and FUA writes behind them.%s%s %s",
                        who + (WaitingProcess.plural(p) ? " spend" : " spends"), seconds,
                        WaitingProcess.plural(p) ? "their" : "its", p.waitSeconds(), share, flushSentence, cacheSentence, slow
                        ? String.format(Locale.ROOT, "%s %.1f ms, longer than the %.0f ms above which a request of %s "
                        + "is slow: the flushes themselves are slow.", flushMs != null ? "A flush takes" : "Each call takes",
                        judgedMs, media.media().abnormalMs(), media.media().nounPhrase())
                        : ownMs != null ? String.format(Locale.ROOT, "A flush takes %.1f ms on average, about %.1f ms "
                        + "of it its own, within the %.0f ms of a %s: the rest is the time its requests spent in the "
                        + "device behind other processes' (the cause that names them says whose).", flushMs, ownMs,
                        media.media().abnormalMs(), media.media().description())
                        : flushMs != null ? String.format(Locale.ROOT, "A flush takes %.1f ms, within the %.0f ms of a "
                        + "%s: the application is bound by how often it makes data durable, each call waiting for "
                        + "several device round trips in turn.", flushMs, media.media().abnormalMs(),
                        media.media().description())
                        : "Each call is within what the device class gives: the application is bound by how often it "
                        + "makes data durable."))
                .recommendation((calls.writes ? SYNC_WRITES_FIRST : COMMIT_FIRST) + " " + DURABLE_FASTER + " "
                        + String.format(Locale.ROOT, "Expected effect: up to %.0f %% of the I/O wait back.", share))
                .text(PROCESS, p.pids().size() > 1 && !WaitingProcess.unnamed(p) ? p.command() : who)
                .figure(FLUSH_SECONDS, seconds)
                .figure(FLUSH_SHARE, share)
                .figure(SYNC_CALLS_N, calls.count)
                .evidence(calls.slowest);
        if (calls.avg != null) {
            f.figure(SYNC_AVG, calls.avg);
        }
        if (calls.p99 != null) {
            f.figure(SYNC_P99, calls.p99);
        }
        if (flushes != null) {
            f.figure(FLUSH_REQUESTS, flushes.n())
                    .figure(FLUSH_AVG, flushes.d2c() / flushes.n())
                    .source(EvidenceKind.BLOCK_TRACE);
        }
        if (cache != null) {
            f.text(WRITE_CACHE, cache);
        }
        f.report();
    }
}
