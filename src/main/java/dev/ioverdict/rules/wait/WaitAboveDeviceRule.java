package dev.ioverdict.rules.wait;

import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Impact;
import dev.ioverdict.model.Metric;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.block.BlockTrace;
import dev.ioverdict.model.timemodel.Part;
import dev.ioverdict.model.timemodel.ProcessWait;
import dev.ioverdict.model.timemodel.TimeModel;
import dev.ioverdict.model.timemodel.WaitPart;
import dev.ioverdict.rules.EvidenceKind;
import dev.ioverdict.rules.MeasuredIn;
import dev.ioverdict.rules.Meaning;
import dev.ioverdict.rules.Rule;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.RuleInfo;
import dev.ioverdict.rules.Threshold;
import dev.ioverdict.rules.aio.AioCompletionWaitRule;
import dev.ioverdict.rules.disk.IostatEvidence;
import java.util.List;

/**
 * Most of a process's I/O wait is the time model's {@link Part#NOT_EXPLAINED}: with a block trace on the
 * calls' clock, none of its requests was in the block layer while it waited; without one, its waits
 * are several times what its requests take at the device's await. The time is spent above the device,
 * and the bundle does not show where: the rule says so, rather than "no problem", and what to record.
 */
public final class WaitAboveDeviceRule extends Rule {
    public static final String ID = "wait-above-device";
    public static final Metric ABOVE_SECONDS = Metric.duration("aboveSeconds", "Time above the device, not explained");
    public static final Metric ABOVE_SHARE = Metric.percent("aboveSharePct", "Share of its I/O wait");
    static final Threshold MIN_SHARE = Threshold.percent("min_share_pct", 50,
            "share of a process's I/O wait that no layer explains from which it is reported: most of it");


    private static final RuleInfo INFO = new RuleInfo(ID,
            "Most of the I/O wait is spent above the device, where the bundle does not look", Severity.WARNING,
            """
            Most of a process's I/O wait is not explained by any layer the bundle covers. With a block trace \
            on the calls' clock, none of its requests was in the block layer while it waited; without one, \
            its waits are several times what its requests take at the device's await even served one at a \
            time. The device is not what it waits for; what holds its requests above the device (a cgroup \
            I/O limit whose workers the trace cannot name, a filesystem or inode lock, the page cache, its \
            own CPU and scheduling) needs an input the bundle lacks.""",
            List.of(TimeModelInput.MODEL), List.of(IostatEvidence.SERIES), List.of(MIN_SHARE));

    static final String RECOMMENDATION = "Record what the bundle lacks, beside the same workload: perf's block "
            + "tracepoints with process names (perf record -a -e 'block:*'; requests a kernel worker queues for the "
            + "process are a cgroup I/O limit's), and its sleeping stacks (perf record -a -g -e sched:sched_switch: a "
            + "lock, the page cache). Check its cgroup's I/O limits (/proc/<pid>/cgroup names the group; then its io.max "
            + "or blkio.throttle.* files) and whether it gets the CPU it needs (run queue, strace's own cost at high "
            + "call rates).";

    public WaitAboveDeviceRule() {
        super(INFO, MeasuredIn.process(Part.NOT_EXPLAINED),
                Meaning.of(Meaning.Layer.NOT_LOCATED).evidence(EvidenceKind.SYSCALLS)
                        // its wait for completions is the unexplained wait, from the call's side
                        .explains(AioCompletionWaitRule.ID, "about the same process: the completions it waits for are "
                                + "held above the device", Meaning.Explains::sameSubject));
    }

    @Override
    public void evaluate(RuleContext ctx) {
        TimeModel model = ctx.input(TimeModelInput.MODEL);
        boolean blockTrace = ctx.data().results().get(BlockTrace.class).isPresent();
        for (ProcessWait p : WaitingProcess.byCommand(model.application())) {
            List<WaitPart> above = p.parts().stream().filter(w -> w.part() == Part.NOT_EXPLAINED).toList();
            double seconds = above.stream().mapToDouble(WaitPart::seconds).sum();
            double share = p.waitSeconds() > 0 ? 100 * seconds / p.waitSeconds() : 0;
            if (seconds <= 0 || share < ctx.value(MIN_SHARE)) {
                continue;
            }
            String who = WaitingProcess.who(p);
            // the device its requests went to: the part's own, else the one the rest of its wait is in
            String device = above.stream().map(WaitPart::device).filter(d -> d != null).findFirst()
                    .or(() -> p.parts().stream().filter(w -> w.part() == Part.DEVICE && w.device() != null)
                            .max(java.util.Comparator.comparingDouble(WaitPart::seconds)).map(WaitPart::device))
                    .orElse(null);
            String direction = WaitingProcess.direction(above);
            String how = blockTrace
                    ? " while none of its requests was in the block layer (its calls and the block trace matched on one "
                    + "clock): the time is above the block layer's queue"
                    : " beyond what its requests take in " + (device == null ? "the device" : device) + " at iostat's "
                    + "await, even served one at a time: the time is above the device";
            ctx.finding(WaitingProcess.subject(p), who + (WaitingProcess.plural(p) ? " wait" : " waits")
                            + " above the device, where the bundle does not look")
                    .source(EvidenceKind.SYSCALLS)
                    .summary(who + (WaitingProcess.plural(p) ? " spend " : " spends ") + Figures.duration(seconds) + " of "
                            + Figures.duration(p.waitSeconds()) + " of I/O wait (" + Figures.percent(share) + ")" + how
                            + "." + IostatPace.of(ctx, device, direction).sentence("") + " No input of the bundle shows "
                            + "what holds its requests: a cgroup I/O limit (blk-throttle: a trace with process names shows "
                            + "kernel workers queuing them), a filesystem or inode lock, the page cache, or its own CPU and "
                            + "scheduling.")
                    .evidence(WaitingProcess.slowest(ctx, p, WaitingProcess.WAIT_CALLS))
                    .recommendation(RECOMMENDATION)
                    .figure(ABOVE_SECONDS, seconds)
                    .figure(ABOVE_SHARE, share)
                    .impact(Impact.measured(seconds, "not explained by any layer").of(p.waitSeconds(), "I/O wait of " + who))
                    .report();
        }
    }
}
