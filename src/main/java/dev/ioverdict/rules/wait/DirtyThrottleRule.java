package dev.ioverdict.rules.wait;

import dev.ioverdict.analysis.iostat.DeviceSeries;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Impact;
import dev.ioverdict.model.Metric;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.timemodel.Part;
import dev.ioverdict.model.timemodel.ProcessWait;
import dev.ioverdict.model.timemodel.TimeModel;
import dev.ioverdict.model.timemodel.WaitPart;
import dev.ioverdict.rules.EvidenceKind;
import dev.ioverdict.rules.Inputs;
import dev.ioverdict.rules.MeasuredIn;
import dev.ioverdict.rules.Meaning;
import dev.ioverdict.rules.Rule;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.RuleInfo;
import dev.ioverdict.rules.Threshold;
import dev.ioverdict.rules.disk.IostatEvidence;
import java.util.List;

/**
 * The application's buffered writes are held in the page cache's write path until the kernel has
 * written enough dirty pages back (balance_dirty_pages): the time model's {@link Part#WRITEBACK}
 * part of its write calls. The writer goes at the pace of writeback, set by the device's write
 * throughput or by the dirty limits; which of the two, the device's busy time says.
 */
public final class DirtyThrottleRule extends Rule {
    public static final String ID = "dirty-throttle";
    public static final Metric PROCESS = Metric.text("process", "Process");
    public static final Metric THROTTLED_SECONDS = Metric.duration("throttledSeconds", "Time held by dirty-page throttling");
    public static final Metric THROTTLED_SHARE = Metric.percent("throttledSharePct", "Share of its I/O wait");
    static final Threshold MIN_SHARE = Threshold.percent("min_share_pct", 20,
            "share of a process's I/O wait in buffered writes held by dirty-page throttling from which it is reported");
    static final Threshold WARN_SHARE = Threshold.percent("warning_share_pct", 50,
            "... from which it is a warning: the writer's pace is writeback's");

    private static final RuleInfo INFO = new RuleInfo(ID,
            "Buffered writes are held until dirty pages are written back (dirty-page throttling)", Severity.WARNING,
            """
            A material share of the application's I/O wait is in buffered writes (no O_DIRECT, no O_SYNC) \
            that slept: the kernel holds a writer in balance_dirty_pages while its dirty pages exceed the \
            limits, until writeback catches up, so the application writes at the pace its data reaches \
            the device. The time model finds such writes from their open flags, or from a block trace \
            where the kernel's flusher writes and the process queues none of its writes itself; without \
            sleep stacks a page or inode lock cannot be told apart, so the time is an estimate.""",
            List.of(TimeModelInput.MODEL), List.of(IostatEvidence.SERIES, Inputs.STORAGE),
            List.of(MIN_SHARE, WARN_SHARE));

    static final String RECOMMENDATION = "If the device is busy writing (iostat "
            + "%util, w_await), it is the limit: write less or in larger requests, or move the data to a faster "
            + "device. If it is not, the dirty limits are low for the write rate: vm.dirty_bytes or vm.dirty_ratio "
            + "(the writer is throttled above them), vm.dirty_background_bytes or vm.dirty_background_ratio (where "
            + "writeback starts), and per device /sys/class/bdi/<major:minor>/max_ratio, max_bytes and strict_limit. "
            + "Raising them trades the wait for more unwritten data in memory and longer fsyncs; starting "
            + "writeback earlier, or O_DIRECT for a stream the application never reads back, avoids the bursts.";

    public DirtyThrottleRule() {
        super(INFO, MeasuredIn.process(Part.WRITEBACK),
                Meaning.of(Meaning.Layer.FILESYSTEM).evidence(EvidenceKind.SYSCALLS));
    }

    /** Busier than this while writing back, a device sets writeback's pace itself. */
    private static final double BUSY_PCT = 50;

