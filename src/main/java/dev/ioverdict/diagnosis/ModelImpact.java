package dev.ioverdict.diagnosis;

import dev.ioverdict.analysis.config.DeviceStacks;
import dev.ioverdict.analysis.config.StorageConfig;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Impact;
import dev.ioverdict.model.Measurement;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.Subject;
import dev.ioverdict.model.timemodel.DeviceTime;
import dev.ioverdict.model.timemodel.Part;
import dev.ioverdict.model.timemodel.ProcessWait;
import dev.ioverdict.model.timemodel.TimeModel;
import dev.ioverdict.model.timemodel.WaitPart;
import dev.ioverdict.rules.MeasuredIn;
import dev.ioverdict.rules.block.DeviceLatencyRule;
import dev.ioverdict.rules.RuleCatalogue;
import dev.ioverdict.rules.SubjectMetrics;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Every cause measured in the one unit of the time model: the seconds of the application's I/O
 * wait held by the parts its rule declares ({@link MeasuredIn}), on its device, process and
 * direction; or, with no application trace, its device's own time. A cause that holds less than
 * the material share of the wait is not critical, however abnormal its figures: it is named, but
 * as a secondary matter.
 */
final class ModelImpact {
    /** The share of the application's wait from which a cause is material (primary or secondary). */
    static final double MATERIAL_PCT = 10;
    /** The share of the span the application was traced for from which a cause's cost is worth acting on. */
    static final double MATERIAL_OF_TRACED_PCT = 1;

    /** The parts that are a device's own time (D2C): its service, its flushes, its queue behind others. */
    private static final List<Part> DEVICE_TIME = List.of(Part.DEVICE, Part.FLUSH, Part.BEHIND_OTHER_IO);

    private final TimeModel model;
    private final StorageConfig config;
    private final DeviceStacks stacks;
    /** The parts of the device's time a cause of the report measures itself in (the flushes a commit rate holds). */
    private final Set<Part> claimed;
    /** The report's causes that are a device stalling now and then: each holds its share of the flushes it stopped. */
    private final List<Finding> stalls;

    /**
     * {@code causes}: the report's causes, whose own parts of the device's time are theirs alone. A cause holding a
     * share of its device's time holds that share of the device's other parts, but not of one another cause is
     * measured in: a commit rate and a slow, full device do not both hold the same flushes (127 % of the wait). A
     * device that stalls now and then is the exception: the stall holds the flushes it stopped.
     */
    ModelImpact(TimeModel model, StorageConfig config, DeviceStacks stacks, List<Finding> causes) {
        this.model = model;
        this.config = config;
        this.stacks = stacks == null ? DeviceStacks.NONE : stacks;
        this.claimed = causes.stream().flatMap(f -> RuleCatalogue.byId(f.rule()).stream())
                .flatMap(r -> r.measuredIn().parts().stream()).filter(DEVICE_TIME::contains)
                .collect(Collectors.toCollection(LinkedHashSet::new));
        this.stalls = causes.stream().filter(ModelImpact::stalls).toList();
    }

    /** Whether a finding is a device that stalls now and then: a share of its time, not its requests' own time. */
    private static boolean stalls(Finding f) {
        return f.rule().equals(DeviceLatencyRule.ID) && !DeviceLatencyRule.splitsTheDevice(f)
                && f.measurement(SubjectMetrics.OF_DEVICE_TIME).isPresent();
    }

    /**
     * What a cause measured in a part of its own keeps of one of its parts: all of it, less the share of a flush part
     * that a stalling device's cause holds (the stall stopped those flushes; the commit rate yields them to it).
     */
    private double kept(Finding f, MeasuredIn in, WaitPart w) {
        if (w.part() != Part.FLUSH || !in.parts().contains(Part.FLUSH) || in.scope() == MeasuredIn.Scope.DEVICE) {
            return 1;
        }
        double held = stalls.stream().filter(x -> x != f && w.device() != null && sameDevice(x.subject(), w.device()))
                .mapToDouble(ModelImpact::ofDevice).sum();
        return Math.max(0, 1 - held);
    }

    Finding weighed(Finding f) {
        Optional<MeasuredIn> declared = RuleCatalogue.byId(f.rule()).map(r -> r.measuredIn());
        if (declared.isEmpty() || !declared.get().measured()) {
            return f;
        }
        MeasuredIn in = declared.get();
        Finding weighed = model.processes().isEmpty() ? deviceTime(f, in) : applicationWait(f, in);
        return weighed == null ? f : material(weighed);
    }

