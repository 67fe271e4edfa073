package dev.ioverdict.rules;

/** One diagnosis: small, self-describing, reading only the inputs it declares. */
public interface Rule {
    RuleInfo info();

    /** Adds zero or more findings; runs only when every input in {@link RuleInfo#requires()} is present. */
    void evaluate(RuleContext ctx);

    /** The parts of the time model its findings' impact is measured in; none for errors and settings. */
    default MeasuredIn measuredIn() {
        return MeasuredIn.NOWHERE;
    }
}
