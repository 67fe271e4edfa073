package dev.ioverdict.rules;

import dev.ioverdict.model.Finding;
import java.util.List;

/** Findings in report order, plus the rules that could not be evaluated or failed. */
public record RuleOutcome(List<Finding> findings, List<NotEvaluated> notEvaluated, List<RuleFailure> failures) {
    public RuleOutcome {
        findings = findings.stream().sorted(Finding.ORDER).toList();
        notEvaluated = List.copyOf(notEvaluated);
        failures = List.copyOf(failures);
    }
}
