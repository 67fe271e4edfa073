package dev.ioverdict.rules;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.ioverdict.model.Severity;
import java.util.List;

/**
 * What a rule is, for the engine, {@code ioverdict rules}, the report appendix and docs/rules/: its
 * id, title, catalogue severity, one-paragraph description, the inputs it requires (all present, or
 * it is not evaluated), the inputs of which it needs at least one (a diagnosis that several kinds
 * of data can show), the inputs it uses when present, and its thresholds. The long explanation is the side-car
 * {@code <id>.md} resource beside the rule class ({@link RuleDocs}).
 */
public record RuleInfo(String id, String title, Severity severity, String description,
                       @JsonIgnore List<Input<?>> requires, @JsonIgnore List<Input<?>> anyOf,
                       @JsonIgnore List<Input<?>> optional, List<Threshold> thresholds) {

    /** A rule with no alternative inputs. */
    public RuleInfo(String id, String title, Severity severity, String description, List<Input<?>> requires,
                    List<Input<?>> optional, List<Threshold> thresholds) {
        this(id, title, severity, description, requires, List.of(), optional, thresholds);
    }

    public RuleInfo {
        if (!id.matches("[a-z][a-z0-9]*(-[a-z0-9]+)*")) {
            throw new IllegalArgumentException("rule id '" + id + "' must be kebab-case");
        }
        requires = List.copyOf(requires);
        anyOf = List.copyOf(anyOf);
        optional = List.copyOf(optional);
        thresholds = List.copyOf(thresholds);
        if (thresholds.stream().map(Threshold::key).distinct().count() != thresholds.size()) {
            throw new IllegalArgumentException(id + ": two thresholds share a key");
        }
    }

    /** What the rule needs, for report.json and 'ioverdict rules --json': ids and how to collect them. */
    @JsonProperty("requires")
    public List<String> requiredIds() {
        return requires.stream().map(Input::id).toList();
    }

    @JsonProperty("anyOf")
    public List<String> anyOfIds() {
        return anyOf.stream().map(Input::id).toList();
    }

    @JsonProperty("optional")
    public List<String> optionalIds() {
        return optional.stream().map(Input::id).toList();
    }

    /** docs/rules/ID.md, relative to the repository root. */
    public String docPath() {
        return "docs/rules/" + id + ".md";
    }
}