    /** The seconds of the parts on the finding's subject, as a share of the application's wait. */
    private Finding applicationWait(Finding f, MeasuredIn in) {
        Selection s = select(f, in, in.parts());
        if (s.seconds <= 0 && !in.fallback().isEmpty()) {
            s = select(f, in, in.fallback());
        }
        // a cause holding part of its device's time (stalls now and then) holds that part of the wait spent in the
        // device, whichever part holds it: a stalled cache flush is the flush's time too
        // a cause measured in a part of its own (the scheduler's wait) holds that part: its share of the device's
        // time stands for the part only where the model has nothing but the devices' time
        boolean inDeviceTime = in.parts().stream().anyMatch(DEVICE_TIME::contains);
        double ofDevice = inDeviceTime ? ofDevice(f) : 1;
        if (ofDevice < 1 && in.scope() == MeasuredIn.Scope.DEVICE) {
            List<Part> parts = new ArrayList<>(in.parts());
            // a share measured on the device's requests (its queue's, their own time) is of those: the flushes a
            // commit rate holds are not in it; a stall stops whatever the device holds, the flushes as well
            boolean stalling = stalls(f);
            DEVICE_TIME.stream().filter(p -> !parts.contains(p) && (stalling || !claimed.contains(p))).forEach(parts::add);
            s = select(f, in, parts);
        }
        if (s.parts.isEmpty()) {
            Impact none = new Impact(0, 0.0, of(), true, "time model: this cause holds none of the application's "
                    + "I/O wait (" + labels(in.parts()) + where(f, in) + ")");
            return f.withImpact(none);
        }
        boolean measured = s.parts.stream().allMatch(p -> p.method() != null && p.method().startsWith("measured"));
        String method = "time model: " + labels(s.parts.stream().map(WaitPart::part).distinct().toList()) + where(f, in)
                + s.parts.stream().filter(w -> w.method() != null)
                .max(java.util.Comparator.comparingDouble(WaitPart::seconds)).map(w -> "; " + w.method()).orElse("");
        List<Impact.ProcessShare> byProcess = new ArrayList<>();
        java.util.function.ToDoubleFunction<WaitPart> kept = w -> kept(f, in, w);
        Shares shares = inDeviceTime ? Shares.of(f, ofDevice, kept) : new Shares(1, null, null, kept);
        for (ProcessWait p : model.application()) {
            double mine = shares.held(s.parts.stream().filter(w -> p.parts().contains(w)).toList());
            if (mine > 0 && p.waitSeconds() > 0) {
                byProcess.add(new Impact.ProcessShare(p.command(), p.pids(), mine, Math.min(100, 100 * mine / p.waitSeconds())));
            }
        }
        method += shares.described();
        double whole = s.parts.stream().mapToDouble(WaitPart::seconds).sum();
        double yielded = whole - s.parts.stream().mapToDouble(w -> w.seconds() * kept.applyAsDouble(w)).sum();
        if (yielded > 0) {
            method += String.format(Locale.ROOT, "; less the %s of its flushes a device stall holds",
                    dev.ioverdict.model.Figures.duration(yielded));
        }
        double seconds = shares.byDirection() || yielded > 0 ? shares.held(s.parts) : s.seconds * ofDevice;
        Impact impact = new Impact(seconds, model.share(seconds), of(), measured, method, byProcess);
        return f.withImpact(model.basis() == TimeModel.Basis.DEVICE ? impact.over(model.captureSeconds()) : impact);
    }

    /**
     * What a finding holds of each part of the wait in its device: its share of the device's time
     * ({@link SubjectMetrics#OF_DEVICE_TIME}), or, where it gives one per direction, its share of the reads' time for
     * a part in the device's reads and of the writes' time for one in its writes.
     */
    private record Shares(double ofDevice, Double ofReads, Double ofWrites, java.util.function.ToDoubleFunction<WaitPart> kept) {
        static Shares of(Finding f, double ofDevice, java.util.function.ToDoubleFunction<WaitPart> kept) {
            return new Shares(ofDevice, share(f, SubjectMetrics.OF_READ_TIME), share(f, SubjectMetrics.OF_WRITE_TIME), kept);
        }

        private static Double share(Finding f, dev.ioverdict.model.Metric m) {
            return f.measurement(m).map(x -> x.value() / 100).orElse(null);
        }

        boolean byDirection() {
            return ofReads != null || ofWrites != null;
        }

