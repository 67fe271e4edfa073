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
        ApplicationTime app = ApplicationTime.of(data);
        if (app.known()) {
            causes = causes.stream().map(f -> weighed(f, app)).toList();
        }
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
     * The cause's cost in the application's own time: submission-side causes already are; for
     * completion-side ones, the application's io_getevents time times the share of Q2C the cause
     * holds (all of it when no block figures tell), stated as an estimate.
     */
    private static Finding weighed(Finding f, ApplicationTime app) {
        if (SUBMISSION_SIDE.contains(f.rule()) || !COMPLETION_SIDE.containsKey(f.rule())) {
            return f;
        }
        String shareKey = COMPLETION_SIDE.get(f.rule());
        Double share = shareKey.isEmpty() ? null : f.measurement(shareKey).map(m -> m.value()).orElse(null);
        double fraction = share == null ? 1 : Math.max(0, Math.min(100, share)) / 100;
        String method = share == null ? "the application's io_getevents time, all of it waiting for completions"
                : "the application's io_getevents time x this cause's share of Q2C";
        Impact weighed = new Impact(app.geteventsSeconds() * fraction, null, null, false, method)
                .of(app.total(), "the application's asynchronous I/O time (io_submit + io_getevents)");
        return f.withImpact(weighed);
    }
}
