package dev.ioverdict.rules.aio;

import dev.ioverdict.analysis.config.DeviceStacks;
import dev.ioverdict.analysis.config.StorageConfig;
import dev.ioverdict.model.Figures;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Impact;
import dev.ioverdict.model.Metric;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.Subject;
import dev.ioverdict.model.syscall.AioProcess;
import dev.ioverdict.model.timemodel.Part;
import dev.ioverdict.model.timemodel.ProcessWait;
import dev.ioverdict.model.timemodel.TimeModel;
import dev.ioverdict.model.timemodel.WaitPart;
import dev.ioverdict.rules.Inputs;
import dev.ioverdict.rules.wait.TimeModelInput;
import dev.ioverdict.rules.MeasuredIn;
import dev.ioverdict.rules.EvidenceKind;
import dev.ioverdict.rules.Meaning;
import dev.ioverdict.rules.Rule;
import dev.ioverdict.rules.RuleContext;
import dev.ioverdict.rules.RuleInfo;
import dev.ioverdict.rules.Threshold;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The opposite of sync-io-submit: submission is quick and the process waits in io_getevents. The
 * kernel's AIO path is not the problem; the wait is for completions, i.e. the device below
 * (seed 000, where the block trace then shows D2C holding the time).
 */
public final class AioCompletionWaitRule extends Rule {
    public static final Metric GETEVENTS_SHARE_PCT = Metric.percent("geteventsSharePct", "io_getevents share of the AIO time");
    /** The devices the time model found the process's wait on, each in every name it goes by, and those below them. */
    public static final Metric WAITS_ON = Metric.text("waitsOn", "Devices its requests went to");

    static final Threshold MAX_SUBMIT_SHARE_PCT = Threshold.percent("max_submit_share_pct", 10,
            "io_submit share of the AIO time at most this");
    static final Threshold MIN_GETEVENTS_AVG_MS = Threshold.millis("min_getevents_avg_ms", 1,
            "io_getevents average at least this");

    public static final String ID = "aio-completion-wait";

    private static final RuleInfo INFO = new RuleInfo(ID,
            "Asynchronous I/O waits for completions, not for submission", Severity.INFO,
            """
            io_getevents holds almost all of a process's AIO time while io_submit returns quickly: submission \
            works as it should and the time goes to the I/O itself. Where it goes below the syscall \
            layer (device, HBA, array) is for the block-layer evidence (blkparse/btt D2C, iostat) to show.""",
            List.of(AioSymptoms.AIO_TIMING), List.of(TimeModelInput.MODEL, Inputs.STORAGE),
            List.of(MAX_SUBMIT_SHARE_PCT, MIN_GETEVENTS_AVG_MS));

    public AioCompletionWaitRule() {
        super(INFO, MeasuredIn.process(Part.DEVICE, Part.BEHIND_OTHER_IO, Part.SCHEDULER, Part.TAG_WAIT, Part.FLUSH,
                        Part.NOT_EXPLAINED, Part.NOT_MEASURED),
                Meaning.of(Meaning.Layer.APPLICATION).evidence(EvidenceKind.SYSCALLS).glossary(Meaning.Glossary.AIO));
    }

