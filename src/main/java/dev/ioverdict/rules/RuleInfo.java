package dev.ioverdict.rules;

import dev.ioverdict.model.Severity;
import java.util.List;

/**
 * What a rule is, for the engine, {@code ioverdict rules}, the report appendix and docs/rules/.
 * {@code requires}: all must be present; {@code anyOf}: at least one (empty: no such condition).
 */
public record RuleInfo(String id, String title, Severity severity, String description,
                       List<Requirement> requires, List<Requirement> anyOf, List<Threshold> thresholds) {
    public RuleInfo {
        requires = List.copyOf(requires);
        anyOf = List.copyOf(anyOf);
        thresholds = List.copyOf(thresholds);
    }

    /** docs/rules/ID.md, relative to the repository root. */
    public String docPath() {
        return "docs/rules/" + id + ".md";
    }
}
