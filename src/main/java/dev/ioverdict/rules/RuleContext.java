package dev.ioverdict.rules;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Severity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A rule's view of the case and its configured thresholds; collects its findings. */
public final class RuleContext {
    private final RuleInfo info;
    private final CaseData data;
    private final RuleConfig config;
    private final List<Finding> findings = new ArrayList<>();

    RuleContext(RuleInfo info, CaseData data, RuleConfig config) {
        this.info = info;
        this.data = data;
        this.config = config;
    }

    public CaseData data() {
        return data;
    }

    /** The configured value of a threshold the rule declared, else its default. */
    public double threshold(String key) {
        for (Threshold t : info.thresholds()) {
            if (t.key().equals(key)) {
                return config.value(info.id(), key).orElse(t.defaultValue());
            }
        }
        throw new IllegalArgumentException(info.id() + " declares no threshold '" + key + "'");
    }

    /** Starts a finding of this rule at its catalogue severity. */
    public FindingBuilder finding(String title) {
        return new FindingBuilder(title, info.severity());
    }

    List<Finding> findings() {
        return findings;
    }

    public final class FindingBuilder {
        private final String title;
        private Severity severity;
        private Finding.Confidence confidence = Finding.Confidence.HIGH;
        private String summary = "";
        private String recommendation = "";
        private final Map<String, Object> metrics = new LinkedHashMap<>();
        private final List<Evidence> evidence = new ArrayList<>();
        private double weight;

        private FindingBuilder(String title, Severity severity) {
            this.title = title;
            this.severity = severity;
        }

        public FindingBuilder severity(Severity s) {
            this.severity = s;
            return this;
        }

        public FindingBuilder confidence(Finding.Confidence c) {
            this.confidence = c;
            return this;
        }

        public FindingBuilder summary(String s) {
            this.summary = s;
            return this;
        }

        public FindingBuilder recommendation(String r) {
            this.recommendation = r;
            return this;
        }

        public FindingBuilder metric(String key, Object value) {
            metrics.put(key, value);
            return this;
        }

        public FindingBuilder evidence(Evidence e) {
            evidence.add(e);
            return this;
        }

        public FindingBuilder evidence(List<Evidence> es) {
            evidence.addAll(es);
            return this;
        }

        public FindingBuilder weight(double w) {
            this.weight = w;
            return this;
        }

        public void report() {
            findings.add(new Finding(info.id(), severity, confidence, title, summary, recommendation,
                    metrics, evidence, weight));
        }
    }
}