    @Override
    public void evaluate(RuleContext ctx) {
        AioSymptoms aio = ctx.input(AioSymptoms.AIO_TIMING);
        for (AioProcess a : aio.aio()) {
            if (a.submitSharePct() == null || a.geteventsAvg() == null || a.getevents() == 0
                    || a.submitSharePct() > ctx.value(MAX_SUBMIT_SHARE_PCT)
                    || a.geteventsAvg() < ctx.seconds(MIN_GETEVENTS_AVG_MS)) {
                continue;
            }
            String who = AioSymptoms.who(a);
            double getevents = a.geteventsTotal() == null ? 0 : a.geteventsTotal();
            String waitsOn = waitsOn(ctx, a.pid());
            ctx.finding(Subject.process(a.pid(), a.comm()), who + " waits in io_getevents ("
                            + Figures.duration(a.geteventsAvg()) + " average), io_submit is quick")
                    .summary("io_getevents holds " + Figures.percent(100 - a.submitSharePct()) + " of the AIO time of "
                            + who + " (" + a.source() + ", " + a.input() + "): io_submit averages "
                            + Figures.duration(a.submitAvg()) + ", io_getevents " + Figures.duration(a.geteventsAvg())
                            + ". The kernel submits promptly; the time is spent waiting for the I/O to complete.")
                    .recommendation("Look below the syscall layer: compare with the device's service time (blktrace D2C, "
                            + "iostat await/svctm). If the device is slow, the escalation goes to the storage (array, "
                            + "HBA, multipath), not to the application or the kernel's AIO path.")
                    .aio(a)
                    .figure(AioSymptoms.SUBMIT_AVG, a.submitAvg())
                    .figure(AioSymptoms.GETEVENTS_AVG, a.geteventsAvg())
                    .figure(GETEVENTS_SHARE_PCT, 100 - a.submitSharePct())
                    .with(f -> {
                        if (waitsOn != null) {
                            f.text(WAITS_ON, waitsOn);
                        }
                    })
                    .evidence(aio.slowest(a, "io_getevents").stream().limit(2).toList())
                    .evidence(aio.slowest(a, "io_submit").stream().limit(1).toList())
                    .impact(Impact.measured(getevents, "time spent in io_getevents")
                            .of(getevents + (a.submitTotal() == null ? 0 : a.submitTotal()),
                                    "io_submit + io_getevents time of " + who))
                    .report();
        }
    }

    /**
     * The devices the process's wait went to in the time model, with every name each goes by and
     * every device below it (a loop device's time is held in the disk under it), or null when the
     * model does not know the process or places none of its wait on a device.
     */
    private static String waitsOn(RuleContext ctx, Integer pid) {
        TimeModel model = ctx.optional(TimeModelInput.MODEL).orElse(null);
        if (model == null || pid == null) {
            return null;
        }
        StorageConfig config = ctx.optional(Inputs.STORAGE).orElse(null);
        DeviceStacks stacks = ctx.data().results().get(DeviceStacks.class).orElse(DeviceStacks.NONE);
        Map<String, Set<String>> devices = new LinkedHashMap<>();
        for (ProcessWait p : model.processes()) {
            if (!p.pids().contains(pid)) {
                continue;
            }
            for (WaitPart w : p.parts()) {
                if (w.device() != null && w.seconds() > 0) {
                    withBelow(w.device(), config, stacks, devices);
                }
            }
        }
        return devices.isEmpty() ? null : devices.entrySet().stream()
                .map(e -> e.getKey() + (e.getValue().isEmpty() ? "" : " (" + String.join(", ", e.getValue()) + ")"))
                .collect(java.util.stream.Collectors.joining("; "));
    }

    /** The device and every device below it, each with the other names it goes by (dm name, major,minor). */
    private static void withBelow(String device, StorageConfig config, DeviceStacks stacks, Map<String, Set<String>> out) {
        List<String> chain = new java.util.ArrayList<>(List.of(device));
        stacks.stackOf(device).below().forEach(l -> chain.add(l.lower()));
        for (String d : chain) {
            if (!out.containsKey(d)) {
                Set<String> aliases = config == null ? new LinkedHashSet<>() : config.names(d);
                aliases.remove(d);
                out.put(d, aliases);
            }
        }
    }

    /**
     * Whether a cause about a device explains a process's wait for completions: the process's
     * requests went to that device (or one stacked on it). A wait the time model did not place, or
     * a cause about no device, is explained as before: by any cause that explains it.
     */
    public static boolean waitsOn(Finding cause, Finding symptom) {
        if (cause.subject() == null || cause.subject().kind() != Subject.Kind.DEVICE) {
            return true;
        }
        String id = cause.subject().id();
        return symptom.text(WAITS_ON).map(devices -> {
            for (String entry : devices.split("; ")) {
                int open = entry.indexOf(" (");
                String name = open < 0 ? entry : entry.substring(0, open);
                List<String> aliases = open < 0 || !entry.endsWith(")") ? List.of()
                        : List.of(entry.substring(open + 2, entry.length() - 1).split(", "));
                if (name.equals(id) || aliases.contains(id)) {
                    return true;
                }
            }
            return false;
        }).orElse(true);
    }
}
