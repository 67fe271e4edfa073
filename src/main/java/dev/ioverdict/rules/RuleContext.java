package dev.ioverdict.rules;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.analysis.iostat.DeviceSeries;
import dev.ioverdict.model.Assumption;
import dev.ioverdict.model.Confidence;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Impact;
import dev.ioverdict.model.Measurement;
import dev.ioverdict.model.Metric;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.Subject;
import dev.ioverdict.model.Unit;
import dev.ioverdict.model.syscall.AioProcess;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/** A rule's view of the case: its resolved inputs and configured thresholds; collects its findings. */
public final class RuleContext {
    private final RuleInfo info;
    private final CaseData data;
    private final RuleConfig config;
    private final Map<Input<?>, Optional<?>> inputs;
    private final List<Finding> findings = new ArrayList<>();

    RuleContext(RuleInfo info, CaseData data, RuleConfig config, Map<Input<?>, Optional<?>> inputs) {
        this.info = info;
        this.data = data;
        this.config = config;
        this.inputs = inputs;
    }

    /** A required input, already resolved by the engine. */
    public <T> T input(Input<T> input) {
        if (!info.requires().contains(input)) {
            throw new IllegalArgumentException(info.id() + " does not declare '" + input.id() + "' as required");
        }
        @SuppressWarnings("unchecked")
        T value = (T) inputs.get(input).orElseThrow();
        return value;
    }

    /** An input the rule may do without: one of its alternatives or an optional one. */
    public <T> Optional<T> optional(Input<T> input) {
        if (!info.optional().contains(input) && !info.anyOf().contains(input)) {
            throw new IllegalArgumentException(info.id() + " does not declare '" + input.id() + "' as optional");
        }
        @SuppressWarnings("unchecked")
        Optional<T> value = (Optional<T>) inputs.get(input);
        return value;
    }

    /** The whole case, for what no input describes yet (identifiers of the bundle's files). */
    public CaseData data() {
        return data;
    }

    /** The configured value of a threshold the rule declared, else its default, in the threshold's unit. */
    public double value(Threshold t) {
        if (!info.thresholds().contains(t)) {
            throw new IllegalArgumentException(info.id() + " does not declare threshold '" + t.key() + "'");
        }
        return config.value(info.id(), t.key()).orElse(t.defaultValue());
    }

    /** A milliseconds threshold in seconds, the unit every duration of the model is in. */
    public double seconds(Threshold t) {
        if (t.kind() != Threshold.Kind.MILLISECONDS) {
            throw new IllegalArgumentException(t.key() + " is not a duration");
        }
        return value(t) / 1000;
    }

    /** Starts a finding of this rule at its catalogue severity and high confidence. */
    public FindingBuilder finding(Subject subject, String title) {
        return new FindingBuilder(subject, title, info.severity());
    }

    List<Finding> findings() {
        return findings;
    }

    public final class FindingBuilder {
        private final Subject subject;
        private final String title;
        private Severity severity;
        private Confidence confidence = Confidence.HIGH;
        private final List<String> reasons = new ArrayList<>();
        private final List<Assumption> assumptions = new ArrayList<>();
        private String summary = "";
        private String recommendation = "";
        private final List<Measurement> measurements = new ArrayList<>();
        private final List<Evidence> evidence = new ArrayList<>();
        private final List<String> sources = new ArrayList<>();
        private Impact impact = Impact.NONE;

        private FindingBuilder(Subject subject, String title, Severity severity) {
            this.subject = subject;
            this.title = title;
            this.severity = severity;
        }

        public FindingBuilder severity(Severity s) {
            this.severity = s;
            return this;
        }

        /** Lowers confidence to at most {@code c}, saying why (an assumption, few samples, a doubtful source). */
        public FindingBuilder doubt(Confidence c, String reason) {
            this.confidence = confidence.atMost(c);
            reasons.add(reason);
            return this;
        }

