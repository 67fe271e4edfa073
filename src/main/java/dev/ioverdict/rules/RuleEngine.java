package dev.ioverdict.rules;

import dev.ioverdict.model.Platform;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.model.Finding;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Runs every enabled rule whose required inputs are present, with those inputs resolved; lists the
 * others with what they would need. A rule that throws costs its own findings, never the report:
 * it is recorded as a {@link RuleFailure}. Under {@code -Dioverdict.rules.strict=true} (the test
 * suite sets it) a failure is thrown instead, so no test can pass over a broken rule.
 */
public final class RuleEngine {
    public static final String STRICT_PROPERTY = "ioverdict.rules.strict";

    private final List<Rule> rules;
    private final RuleConfig config;
    private final boolean strict;

    public RuleEngine(List<Rule> rules, RuleConfig config) {
        this(rules, config, Boolean.getBoolean(STRICT_PROPERTY));
    }

    public RuleEngine(List<Rule> rules, RuleConfig config, boolean strict) {
        this.rules = List.copyOf(rules);
        this.config = config;
        this.strict = strict;
    }

    public RuleOutcome evaluate(CaseData data) {
        List<Finding> findings = new ArrayList<>();
        List<NotEvaluated> notEvaluated = new ArrayList<>();
        List<RuleFailure> failures = new ArrayList<>();
        Map<Input<?>, Optional<?>> resolved = new HashMap<>();
        Optional<Platform> platform = CasePlatform.of(data);
        for (Rule rule : rules) {
            RuleInfo info = rule.info();
            if (!config.enabled(info.id())) {
                continue;
            }
            try {
                List<Input<?>> missing = new ArrayList<>();
                for (Input<?> in : info.requires()) {
                    if (resolve(in, data, resolved).isEmpty()) {
                        missing.add(in);
                    }
                }
                String joiner = " and ";
                info.anyOf().forEach(in -> resolve(in, data, resolved));
                if (missing.isEmpty() && !info.anyOf().isEmpty()
                        && info.anyOf().stream().allMatch(in -> resolved.get(in).isEmpty())) {
                    List<Input<?>> collected = info.anyOf().stream().filter(Input::collectable).toList();
                    missing = collected.isEmpty() ? info.anyOf() : collected;
                    joiner = " or ";
                }
                List<Input<?>> lacking = missing;
                var foreign = platform.filter(p -> !lacking.isEmpty() && lacking.stream().noneMatch(in -> in.appliesTo(p)));
                if (foreign.isPresent()) {
                    notEvaluated.add(new NotEvaluated(info.id(), info.title(), "does not apply to a "
                            + foreign.get().label() + " capture", List.of(), false));
                    continue;
                }
                if (!missing.isEmpty()) {
                    notEvaluated.add(new NotEvaluated(info.id(), info.title(),
                            "no " + String.join(joiner, missing.stream().map(Input::description).toList()),
                            missing.stream().map(Input::howToCollect).toList()));
                    continue;
                }
                info.optional().forEach(in -> resolve(in, data, resolved));
                RuleContext ctx = new RuleContext(info, data, config, resolved);
                rule.evaluate(ctx);
                findings.addAll(ctx.findings());
            } catch (RuntimeException | StackOverflowError e) {
                if (strict) {
                    throw new IllegalStateException("rule " + info.id() + " failed", e);
                }
                failures.add(new RuleFailure(info.id(), e.getClass().getSimpleName()
                        + (e.getMessage() == null ? "" : ": " + e.getMessage()), e));
            }
        }
        return new RuleOutcome(findings, notEvaluated, failures);
    }

    /** Each input is resolved once per case, however many rules read it. */
    private static Optional<?> resolve(Input<?> in, CaseData data, Map<Input<?>, Optional<?>> resolved) {
        Optional<?> v = resolved.get(in);
        if (v == null) {
            v = in.resolve(data);
            resolved.put(in, v);
        }
        return v;
    }
}
