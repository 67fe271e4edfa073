package dev.ioverdict.compare;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.ioverdict.model.AppliedWindow;
import dev.ioverdict.report.model.Redacted;
import java.util.List;

/** compare.json ({@code ioverdict.compare/1}); compare.html and compare.pdf render the same model. */
@JsonPropertyOrder({"schema", "tool", "redaction", "before", "after", "verdict", "outcome", "regressions", "policy", "matching",
    "devices", "findings", "metrics"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Comparison(String schema, Tool tool, Redacted redaction, SideInfo before, SideInfo after, String verdict, String outcome,
                         List<String> regressions, Policy policy, List<String> matching, List<MatchedDevice> devices,
                         FindingChange.Diff findings,
                         List<Metric> metrics) {
    public static final String SCHEMA = "ioverdict.compare/1";

    /** The comparison with what --redact replaced in it ({@code redaction}, after {@code tool}, as report.json has it). */
    public Comparison withRedaction(Redacted replaced) {
        return new Comparison(schema, tool, replaced, before, after, verdict, outcome, regressions, policy, matching,
                devices, findings, metrics);
    }

    public record Tool(String name, String version) {
    }

    /**
     * One side: its label, case id, what was given ({@code source}, {@code kind}: bundle or
     * report.json), its window ({@code from}/{@code to} seconds since each input's start, null
     * for the whole capture) and how each input's clock was read; {@code seconds}: the period's
     * length, what every rate of this side is per second of (null when no input states it);
     * {@code name}: the bundle's own name, which the pages show instead of the path as typed.
     */
    @JsonPropertyOrder({"label", "id", "source", "kind", "window", "seconds", "name"})
    public record SideInfo(String label, String id, String source, String kind, Window window, Double seconds,
                           String name) {
        /** "25.0 s", "3.5 min": the period's length as the pages say it, or "length not stated". */
        public String length() {
            if (seconds == null) {
                return "length not stated";
            }
            return seconds >= 120 ? Values.show(seconds / 60, "min") : Values.show(seconds, "s");
        }
    }

    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record Window(Double from, Double to, String label, List<AppliedWindow.Input> inputs) {
    }

    /**
     * A traced block device of the before side and its counterpart: {@code by} wwn, serial,
     * major:minor, name, dm name, mount point or only device; {@code loose} when that says nothing
     * of the disk itself or the disks' own identities disagree; {@code note} what a reader should know.
     */
    @JsonPropertyOrder({"subject", "before", "after", "by", "loose", "note"})
    public record MatchedDevice(String subject, String before, String after, String by, boolean loose, String note,
                                @JsonIgnore String beforeId, @JsonIgnore String afterId) {
    }

    /** How significance was decided, stated so that a reader can redo it. */
    public record Policy(String perIo, String averagesOnly, String regression) {
    }

    public boolean regressed() {
        return !regressions.isEmpty();
    }
}