        /** The seconds of {@code parts} the finding holds. */
        double held(List<WaitPart> parts) {
            if (!byDirection() && parts.stream().allMatch(w -> kept.applyAsDouble(w) == 1)) {
                return ofDevice * parts.stream().mapToDouble(WaitPart::seconds).sum();
            }
            return parts.stream().mapToDouble(this::held).sum();
        }

        private double held(WaitPart w) {
            double kept = w.seconds() * this.kept.applyAsDouble(w);
            if ("read".equals(w.direction()) && ofReads != null) {
                return kept * ofReads;
            }
            if ("write".equals(w.direction()) && ofWrites != null) {
                return kept * ofWrites;
            }
            return kept * ofDevice;
        }

        String described() {
            if (byDirection()) {
                return String.format(Locale.ROOT, "; of it, the %s of the device's read time and the %s of its write "
                        + "time this cause holds", pct(ofReads), pct(ofWrites));
            }
            return ofDevice < 1 ? String.format(Locale.ROOT, "; of it, the %.0f %% of the device's own time this cause "
                    + "holds", 100 * ofDevice) : "";
        }

        private String pct(Double share) {
            return String.format(Locale.ROOT, "%.0f %%", 100 * (share != null ? share : ofDevice));
        }
    }

    /** The share of its device's time the finding holds ({@link SubjectMetrics#OF_DEVICE_TIME}), 1 when all of it. */
    private static double ofDevice(Finding f) {
        return f.measurement(SubjectMetrics.OF_DEVICE_TIME).map(Measurement::value).orElse(100.0) / 100;
    }

    private String of() {
        if (model.basis() == TimeModel.Basis.DEVICE) {
            return "the devices' own time (every request from queue to completion over the "
                    + dev.ioverdict.model.Figures.duration(model.captureSeconds()) + " traced; no application trace)";
        }
        List<ProcessWait> application = model.application();
        String who = application.stream().limit(3).map(ProcessWait::who).collect(Collectors.joining(", "))
                + (application.size() > 3 ? " and " + (application.size() - 3) + " more" : "");
        return "the application's I/O wait (" + String.format(Locale.ROOT, "%.3g s", model.waitSeconds())
                + (who.isEmpty() ? "" : " of " + who) + ")";
    }

    private record Selection(double seconds, List<WaitPart> parts) {
    }

    private Selection select(Finding f, MeasuredIn in, List<Part> wanted) {
        double seconds = 0;
        List<WaitPart> chosen = new ArrayList<>();
        String direction = f.text(SubjectMetrics.DIRECTION).map(d -> d.startsWith("read") ? "read" : d.startsWith("write")
                ? "write" : null).orElse(null);
        for (ProcessWait p : model.application()) {
            if (in.scope() == MeasuredIn.Scope.PROCESS && !ofProcess(f.subject(), p)) {
                continue;
            }
            for (WaitPart w : p.parts()) {
                if (!wanted.contains(w.part())) {
                    continue;
                }
                // a finding about a device holds that device's parts, whatever the scope its rule is measured in
                if (w.device() != null && !sameDevice(f.subject(), w.device())) {
                    continue;
                }
                if (in.scope() == MeasuredIn.Scope.DEVICE && w.device() == null && w.part().located()) {
                    continue;
                }
                if (direction != null && w.direction() != null && !direction.equals(w.direction())) {
                    continue;
                }
                seconds += w.seconds();
                chosen.add(w);
            }
        }
        return new Selection(seconds, chosen);
    }

    private static boolean ofProcess(Subject subject, ProcessWait p) {
        if (subject == null || subject.kind() != Subject.Kind.PROCESS) {
            return true;
        }
        List<Integer> pids = subject.pids();
        return pids.isEmpty() ? p.command().equals(subject.id()) : p.pids().stream().anyMatch(pids::contains);
    }

    /** Whether a finding's device and the model's name the same device (kernel name, major:minor, dm name). */
    boolean sameDevice(Subject subject, String device) {
        if (subject == null || subject.kind() != Subject.Kind.DEVICE) {
            return true;
        }
        String id = subject.id();
        if (id.equals(device)) {
            return true;
        }
        if (config == null) {
            return false;
        }
        Set<String> a = withAbove(id);
        Set<String> b = forms(device);
        a.retainAll(b);
        return !a.isEmpty();
    }

    private Set<String> forms(String device) {
        return config.names(device);
    }

