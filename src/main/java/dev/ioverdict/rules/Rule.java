package dev.ioverdict.rules;

/** One diagnosis: small, self-describing, reading only the inputs it declares. */
public interface Rule {
    RuleInfo info();

    /** What its findings mean to the diagnosis and the report: layer, USE cell, what it explains, chart, glossary. */
    Meaning meaning();

    /** Adds zero or more findings; runs only when every input in {@link RuleInfo#requires()} is present. */
    void evaluate(RuleContext ctx);

    /** The parts of the time model its findings' impact is measured in; none for errors and settings. */
    default MeasuredIn measuredIn() {
        return MeasuredIn.NOWHERE;
    }
}
