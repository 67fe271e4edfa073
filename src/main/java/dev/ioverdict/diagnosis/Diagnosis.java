package dev.ioverdict.diagnosis;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.analysis.config.DeviceStacks;
import dev.ioverdict.analysis.config.StorageConfig;
import dev.ioverdict.model.timemodel.TimeModel;
import dev.ioverdict.analysis.consistency.ConsistencyNotes;
import dev.ioverdict.model.ConsistencyNote;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Impact;
import dev.ioverdict.model.iostat.Periods;
import dev.ioverdict.rules.RuleCatalogue;
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
    private Diagnosis() {
    }

    public static Diagnosed diagnose(RuleOutcome outcome, CaseData data) {
        List<ConsistencyNote> notes = new ArrayList<>(data.results().get(ConsistencyNotes.class)
                .map(ConsistencyNotes::notes).orElse(List.of()));
        List<Finding> causes = Reinterpretation.apply(withSymptoms(FindingCap.apply(Merge.all(outcome.findings()), notes)), notes);
        causes = StackedDevices.fold(causes, data);
        TimeModel model = data.results().get(TimeModel.class).orElse(null);
        if (model != null) {
            ModelImpact impact = new ModelImpact(model, data.results().get(StorageConfig.class).orElse(null),
                    data.results().get(DeviceStacks.class).orElse(null), causes);
            causes = causes.stream().map(f -> impact.weighed(f).withSymptoms(f.symptoms().stream()
                    .map(impact::weighed).toList())).toList();
        }
        causes = PeriodTitles.named(causes, data.results().get(Periods.class).orElse(null));
        causes = causes.stream().map(f -> explained(f).withSymptoms(f.symptoms().stream().map(Diagnosis::explained)
                .toList())).toList();
        return new Diagnosed(causes, outcome.notEvaluated(), outcome.failures(), notes);
    }

    /**
     * Each finding another one explains (as the explaining rule declares, {@link dev.ioverdict.rules.Meaning#explains})
     * goes under the cause at the root of its chain.
     */
    static List<Finding> withSymptoms(List<Finding> findings) {
        Map<Finding, Finding> causeOf = new LinkedHashMap<>();
        for (Finding s : findings) {
            findings.stream().filter(c -> c != s)
                    .filter(c -> RuleCatalogue.meaning(c.rule()).explains(c, s))
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

    /** A cause whose rule gave no reason for its confidence says what it rests on: its kinds of data. */
    private static Finding explained(Finding f) {
        if (!f.confidenceReasons().isEmpty()) {
            return f;
        }
        String kinds = f.sources().isEmpty() ? "the capture" : "the " + String.join(" and the ", f.sources());
        String reason = "its figures measured directly in " + kinds
                + (f.symptoms().isEmpty() ? "" : "; the symptoms it explains agree ("
                + String.join(", ", f.symptoms().stream().map(Finding::rule).distinct().toList()) + ")");
        return f.withConfidenceReasons(List.of(reason));
    }
}
