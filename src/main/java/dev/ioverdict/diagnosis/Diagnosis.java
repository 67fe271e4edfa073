package dev.ioverdict.diagnosis;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.analysis.consistency.ConsistencyNotes;
import dev.ioverdict.model.ConsistencyNote;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Impact;
import dev.ioverdict.rules.RuleOutcome;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The stage between the rules and the report: the rules' findings become causes with their
 * symptoms. Findings about the same subject and cause merge into one carrying every source's
 * evidence; a finding another one explains moves under it; and every cause is weighed in the same
 * unit, the application's I/O time it explains, so that causes of different layers can be ranked.
 */
public final class Diagnosis {
    /** Causes the application waits for in io_getevents, and the share of Q2C that says how much. */
    private static final Map<String, String> COMPLETION_SIDE = Map.of(
            "device-latency", "d2cSharePct",
            "scheduler-latency", "i2dSharePct",
            "request-starvation", "q2gG2iSharePct",
            "disk-saturation", "",
            "queue-wait", "");
    private static final Set<String> SUBMISSION_SIDE = Set.of("unaligned-dio-xfs", "sync-io-submit");

    private Diagnosis() {
    }

    public static Diagnosed diagnose(RuleOutcome outcome, CaseData data) {
        List<ConsistencyNote> notes = new ArrayList<>(data.results().get(ConsistencyNotes.class)
                .map(ConsistencyNotes::notes).orElse(List.of()));
        List<Finding> causes = Reinterpretation.apply(withSymptoms(Merge.all(outcome.findings())), notes);
        causes = StackedDevices.fold(causes, data);
        ApplicationTime app = ApplicationTime.of(data);
        if (app.known()) {
            causes = causes.stream().map(f -> weighed(f, app)).toList();
        }
        causes = causes.stream().map(f -> explained(f).withSymptoms(f.symptoms().stream().map(Diagnosis::explained)
                .toList())).toList();
        return new Diagnosed(causes, outcome.notEvaluated(), outcome.failures(), notes);
    }

    /** Each finding another one explains goes under the cause at the root of its chain. */
    static List<Finding> withSymptoms(List<Finding> findings) {
        Map<Finding, Finding> causeOf = new LinkedHashMap<>();
        for (Finding s : findings) {
            findings.stream().filter(c -> c != s)
                    .filter(c -> Relations.ALL.stream().anyMatch(r -> r.holds(c, s)))
                    .max(Comparator.comparingDouble(Finding::weight).thenComparing(Finding::fingerprint))
                    .ifPresent(c -> causeOf.put(s, c));
        }
        Map<Finding, List<Finding>> symptoms = new LinkedHashMap<>();
        for (Finding s : causeOf.keySet()) {
            Finding root = causeOf.get(s);
            for (int hops = 0; causeOf.containsKey(root) && hops < findings.size(); hops++) {
                root = causeOf.get(root);
            }
            symptoms.computeIfAbsent(root, k -> new ArrayList<>()).add(s);
        }
        List<Finding> causes = new ArrayList<>();
        for (Finding f : findings) {
            if (!causeOf.containsKey(f)) {
                List<Finding> own = new ArrayList<>(f.symptoms());
                symptoms.getOrDefault(f, List.of()).forEach(s -> {
                    own.add(s.withSymptoms(List.of()));
                    own.addAll(s.symptoms());
                });
                causes.add(own.isEmpty() ? f : f.withSymptoms(own));
            }
        }
        return causes;
    }

    /**
     * The cause's cost in the application's own time: submission-side causes already are; a cause
     * that concerns one class of I/O (reads starved behind writes) is weighed in that class's time.
     * For the others: the share of the application's AIO time its sleep stacks show waiting for its
     * own I/O (else its io_getevents time), times the share of Q2C the cause holds (all of it when
     * no block figures tell), stated as an estimate.
     */
    private static Finding weighed(Finding f, ApplicationTime app) {
        if (SUBMISSION_SIDE.contains(f.rule()) || !COMPLETION_SIDE.containsKey(f.rule())
                || f.measurement("starvedClass").isPresent()) {
            return f;
        }
        String shareKey = COMPLETION_SIDE.get(f.rule());
        Double share = shareKey.isEmpty() ? null : f.measurement(shareKey).map(m -> m.value()).orElse(null);
        double fraction = share == null ? 1 : Math.max(0, Math.min(100, share)) / 100;
        boolean stacks = app.sleeps().ownIo() > 0;
        double waiting = stacks ? app.sleeps().ownIoShare() * app.total() : app.geteventsSeconds();
        String base = stacks ? "the application's AIO time x the share of its sleep in io_submit and io_getevents "
                + "spent waiting for its own I/O (sleep stacks)" : "the application's io_getevents time";
        String method = share == null ? base + ", all of it waiting for completions" : base + " x this cause's share of Q2C";
        Impact weighed = new Impact(waiting * fraction, null, null, false, method)
                .of(app.total(), "the application's asynchronous I/O time (io_submit + io_getevents)");
        return f.withImpact(weighed);
    }

    /** A cause whose rule gave no reason for its confidence says what it rests on: its kinds of data. */
    private static Finding explained(Finding f) {
        if (!f.confidenceReasons().isEmpty()) {
            return f;
        }
        String kinds = f.sources().isEmpty() ? "the capture" : "the " + String.join(" and the ", f.sources());
        String reason = "measured directly in " + kinds
                + (f.symptoms().isEmpty() ? "" : "; the application's own waits agree ("
                + String.join(", ", f.symptoms().stream().map(Finding::rule).distinct().toList()) + ")");
        return f.withConfidenceReasons(List.of(reason));
    }
}
