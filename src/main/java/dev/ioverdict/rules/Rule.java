package dev.ioverdict.rules;

/** One diagnosis: small, self-describing, reading only the inputs it declares. */
public interface Rule {
    RuleInfo info();

    /** Adds zero or more findings; runs only when every input in {@link RuleInfo#requires()} is present. */
    void evaluate(RuleContext ctx);
}
