package dev.ioverdict.rules;

/** One diagnosis: small, self-describing, reading only model facts and analysis results. */
public interface Rule {
    RuleInfo info();

    /** Adds zero or more findings; runs only when {@link RuleInfo#requires()} is satisfied. */
    void evaluate(RuleContext ctx);
}