        /** Rests on what the bundle does not hold: medium confidence at most, and the command that settles it. */
        public FindingBuilder assume(String what, String toConfirm) {
            this.confidence = confidence.atMost(Confidence.MEDIUM);
            assumptions.add(new Assumption(what, toConfirm));
            reasons.add("assumes " + what);
            return this;
        }

        /** Why the confidence is what it is, when nothing lowered it (e.g. "two layers agree"). */
        public FindingBuilder because(String reason) {
            reasons.add(reason);
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

        /** The kind of data that shows it: a block trace, a btt report, iostat, the syscalls... */
        public FindingBuilder source(EvidenceKind kind) {
            if (!sources.contains(kind.label())) {
                sources.add(kind.label());
            }
            return this;
        }

        /** A finding drawn from one device's iostat reports: iostat, the device and the file it was read from. */
        public FindingBuilder iostat(DeviceSeries series) {
            return source(EvidenceKind.IOSTAT).text(SubjectMetrics.DEVICE, series.device())
                    .text(SubjectMetrics.INPUT, series.source());
        }

        /** A finding on one process's AIO timing: the syscalls, its pid and the tracer that timed it. */
        public FindingBuilder aio(AioProcess process) {
            return source(EvidenceKind.SYSCALLS).text(SubjectMetrics.PID, process.pid())
                    .text(SubjectMetrics.SOURCE, process.source());
        }

        /**
         * The figure the rule declared as {@code m} (a constant on the rule, so that the diagnosis and
         * the report read it through the same constant); a missing or non-finite number is left out
         * rather than shown as nothing.
         */
        public FindingBuilder figure(Metric m, Double value) {
            if (value != null && Double.isFinite(value)) {
                measurements.add(m.of(value));
            }
            return this;
        }

        /** A count or size the rule declared as {@code m}. */
        public FindingBuilder figure(Metric m, double value) {
            return figure(m, Double.valueOf(value));
        }

        /** The figure the rule declared as {@code m}, as text (an identifier, a name, a time); left out when null. */
        public FindingBuilder text(Metric m, Object text) {
            if (text != null) {
                measurements.add(m.of(text.toString()));
            }
            return this;
        }

        /**
         * The configured value of a threshold the finding was judged against, as a figure of its own
         * ({@code limit...} keys): the reader sees the line that was crossed, and the finding's chart draws it.
         * Its unit is the threshold's (seconds for milliseconds).
         */
        public FindingBuilder limit(Metric m, Threshold t) {
            if (!m.key().startsWith("limit")) {
                throw new IllegalArgumentException(m.key() + ": a limit's key starts with 'limit'");
            }
            double v = value(t);
            return switch (t.kind()) {
                case MILLISECONDS -> figure(new Metric(m.key(), m.label(), Unit.SECONDS), v / 1000);
                case PERCENT -> figure(new Metric(m.key(), m.label(), Unit.PERCENT), v);
                case FACTOR -> figure(new Metric(m.key(), m.label(), Unit.FACTOR), v);
                default -> figure(new Metric(m.key(), m.label(), Unit.COUNT), v);
            };
        }

        /** A group of figures and evidence a helper writes the same way for several rules. */
        public FindingBuilder with(Consumer<FindingBuilder> part) {
            part.accept(this);
            return this;
        }

        public FindingBuilder evidence(Evidence e) {
            if (e != null) {
                evidence.add(e);
            }
            return this;
        }

        public FindingBuilder evidence(List<Evidence> es) {
            es.forEach(this::evidence);
            return this;
        }

        public FindingBuilder impact(Impact i) {
            this.impact = i;
            return this;
        }

        public void report() {
            // each captured line once, in the order the rule gave them: several views often quote one line
            Map<String, Evidence> distinct = new LinkedHashMap<>();
            evidence.forEach(e -> distinct.putIfAbsent(e.location(), e));
            findings.add(new Finding(info.id(), severity, confidence, reasons, assumptions, subject, title, summary,
                    recommendation,
                    measurements, List.copyOf(distinct.values()), impact, sources, List.of()));
        }
    }
}
