package dev.ioverdict.rules;

/** A tunable limit of a rule: key as used in --config ({@code <rule>.<key>=value}), default, unit, meaning. */
public record Threshold(String key, double defaultValue, String unit, String meaning) {
}
