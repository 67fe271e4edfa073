package dev.ioverdict.model;

import java.util.Comparator;
import java.util.List;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a rule concluded. {@code weight} is how much of the observed delay the finding explains
 * (seconds, or a rule-specific magnitude); it orders findings of the same severity.
 */
public record Finding(String rule, Severity severity, Confidence confidence, String title, String summary,
                      String recommendation, Map<String, Object> metrics, List<Evidence> evidence,
                      double weight) {

    public enum Confidence { HIGH, MEDIUM, LOW }

    public static final Comparator<Finding> ORDER = Comparator.comparing(Finding::severity)
            .thenComparing(Comparator.comparingDouble(Finding::weight).reversed())
            .thenComparing(Finding::rule)
            .thenComparing(Finding::fingerprint);

    public Finding {
        metrics = Collections.unmodifiableMap(new TreeMap<>(metrics)); // sorted: stable JSON
        evidence = List.copyOf(evidence);
    }

    /** Rule plus main evidence location: stable across runs, so two reports can be diffed. */
    public String fingerprint() {
        return evidence.isEmpty() ? rule : rule + "@" + evidence.get(0).location();
    }
}