    /**
     * The first thing to do, from iostat when the bundle has it: the device that wrote the most, and whether
     * it was busy (then it is the limit) or not (then the dirty limits are).
     */
    private static String firstStep(RuleContext ctx) {
        List<DeviceSeries> series = ctx.optional(IostatEvidence.SERIES).orElse(List.of());
        DeviceSeries writer = series.stream().filter(d -> d.points().stream().anyMatch(x -> x.sample().has("wkB/s")))
                .max(java.util.Comparator.comparingDouble(d -> d.points().stream()
                        .mapToDouble(x -> x.sample().value("wkB/s")).sum())).orElse(null);
        if (writer == null) {
            return "Find whether the device or the dirty limits set writeback's pace: iostat -x beside the writes "
                    + "shows how busy the device is.";
        }
        double busiest = writer.points().stream().filter(x -> x.sample().value("wkB/s") > 0)
                .mapToDouble(x -> x.busyPct()).filter(Double::isFinite).max().orElse(Double.NaN);
        String label = IostatEvidence.label(ctx, writer.device());
        if (Double.isNaN(busiest)) {
            return "Find whether " + label + " or the dirty limits set writeback's pace.";
        }
        return busiest < BUSY_PCT
                ? "Raise the dirty limits, or start writeback earlier: " + label + " was at most "
                        + Figures.percent(busiest) + " busy while it wrote back, so the limits, not the device, set "
                        + "the writer's pace."
                : "Write less, in larger requests or to a faster device: " + label + " was up to "
                        + Figures.percent(busiest) + " busy writing back, and the writer goes at its pace.";
    }

    @Override
    public void evaluate(RuleContext ctx) {
        TimeModel model = ctx.input(TimeModelInput.MODEL);
        String step = null; // the same for every writer: read from iostat once, when the first one is reported
        for (ProcessWait p : WaitingProcess.byCommand(model.application())) {
            List<WaitPart> held = p.parts().stream()
                    .filter(w -> w.part() == Part.WRITEBACK && "write".equals(w.direction())).toList();
            double seconds = held.stream().mapToDouble(WaitPart::seconds).sum();
            double share = p.waitSeconds() > 0 ? 100 * seconds / p.waitSeconds() : 0;
            if (seconds <= 0 || share < ctx.value(MIN_SHARE)) {
                continue;
            }
            String who = WaitingProcess.who(p);
            step = step != null ? step : firstStep(ctx);
            boolean plural = WaitingProcess.plural(p);
            ctx.finding(WaitingProcess.subject(p), (plural ? "The buffered writes of " + who : who + "'s buffered writes")
                            + " are held by dirty-page throttling")
                    .severity(share >= ctx.value(WARN_SHARE) ? Severity.WARNING : Severity.INFO)
                    .source(EvidenceKind.SYSCALLS)
                    .summary(who + (plural ? " spend " : " spends ") + Figures.duration(seconds) + (plural ? " of their "
                            : " of its ") + Figures.duration(p.waitSeconds())
                            + " of I/O wait (" + Figures.percent(share) + ") in buffered writes that slept a millisecond "
                            + "or more. A buffered write returns once its data is in the page cache, in microseconds; "
                            + "one that sleeps was held until the kernel had written enough dirty pages back "
                            + "(balance_dirty_pages): the application writes at writeback's pace, not at memory's.")
                    .evidence(WaitingProcess.slowest(ctx, p, WaitingProcess.WRITE_CALLS))
                    .recommendation(step + " " + RECOMMENDATION)
                    .text(PROCESS, p.pids().size() > 1 && !WaitingProcess.unnamed(p) ? p.command() : who)
                    .figure(THROTTLED_SECONDS, seconds)
                    .figure(THROTTLED_SHARE, share)
                    .impact(Impact.measured(seconds, "buffered writes that slept").of(p.waitSeconds(),
                            "I/O wait of " + who))
                    .report();
        }
    }
}
