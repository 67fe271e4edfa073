package dev.ioverdict.rules.wait;

import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Impact;
import dev.ioverdict.model.Metric;
import dev.ioverdict.rules.EvidenceKind;
import dev.ioverdict.rules.Meaning;
import dev.ioverdict.rules.aio.AioCompletionWaitRule;
import dev.ioverdict.rules.block.DeviceLatencyRule;
import dev.ioverdict.rules.block.RequestStarvationRule;
import dev.ioverdict.rules.disk.DiskSaturationRule;
import dev.ioverdict.rules.disk.QueueWaitRule;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.Subject;
import dev.ioverdict.model.block.BlockIo;
import dev.ioverdict.model.block.BlockTrace;
import dev.ioverdict.model.timemodel.Part;
import dev.ioverdict.model.timemodel.ProcessWait;
import dev.ioverdict.model.timemodel.Slice;
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
import java.util.stream.Collectors;

/**
 * A process waits behind another process's I/O on the same device: the time model's
 * {@link Part#BEHIND_OTHER_IO} part, the victim's requests taking longer in the device than its
 * light-load service time while others held the device, holds a material share of its wait. The
 * device is fine; the neighbour fills it.
 */
public final class NoisyNeighbourRule extends Rule {
    public static final String ID = "noisy-neighbour";
    public static final Metric VICTIM = Metric.text("victim", "Victim");
    public static final Metric BEHIND = Metric.duration("behindSeconds", "Time behind other processes' I/O");
    public static final Metric BEHIND_SHARE = Metric.percent("behindSharePct", "Share of the victim's I/O wait");
    public static final Metric NEIGHBOURS = Metric.text("neighbours", "Neighbours (their share of the device's time)");
    public static final Metric D2C_ALONE = Metric.duration("d2cAlone", "Victim's D2C with the device to itself");
    public static final Metric D2C_SHARED = Metric.duration("d2cShared", "Victim's D2C while others held the device");
    /** From this share of the victim's wait behind others, the neighbour, not the device, is the cause. */
    static final double DOMINANT_PCT = 50;
    /** Neighbours holding less of the device's time than this are left unnamed beside those holding more. */
    static final double NAMED_PCT = 5;
    static final Threshold MIN_SHARE = Threshold.percent("min_share_pct", 10,
            "share of a process's I/O wait spent behind other processes' requests from which it is a cause");
    static final Threshold MIN_SECONDS = Threshold.millis("min_ms", 50,
            "least time behind others over the capture to speak of it");

    private static final RuleInfo INFO = new RuleInfo(ID,
            "The application waits behind other processes' I/O on the same device", Severity.CRITICAL,
            """
            A process's requests wait inside the device behind requests of other processes that fill it: its \
            device time rises far above the device's light-load service time in the stretches where \
            the others hold most of the device's time. The device serves at its normal speed; the \
            neighbour's load is the cause. Without a block trace, iostat's bytes while the device is busy, most \
            of them not moved by the traced processes' calls, are that load, unnamed.""",
            List.of(TimeModelInput.MODEL), List.of(Inputs.STORAGE), List.of(MIN_SHARE, MIN_SECONDS));

    public NoisyNeighbourRule() {
        super(INFO, MeasuredIn.device(Part.BEHIND_OTHER_IO),
                Meaning.of(Meaning.Layer.DEVICE).use(Meaning.Resource.DEVICE, Meaning.Use.SATURATION)
                        .evidence(EvidenceKind.BLOCK_TRACE, EvidenceKind.SYSCALLS)
                        // the slow device, its saturation and queue, and the process's wait for completions are what the
                        // neighbour's load looks like from the victim's side
                        .explains(DeviceLatencyRule.ID, "about the same device, when most of the victim's wait is behind the "
                                + "neighbour", NoisyNeighbourRule::dominant)
                        // the saturation iostat sees is the neighbour's load: its lever is the neighbour, not the victim's depth
                        .explains(DiskSaturationRule.ID, "about the same device, when most of the victim's wait is behind "
                                + "the neighbour", NoisyNeighbourRule::dominant)
                        .explains(QueueWaitRule.ID, "about the same device, when most of the victim's wait is behind the "
                                + "neighbour", NoisyNeighbourRule::dominant)
                        // the request tags the device's I/Os wait for are taken by the neighbour's requests
                        .explains(RequestStarvationRule.ID, "about the same device, when most of the victim's wait is "
                                + "behind the neighbour", NoisyNeighbourRule::dominant)
                        .explains(AioCompletionWaitRule.ID, "when most of the victim's wait is behind the neighbour on "
                                + "the device its requests went to", (c, s) -> AioCompletionWaitRule.waitsOn(c, s) && mostlyBehind(c))
                        .glossary(Meaning.Glossary.BLOCK)
                        .insideView(NoisyNeighbourRule::restated));
    }

