package dev.ioverdict.report.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * The report's front page: one headline sentence, the causes ranked with severity, confidence and
 * impact, up to three actions with what each is expected to give back, and the case facts a
 * reader needs to trust the rest (host, kernel, capture window, inputs, tools, when and by what it
 * was generated).
 */
@JsonPropertyOrder({"headline", "causes", "actions", "use", "checked", "healthy", "facts"})
public record Summary(String headline, List<Cause> causes, List<Action> actions, List<UseRow> use,
                      List<String> checked, List<Healthy> healthy, Facts facts) {
    public Summary {
        causes = List.copyOf(causes);
        actions = List.copyOf(actions);
        use = List.copyOf(use);
        checked = List.copyOf(checked);
        // a report.json written before healthy verdicts had reasons reads back without them
        healthy = healthy == null ? List.of() : List.copyOf(healthy);
    }

    public Summary(String headline, List<Cause> causes, List<Action> actions, List<UseRow> use, List<String> checked,
                   Facts facts) {
        this(headline, causes, actions, use, checked, List.of(), facts);
    }

    /**
     * A rule that ran and found nothing, and why: {@code reason} gives the figures that keep it
     * quiet ("%util up to 100 % with 16 requests in flight and await avg 1.4 ms: the device serves in
     * parallel"), {@code confidence} (high, medium, low) how far they vouch for it.
     */
    @JsonPropertyOrder({"rule", "title", "reason", "confidence"})
    public record Healthy(String rule, String title, String reason, String confidence) {
    }

    /**
     * The USE method for one device: utilization, saturation, errors, and the latency the device adds;
     * {@code label} how the bundle names the device ("dm-3 (mpatha, /u01, ...)"), absent when it knows nothing more.
     */
    @JsonPropertyOrder({"device", "label", "utilization", "saturation", "errors", "latency"})
    public record UseRow(String device, @JsonInclude(JsonInclude.Include.NON_NULL) String label, UseCell utilization,
                         UseCell saturation, UseCell errors, UseCell latency) {
    }

    /**
     * {@code status}: ok, problem, note (a finding for information only), holds the wait (a healthy device
     * the application is bound by) or not measured; {@code figure} what was read; {@code anchor} the finding.
     */
    @JsonPropertyOrder({"status", "figure", "anchor", "rule"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record UseCell(String status, String figure, String anchor, String rule) {
    }

    /** One cause as the front page lists it; {@code anchor} is its place in the findings. */
    @JsonPropertyOrder({"rank", "anchor", "rule", "severity", "confidence", "title", "impact"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Cause(int rank, String anchor, String rule, String severity, String confidence, String title,
                        String impact) {
    }

    /** What to do first, and what it should give back (the impact of the cause it addresses). */
    @JsonPropertyOrder({"rule", "text", "effect"})
    public record Action(String rule, String text, String effect) {
    }

    /**
     * The case's facts. {@code window}: the capture's span in UTC from the inputs stamped with
     * wall-clock times, null when none is; {@code spans}: each timed input's own span, in its own
     * clock; {@code tools}: the tools whose output the bundle holds.
     */
    @JsonPropertyOrder({"caseId", "hostname", "kernel", "os", "window", "spans", "tools", "generated", "version"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Facts(String caseId, String hostname, String kernel, String os, String window, List<Span> spans,
                        List<String> tools, String generated, String version) {
    }

    /**
     * One input's time span: ISO 8601 UTC for wall-clock stamps, seconds of the trace's own clock
     * otherwise; {@code clock} what its times count, {@code zone} its time zone as detected or assumed.
     */
    @JsonPropertyOrder({"input", "format", "from", "to", "clock", "zone"})
    public record Span(String input, String format, String from, String to, String clock, String zone) {
    }
}
