package dev.ioverdict.rules.wait;

import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Impact;
import dev.ioverdict.model.Metric;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.Subject;
import dev.ioverdict.model.UnnamedProcess;
import dev.ioverdict.model.block.BlockTrace;
import dev.ioverdict.model.block.RequestTimes;
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
import dev.ioverdict.rules.aio.AioCompletionWaitRule;
import dev.ioverdict.rules.disk.IostatEvidence;
import java.util.List;
import java.util.Locale;

/**
 * The application's requests are held above the block layer until a kernel worker queues them: the
 * time model's {@link Part#THROTTLE} part on a device, found where the process waits with none of its
 * own requests in flight and a worker then queues synchronous data for it. That is blk-throttle, the
 * mechanism of cgroup I/O limits (v2 io.max, v1 blkio.throttle.*), which holds a bio over its
 * group's budget and releases it from a worker when the budget allows.
 */
public final class CgroupIoLimitRule extends Rule {
    public static final String ID = "cgroup-io-limit";
    public static final Metric HELD_SECONDS = Metric.duration("heldSeconds", "Time held above the block layer");
    public static final Metric HELD_SHARE = Metric.percent("heldSharePct", "Share of its I/O wait");
    public static final Metric PER_SECOND = Metric.rate("perSecond", "Requests the device completed a second (iostat median)");
    static final Threshold MIN_SHARE = Threshold.percent("min_share_pct", 20,
            "share of a process's I/O wait held above the block layer from which it is reported");
    static final Threshold CRITICAL_SHARE = Threshold.percent("critical_share_pct", 50,
            "... from which it is critical: the limit, not the storage, sets the application's pace");


    private static final RuleInfo INFO = new RuleInfo(ID,
            "I/O held back by a cgroup I/O limit (blk-throttle)", Severity.CRITICAL,
            """
            A material share of the application's I/O wait passes while none of its requests is in the \
            block layer, until a kernel worker (kworker) queues them: synchronous reads or direct writes, \
            which an application queues itself and writeback never does. That is blk-throttle, the \
            mechanism behind cgroup I/O limits (v2 io.max, v1 blkio.throttle.*, docker --device-read-iops, \
            systemd IOReadIOPSMax): it holds a bio over its group's budget and releases it from a worker \
            when the budget allows. The device answers at its own speed; the limit sets the pace.""",
            List.of(TimeModelInput.MODEL), List.of(IostatEvidence.SERIES, Inputs.STORAGE),
            List.of(MIN_SHARE, CRITICAL_SHARE));

    static final String RECOMMENDATION = "Find the limit and whether it is meant: /proc/<pid>/cgroup names the "
            + "process's group; its io.max (cgroup v2: rbps, wbps, riops, wiops per MAJ:MIN) or "
            + "blkio.throttle.read_iops_device and its write_iops, read_bps and write_bps siblings (v1) hold the limit; "
            + "systemctl show <unit> -p IOReadIOPSMax -p IOWriteIOPSMax -p IOReadBandwidthMax -p IOWriteBandwidthMax, "
            + "docker inspect (BlkioDeviceReadIOps and kin) or the platform's per-container I/O class say who set it. "
            + "Raise or remove it where the application needs more, or size the workload to it: the device is not the "
            + "bottleneck, so faster storage would change nothing.";

    public CgroupIoLimitRule() {
        super(INFO, MeasuredIn.device(Part.THROTTLE),
                Meaning.of(Meaning.Layer.SUBMISSION).evidence(EvidenceKind.BLOCK_TRACE, EvidenceKind.SYSCALLS)
                        // the wait for completions is the limit's, from the process's side
                        .explains(AioCompletionWaitRule.ID, "when the process's requests went to the device the limit "
                                + "holds: it waits for completions the limit delays", AioCompletionWaitRule::waitsOn));
    }

    @Override
    public void evaluate(RuleContext ctx) {
        TimeModel model = ctx.input(TimeModelInput.MODEL);
        for (ProcessWait p : WaitingProcess.byCommand(model.application())) {
            List<WaitPart> held = p.parts().stream().filter(w -> w.part() == Part.THROTTLE && w.device() != null).toList();
            for (String device : held.stream().map(WaitPart::device).distinct().toList()) {
                List<WaitPart> here = held.stream().filter(w -> device.equals(w.device())).toList();
                double seconds = here.stream().mapToDouble(WaitPart::seconds).sum();
                double share = p.waitSeconds() > 0 ? 100 * seconds / p.waitSeconds() : 0;
                if (seconds <= 0 || share < ctx.value(MIN_SHARE)) {
                    continue;
                }
                report(ctx, p, device, WaitingProcess.direction(here), seconds, share);
            }
        }
    }

    private void report(RuleContext ctx, ProcessWait p, String device, String direction, double seconds, double share) {
        String label = ctx.optional(Inputs.STORAGE).map(c -> c.label(device)).orElse(device);
        String who = WaitingProcess.who(p);
        String what = direction == null ? "requests" : direction + "s";
        IostatPace view = IostatPace.of(ctx, device, direction);
        var f = ctx.finding(Subject.device(device, label), String.format(Locale.ROOT,
                        "The %s of %s are held back above %s by a cgroup I/O limit (blk-throttle)", what, who, label))
                .severity(share >= ctx.value(CRITICAL_SHARE) ? Severity.CRITICAL : Severity.WARNING)
                .source(EvidenceKind.BLOCK_TRACE)
                .summary(who + (WaitingProcess.plural(p) ? " spend " : " spends ") + Figures.duration(seconds) + " of "
                        + Figures.duration(p.waitSeconds()) + " of I/O wait (" + Figures.percent(share) + ") with none of "
                        + "its " + what + " in the block layer, until a kernel worker queues them on " + label + ". An "
                        + "application queues its synchronous " + what + " itself; a worker queues them for it only when "
                        + "blk-throttle held them over its cgroup's I/O budget and released them later."
                        + view.sentence(": a steady rate at about the limit"))
                .evidence(WaitingProcess.slowest(ctx, p, WaitingProcess.WAIT_CALLS))
                .evidence(queuedByWorkers(ctx, device, p))
                .recommendation(RECOMMENDATION)
                .figure(HELD_SECONDS, seconds)
                .figure(HELD_SHARE, share)
                .impact(Impact.measured(seconds, "held above the block layer").of(p.waitSeconds(), "I/O wait of " + who));
        if (view.perSecond() != null) {
            f.figure(PER_SECOND, view.perSecond());
        }
        f.report();
    }

    /**
     * A request of the device a kernel worker queued as synchronous data, its captured lines from the Q on:
     * the line that shows who queued it. A trace of the kernel's blk tracer names no process: there, a request
     * of a pid not {@code p}'s.
     */
    private static List<Evidence> queuedByWorkers(RuleContext ctx, String device, ProcessWait p) {
        java.util.Set<String> names = ctx.optional(Inputs.STORAGE).map(c -> c.names(device)).orElse(java.util.Set.of(device));
        return ctx.data().results().get(BlockTrace.class).stream()
                .flatMap(t -> t.slowestByProcess().stream())
                .filter(io -> (RequestTimes.kernelWorker(io.comm()) || UnnamedProcess.nameless(io.comm())
                        && !p.pids().contains(io.pid())) && RequestTimes.syncData(io.rwbs())
                        && (names.contains(io.device()) || device.equals(io.device())))
                .limit(2).flatMap(io -> io.lines().stream().limit(2)).toList();
    }
}