    /** iostat's saturation of the device, said in whose load fills it. */
    private static String restated(dev.ioverdict.model.Finding cause, dev.ioverdict.model.Finding iostat) {
        String who = cause.text(NEIGHBOURS).orElse("other processes");
        String victim = cause.text(VICTIM).orElse("the application");
        String share = cause.measurement(BEHIND_SHARE).map(dev.ioverdict.model.Measurement::display).orElse("most");
        return "iostat's view of the same device: " + iostat.title() + ". " + (who.startsWith(WaitPart.Neighbour.UNTRACED)
                ? "Most of the bytes that fill it are not the traced processes': " + who
                : "The block trace shows whose requests fill it: " + who) + "; " + victim + " spends " + share
                + " of its I/O wait queued behind them.";
    }

    private static boolean dominant(dev.ioverdict.model.Finding cause, dev.ioverdict.model.Finding symptom) {
        return Meaning.Explains.sameSubject(cause, symptom) && mostlyBehind(cause);
    }

    /** Whether most of the victim's wait is behind the neighbour: then the neighbour, not the device, is the cause. */
    private static boolean mostlyBehind(dev.ioverdict.model.Finding cause) {
        return cause.measurement(BEHIND_SHARE).map(m -> m.value() >= DOMINANT_PCT).orElse(false);
    }

    @Override
    public void evaluate(RuleContext ctx) {
        TimeModel model = ctx.input(TimeModelInput.MODEL);
        for (ProcessWait p : model.application()) {
            List<WaitPart> behind = p.parts().stream().filter(w -> w.part() == Part.BEHIND_OTHER_IO).toList();
            for (String device : behind.stream().map(WaitPart::device).distinct().toList()) {
                double seconds = behind.stream().filter(w -> device.equals(w.device())).mapToDouble(WaitPart::seconds).sum();
                double share = p.waitSeconds() > 0 ? 100 * seconds / p.waitSeconds() : 0;
                if (share < ctx.value(MIN_SHARE) || seconds < ctx.seconds(MIN_SECONDS)) {
                    continue;
                }
                report(ctx, model, p, device, seconds, share,
                        behind.stream().filter(w -> device.equals(w.device())).flatMap(w -> w.others().stream()).toList());
            }
        }
    }

    private void report(RuleContext ctx, TimeModel model, ProcessWait victim, String device, double seconds,
                        double share, List<WaitPart.Neighbour> others) {
        String label = ctx.optional(Inputs.STORAGE).map(c -> c.label(device)).orElse(device);
        String who = victim.who();
        List<WaitPart.Neighbour> top = others.stream().collect(Collectors.toMap(WaitPart.Neighbour::command, n -> n,
                (a, b) -> a.sharePct() >= b.sharePct() ? a : b, java.util.LinkedHashMap::new)).values().stream()
                .sorted((a, b) -> Double.compare(b.sharePct(), a.sharePct())).limit(3).toList();
        if (top.stream().anyMatch(n -> n.sharePct() >= NAMED_PCT)) {
            // a kernel worker that held 0 % of the device beside the restore job is not a neighbour worth naming
            top = top.stream().filter(n -> n.sharePct() >= NAMED_PCT).toList();
        }
        boolean untraced = !top.isEmpty() && top.stream().allMatch(WaitPart.Neighbour::untraced);
        String neighbours = top.isEmpty() ? "other processes" : top.stream()
                .map(n -> n.who() + (untraced ? " (" + (n.sharePct() > 99.5 ? "over 99 %" : String.format(Locale.ROOT,
                        "%.0f %%", n.sharePct())) + " of the device's bytes while busy)"
                        : String.format(Locale.ROOT, " (%.0f %% of the device's time)", n.sharePct())))
                .collect(Collectors.joining(", "));
        WithAndWithout latency = withAndWithout(model, victim.command(), device);
        String summary = untraced ? String.format(Locale.ROOT, "While %s was busy, iostat shows it moving bytes the "
                        + "traced processes' calls did not move: %s. %s's requests on it took far longer than the "
                        + "device answers in alone, queued behind that load: an estimated %.2f s of its %.2f s of I/O "
                        + "wait (%.0f %%), from the await above the device's own response time, the others' in their "
                        + "share of the bytes (the time model's method has the figures). The device itself is not "
                        + "slow; the other load is what the application waits for. The bundle has no block trace to "
                        + "name those processes.", label, neighbours, who, seconds, victim.waitSeconds(), share)
                : String.format(Locale.ROOT, "%s's requests on %s took longer in the device than the device "
                        + "takes to serve one at light load, while %s held the device: %.2f s of its %.2f s of I/O wait "
                        + "(%.0f %%) is spent queued behind their requests.%s The device itself is serving at its "
                        + "normal speed; the other processes' load is what the application waits for.",
                        who, label, neighbours, seconds, victim.waitSeconds(), share, latency.sentence());
        var f = ctx.finding(Subject.device(device, label), String.format(Locale.ROOT,
                        "%s waits behind %s on %s", who, untraced ? "I/O the traces do not show"
                        : top.isEmpty() ? "other processes' I/O" : top.get(0).command() + "'s I/O", label))
                .source(untraced ? EvidenceKind.IOSTAT : EvidenceKind.BLOCK_TRACE)
                .summary(summary)
                .recommendation("Keep the neighbour from filling the device: give it a lower I/O priority "
                        + "(ionice -c3 -p PID, with the bfq scheduler) or limit it with cgroup v2 (io.max: "
                        + "echo \"MAJ:MIN wbps=100000000 wiops=2000\" > /sys/fs/cgroup/JOB/io.max; or io.weight for the "
                        + "victim, io.latency for a latency target); run the job at another time or on another "
                        + "device; keep latency-sensitive files (logs, journals) on a device of their own. Expected "
                        + "effect: the victim gets back most of the time it waits behind the neighbour, up to "
                        + String.format(Locale.ROOT, "%.0f %%", share) + " of its I/O wait.")
                .text(VICTIM, who)
                .figure(BEHIND, seconds)
                .figure(BEHIND_SHARE, share)
                .text(NEIGHBOURS, neighbours)
                .impact(new Impact(seconds, model.share(seconds), "the application's I/O wait", false,
                        "the time model's behind-other-io part of " + who))
                .evidence(untraced ? busyReports(ctx, device) : evidence(ctx, victim));
        if (untraced) {
            f.assume("that the traced processes' bytes and iostat's, over windows of their own, compare",
                    "perf record -a -e 'block:*' -- sleep 10; perf script > perf-block.txt (names each request's process)");
        }
        if (latency.alone() != null) {
            f.figure(D2C_ALONE, latency.alone());
        }
        if (latency.shared() != null) {
            f.figure(D2C_SHARED, latency.shared());
        }
        f.report();
    }