    /**
     * The device and every device stacked above it: the time the application spends on a loop or
     * dm device is held in the device below it, where the stacked cause is named.
     */
    private Set<String> withAbove(String device) {
        Set<String> out = new LinkedHashSet<>(forms(device));
        stacks.stackOf(device).above().forEach(link -> out.addAll(forms(link.upper())));
        return out;
    }

    private static String where(Finding f, MeasuredIn in) {
        if (f.subject() == null || in.scope() == MeasuredIn.Scope.ANY) {
            return "";
        }
        return " of " + f.subject().label();
    }

    private static String labels(List<Part> parts) {
        return parts.stream().map(Part::label).collect(Collectors.joining(", "));
    }

    /** With no application trace: the device's own time, await x IOPS over the capture. */
    private Finding deviceTime(Finding f, MeasuredIn in) {
        if (in.scope() != MeasuredIn.Scope.DEVICE || f.subject() == null) {
            return null;
        }
        DeviceTime d = model.devices().stream().filter(x -> sameDevice(f.subject(), x.device())).findFirst().orElse(null);
        if (d == null || d.deviceSeconds() == null) {
            return null;
        }
        String span = dev.ioverdict.model.Figures.duration(model.captureSeconds());
        double ofDevice = ofDevice(f);
        double seconds = d.deviceSeconds() * ofDevice;
        return f.withImpact(new Impact(seconds, model.share(seconds),
                "the devices' own time (await x IOPS over the " + span + " captured; no application trace)", true,
                "device time: " + d.device() + "'s " + ("block trace".equals(d.source()) ? "Q2C summed over its requests"
                : "average queue (aqu-sz, await x IOPS) x the " + span + " its iostat reports cover")
                + (ofDevice < 1 ? String.format(Locale.ROOT, "; of it, the %.0f %% this cause holds", 100 * ofDevice) : ""))
                .over(model.captureSeconds()));
    }

    /**
     * Below the material share, a cause is not critical: it is listed, as a secondary matter. A cause
     * that cost the application a trifle of the time it was traced for is no more than a remark,
     * whatever its share of a wait that is itself a trifle: an application that is not I/O bound has
     * nothing to gain from it.
     */
    private Finding material(Finding f) {
        Double share = f.impact().sharePct();
        double traced = model.captureSeconds();
        if (model.basis() == TimeModel.Basis.APPLICATION && traced > 0 && f.severity() != Severity.INFO
                && f.impact().seconds() < MATERIAL_OF_TRACED_PCT / 100 * traced) {
            // the application itself may be I/O bound: then its wait went to other causes, not to this one
            boolean bound = model.waitSeconds() >= MATERIAL_OF_TRACED_PCT / 100 * traced;
            String why = String.format(Locale.ROOT, "not material: it cost the application %s of the %s it was "
                            + "traced for (%.2g %%), and the application waited %s for I/O in all: %s",
                    dev.ioverdict.model.Figures.duration(f.impact().seconds()),
                    dev.ioverdict.model.Figures.duration(traced), 100 * f.impact().seconds() / traced,
                    dev.ioverdict.model.Figures.duration(model.waitSeconds()),
                    bound ? "almost all of it elsewhere" : "it is not I/O bound in this capture");
            return demoted(f, Severity.INFO, why);
        }
        if (model.basis() == TimeModel.Basis.DEVICE && share != null && share < MATERIAL_OF_TRACED_PCT
                && f.severity() != Severity.INFO) {
            // with no application trace the unit is the devices' own time: a cause holding a trifle of it costs none
            return demoted(f, Severity.INFO, String.format(Locale.ROOT, "not material: it holds %.2g %% of %s",
                    share, f.impact().of()));
        }
        if (share == null || share >= MATERIAL_PCT || f.severity() != Severity.CRITICAL) {
            return f;
        }
        return demoted(f, Severity.WARNING, String.format(Locale.ROOT, "not critical: it holds %.1f %% of %s, less "
                + "than the %.0f %% that makes a cause material", share, f.impact().of(), MATERIAL_PCT));
    }

    /** The finding at {@code severity}, its summary ending with why. */
    private static Finding demoted(Finding f, Severity severity, String why) {
        return new Finding(f.rule(), severity, f.confidence(), f.confidenceReasons(), f.assumptions(), f.subject(),
                f.title(), f.summary() + " " + capitalised(why) + ".", f.recommendation(), f.measurements(),
                f.evidence(), f.impact(), f.sources(), f.symptoms());
    }

    private static String capitalised(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
