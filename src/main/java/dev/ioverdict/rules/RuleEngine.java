package dev.ioverdict.rules;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.model.Finding;
import java.util.ArrayList;
import java.util.List;

/** Runs every enabled rule whose inputs are present; lists the others with what they would need. */
public final class RuleEngine {
    private final List<Rule> rules;
    private final RuleConfig config;

    public RuleEngine(List<Rule> rules, RuleConfig config) {
        this.rules = List.copyOf(rules);
        this.config = config;
    }

    public RuleOutcome evaluate(CaseData data) {
        List<Finding> findings = new ArrayList<>();
        List<NotEvaluated> notEvaluated = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        for (Rule rule : rules) {
            RuleInfo info = rule.info();
            if (!config.enabled(info.id())) {
                continue;
            }
            List<Requirement> missing = info.requires().stream().filter(r -> !r.present().test(data)).toList();
            if (missing.isEmpty() && !info.anyOf().isEmpty()
                    && info.anyOf().stream().noneMatch(r -> r.present().test(data))) {
                missing = info.anyOf();
            }
            if (!missing.isEmpty()) {
                String what = String.join(info.anyOf().equals(missing) ? " or " : " and ",
                        missing.stream().map(Requirement::description).toList());
                notEvaluated.add(new NotEvaluated(info.id(), info.title(), "no " + what,
                        missing.stream().map(Requirement::howToCollect).toList()));
                continue;
            }
            RuleContext ctx = new RuleContext(info, data, config);
            try {
                rule.evaluate(ctx);
                findings.addAll(ctx.findings());
            } catch (RuntimeException e) {
                // One broken rule must not cost the customer the rest of the report.
                failures.add(info.id() + ": " + e);
            }
        }
        return new RuleOutcome(findings, notEvaluated, failures);
    }
}