    /** The device's busiest iostat reports, with the most queued first: where the untraced load shows. */
    private static List<Evidence> busyReports(RuleContext ctx, String device) {
        return ctx.data().results().get(dev.ioverdict.analysis.iostat.IostatTimeline.class).stream()
                .flatMap(t -> t.series().stream()).filter(s -> s.device().equals(device))
                .flatMap(s -> s.points().stream())
                .sorted((a, b) -> Double.compare(b.queue(), a.queue())).limit(3)
                .map(p -> new Evidence(p.sample().input(), p.sample().line(), p.sample().text())).toList();
    }

    /** The victim's slowest requests, with their captured lines. */
    private static List<Evidence> evidence(RuleContext ctx, ProcessWait victim) {
        List<Evidence> out = new ArrayList<>();
        ctx.data().results().get(BlockTrace.class).ifPresent(t -> {
            for (BlockIo io : t.slowestByProcess()) {
                if (victim.pids().contains(io.pid()) && out.size() < 4) {
                    out.addAll(io.lines().stream().limit(2).toList());
                }
            }
        });
        return out;
    }

    /** The victim's average D2C in the slices where others held little of the device, and where they held most. */
    private record WithAndWithout(Double alone, Double shared) {
        String sentence() {
            if (alone == null || shared == null) {
                return shared == null ? "" : String.format(Locale.ROOT, " Its requests averaged %.1f ms in the device "
                        + "while the others ran.", shared * 1000);
            }
            return String.format(Locale.ROOT, " Its requests averaged %.1f ms in the device when it had the device "
                    + "to itself and %.1f ms while the others ran.", alone * 1000, shared * 1000);
        }
    }

    private static WithAndWithout withAndWithout(TimeModel model, String command, String device) {
        double[] alone = new double[2];
        double[] shared = new double[2];
        for (Slice s : model.slices()) {
            for (Slice.DeviceShare d : s.devices()) {
                if (!d.device().equals(device)) {
                    continue;
                }
                for (Slice.Holder h : d.holders()) {
                    if (!h.command().equals(command)) {
                        continue;
                    }
                    double[] into = h.sharePct() >= 80 ? alone : h.sharePct() <= 50 ? shared : null;
                    if (into != null) {
                        into[0] += h.avgD2c() * h.requests();
                        into[1] += h.requests();
                    }
                }
            }
        }
        return new WithAndWithout(alone[1] > 0 ? alone[0] / alone[1] : null, shared[1] > 0 ? shared[0] / shared[1] : null);
    }
}
