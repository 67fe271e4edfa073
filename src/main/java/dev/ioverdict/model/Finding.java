package dev.ioverdict.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a rule concluded about one subject: how bad ({@code severity}) and how sure
 * ({@code confidence}, with the reasons that lowered it), what it costs ({@code impact}), the
 * figures it rests on ({@code measurements}), the captured lines that prove it ({@code evidence}),
 * and, once the diagnosis stage has run, the findings it explains ({@code symptoms}) and the kinds
 * of data that showed it ({@code sources}).
 */
@JsonPropertyOrder({"rule", "severity", "confidence", "confidenceReasons", "assumptions", "subject", "title", "summary",
    "recommendation", "impact", "weight", "metrics", "measurements", "evidence", "sources", "symptoms"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Finding(String rule, Severity severity, Confidence confidence,
                      @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> confidenceReasons,
                      @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Assumption> assumptions,
                      Subject subject, String title, String summary, String recommendation,
                      List<Measurement> measurements, List<Evidence> evidence, Impact impact,
                      @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> sources,
                      @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Finding> symptoms) {

    /** Most severe first, then what explains the most time, then a stable tie-break. */
    public static final Comparator<Finding> ORDER = Comparator.comparing(Finding::severity)
            .thenComparing(Comparator.comparingDouble(Finding::weight).reversed())
            .thenComparing(Finding::rule)
            .thenComparing(Finding::fingerprint);

    public Finding {
        confidenceReasons = List.copyOf(confidenceReasons);
        assumptions = List.copyOf(assumptions);
        if (severity == Severity.CRITICAL && !assumptions.isEmpty()) {
            // a finding that rests on an assumption is never critical with high confidence
            confidence = confidence.atMost(Confidence.MEDIUM);
        }
        measurements = List.copyOf(measurements);
        evidence = List.copyOf(evidence);
        sources = List.copyOf(sources);
        symptoms = symptoms.stream().sorted(ORDER).toList();
        impact = impact == null ? Impact.NONE : impact;
    }

    /** Seconds of I/O time the finding explains: what orders findings of one severity. */
    @JsonProperty("weight")
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public double weight() {
        return impact.seconds();
    }

    /** Every measurement as key -> base-unit number or text (report.json's original shape). */
    @JsonProperty("metrics")
    public Map<String, Object> metrics() {
        Map<String, Object> m = new LinkedHashMap<>();
        measurements.forEach(x -> m.put(x.key(), x.raw()));
        return Collections.unmodifiableMap(m);
    }

    public Optional<Measurement> measurement(String key) {
        return measurements.stream().filter(m -> m.key().equals(key)).findFirst();
    }

    /** The figure a rule declared as {@code m}, when this finding carries it. */
    public Optional<Measurement> measurement(Metric m) {
        return measurement(m.key());
    }

    public boolean has(Metric m) {
        return measurement(m.key()).isPresent();
    }

    /** Rule, subject and main evidence location: stable across runs, so two reports can be diffed. */
    @JsonIgnore
    public String fingerprint() {
        String at = evidence.isEmpty() ? "" : "@" + evidence.get(0).location();
        return rule + (subject == null ? "" : "/" + subject.key()) + at;
    }

    public Finding withSymptoms(List<Finding> more) {
        return new Finding(rule, severity, confidence, confidenceReasons, assumptions, subject, title, summary,
                recommendation, measurements, evidence, impact, sources, more);
    }

    public Finding withTitle(String other) {
        return new Finding(rule, severity, confidence, confidenceReasons, assumptions, subject, other, summary,
                recommendation, measurements, evidence, impact, sources, symptoms);
    }

    public Finding withSummary(String other) {
        return new Finding(rule, severity, confidence, confidenceReasons, assumptions, subject, title, other,
                recommendation, measurements, evidence, impact, sources, symptoms);
    }

    public Finding withConfidenceReasons(List<String> reasons) {
        return new Finding(rule, severity, confidence, reasons, assumptions, subject, title, summary,
                recommendation, measurements, evidence, impact, sources, symptoms);
    }

    public Finding withImpact(Impact other) {
        return new Finding(rule, severity, confidence, confidenceReasons, assumptions, subject, title, summary,
                recommendation, measurements, evidence, other, sources, symptoms);
    }

    /** Whether the finding says something about {@code key} in its measurements. */
    public Optional<String> text(String key) {
        return measurement(key).map(m -> m.text() != null ? m.text() : String.valueOf(m.value()));
    }

    /** The figure declared as {@code m}, as text. */
    public Optional<String> text(Metric m) {
        return text(m.key());
    }
}
