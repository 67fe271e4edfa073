package dev.ioverdict.rules;

import java.util.Objects;

/**
 * One diagnosis: small, self-describing, reading only the inputs it declares. A rule states what it
 * is, where its findings' time is measured and what they mean once, when it is built; the engine,
 * the catalogue, the docs and the diagnosis read that declaration, and {@link #evaluate} judges.
 */
public abstract class Rule {
    private final RuleInfo info;
    private final MeasuredIn measuredIn;
    private final Meaning meaning;

    /** A rule whose findings take their impact from {@code measuredIn}, parts of the application's wait. */
    protected Rule(RuleInfo info, MeasuredIn measuredIn, Meaning meaning) {
        this.info = Objects.requireNonNull(info);
        this.measuredIn = Objects.requireNonNull(measuredIn);
        this.meaning = Objects.requireNonNull(meaning);
    }

    /** A rule whose findings are no part of the application's wait: errors and settings. */
    protected Rule(RuleInfo info, Meaning meaning) {
        this(info, MeasuredIn.NOWHERE, meaning);
    }

    public final RuleInfo info() {
        return info;
    }

    /** What its findings mean to the diagnosis and the report: layer, USE cell, what it explains, chart, glossary. */
    public final Meaning meaning() {
        return meaning;
    }

    /** The parts of the time model its findings' impact is measured in; none for errors and settings. */
    public final MeasuredIn measuredIn() {
        return measuredIn;
    }

    /** Adds zero or more findings; runs only when every input in {@link RuleInfo#requires()} is present. */
    public abstract void evaluate(RuleContext ctx);
}
