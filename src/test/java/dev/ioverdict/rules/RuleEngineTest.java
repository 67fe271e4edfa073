package dev.ioverdict.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.analysis.Results;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.Subject;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RuleEngineTest {
    private static final Input<String> PRESENT = new Input<>("present", "something", "collect it", c -> Optional.of("x"));
    private static final Input<String> ABSENT = new Input<>("absent", "an absent thing", "run 'collect'",
            c -> Optional.empty());
    private static final Threshold LIMIT = Threshold.millis("limit_ms", 20, "a limit");
    private static final Threshold UNDECLARED = Threshold.percent("other_pct", 5, "not the rule's");

    private static final CaseData EMPTY = new CaseData("test", List.of(), new Facts(), new Results());

    private static Rule rule(String id, List<Input<?>> requires, java.util.function.Consumer<RuleContext> body) {
        RuleInfo info = new RuleInfo(id, "a test rule", Severity.WARNING, "tests the engine", requires, List.of(),
                List.of(LIMIT));
        return new Rule(info, Meaning.NONE) {
            @Override
            public void evaluate(RuleContext ctx) {
                body.accept(ctx);
            }
        };
    }

    @Test
    void aRuleThatThrowsIsRecordedAndTheOthersStillRun() {
        Rule broken = rule("broken", List.of(PRESENT), ctx -> {
            throw new IllegalStateException("bad state");
        });
        Rule fine = rule("fine", List.of(PRESENT), ctx -> ctx.finding(Subject.host(), "found").report());
        RuleOutcome out = new RuleEngine(List.of(broken, fine), RuleConfig.DEFAULTS, false).evaluate(EMPTY);
        assertEquals(1, out.findings().size());
        assertEquals("broken: IllegalStateException: bad state", out.failures().get(0).toString());
    }

    @Test
    void strictEngineThrowsSoNoTestPassesOverABrokenRule() {
        Rule broken = rule("broken", List.of(), ctx -> {
            throw new IllegalStateException("bad state");
        });
        assertThrows(IllegalStateException.class,
                () -> new RuleEngine(List.of(broken), RuleConfig.DEFAULTS, true).evaluate(EMPTY));
    }

    @Test
    void missingRequiredInputMeansNotEvaluatedWithHowToCollect() {
        Rule r = rule("needs", List.of(PRESENT, ABSENT), ctx -> {
            throw new AssertionError("must not run");
        });
        RuleOutcome out = new RuleEngine(List.of(r), RuleConfig.DEFAULTS, true).evaluate(EMPTY);
        assertEquals("no an absent thing", out.notEvaluated().get(0).missing());
        assertEquals(List.of("run 'collect'"), out.notEvaluated().get(0).howToCollect());
    }

    @Test
    void aRuleLackingEveryAlternativeAsksForTheOnesCollectedNotTheReadings() {
        Input<String> reading = Input.derived("reading", "an absent thing in one configuration", c -> Optional.empty());
        RuleInfo info = new RuleInfo("alternatives", "a test rule", Severity.WARNING, "tests the engine", List.of(),
                List.of(ABSENT, reading), List.of(), List.of());
        Rule r = new Rule(info, Meaning.NONE) {
            @Override
            public void evaluate(RuleContext ctx) {
                throw new AssertionError("must not run");
            }
        };
        RuleOutcome out = new RuleEngine(List.of(r), RuleConfig.DEFAULTS, true).evaluate(EMPTY);
        assertEquals("no an absent thing", out.notEvaluated().get(0).missing());
        assertEquals(List.of("run 'collect'"), out.notEvaluated().get(0).howToCollect());
    }

    @Test
    void inputsAndThresholdsAreReadOnlyAsDeclared() {
        Rule reads = rule("reads", List.of(PRESENT), ctx -> {
            assertEquals("x", ctx.input(PRESENT));
            assertEquals(0.02, ctx.seconds(LIMIT), 1e-12);
            assertThrows(IllegalArgumentException.class, () -> ctx.input(ABSENT));
            assertThrows(IllegalArgumentException.class, () -> ctx.value(UNDECLARED));
            ctx.finding(Subject.host(), "ok").report();
        });
        assertEquals(1, new RuleEngine(List.of(reads), RuleConfig.DEFAULTS, true).evaluate(EMPTY).findings().size());
        RuleOutcome tuned = new RuleEngine(List.of(rule("reads", List.of(), ctx -> {
            assertEquals(0.005, ctx.seconds(LIMIT), 1e-12);
        })), RuleConfig.of(Map.of("reads.limit_ms", "5")), true).evaluate(EMPTY);
        assertTrue(tuned.failures().isEmpty());
    }

    @Test
    void configIsValidatedAgainstTheDeclaredThresholds() {
        List<Rule> rules = List.of(rule("reads", List.of(), ctx -> { }));
        var typo = assertThrows(RuleConfig.ConfigException.class,
                () -> RuleConfig.of(Map.of("reads.limit", "5")).validate(rules));
        assertEquals("config: reads.limit: rule reads has no threshold 'limit'; its thresholds: limit_ms, enabled",
                typo.getMessage());
        var range = assertThrows(RuleConfig.ConfigException.class,
                () -> RuleConfig.of(Map.of("reads.limit_ms", "-3")).validate(rules));
        assertEquals("config: reads.limit_ms = -3: must be a number of ms, 0 or more", range.getMessage());
        var rule = assertThrows(RuleConfig.ConfigException.class,
                () -> RuleConfig.of(Map.of("raeds.limit_ms", "3")).validate(rules));
        assertTrue(rule.getMessage().startsWith("config: raeds.limit_ms: unknown rule 'raeds'"), rule.getMessage());
    }
}
