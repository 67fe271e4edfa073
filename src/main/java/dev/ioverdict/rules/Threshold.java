package dev.ioverdict.rules;

import dev.ioverdict.model.Figures;
import java.util.Locale;

/**
 * A tunable limit of a rule, declared once as a constant on the rule and read through that
 * constant ({@code ctx.value(AVG_MS)}), so a misspelt name does not compile. {@code key} is what
 * --config names ({@code <rule>.<key> = value}); values outside {@code min..max} are refused when
 * the configuration is read.
 */
public record Threshold(String key, Kind kind, String unitLabel, double defaultValue, double min, double max,
                        String description) {

    /** What the number is; fixes the unit label and the range a value may take. */
    public enum Kind { MILLISECONDS, PERCENT, COUNT, FACTOR, RATIO }

    public Threshold {
        if (!key.matches("[a-z][a-z0-9_]*")) {
            throw new IllegalArgumentException("threshold key '" + key + "' must be snake_case");
        }
        if (defaultValue < min || defaultValue > max) {
            throw new IllegalArgumentException(key + ": default " + defaultValue + " outside " + min + ".." + max);
        }
    }

    public static Threshold millis(String key, double defaultValue, String description) {
        return new Threshold(key, Kind.MILLISECONDS, "ms", defaultValue, 0, 86_400_000, description);
    }

    public static Threshold percent(String key, double defaultValue, String description) {
        return new Threshold(key, Kind.PERCENT, "%", defaultValue, 0, 100, description);
    }

    /** A whole number of things ({@code noun}: "I/Os", "calls", "reports"). */
    public static Threshold count(String key, String noun, double defaultValue, String description) {
        return new Threshold(key, Kind.COUNT, noun, defaultValue, 0, 1e12, description);
    }

    /** A multiple, at least 1 ("5 x its siblings"). */
    public static Threshold factor(String key, double defaultValue, String description) {
        return new Threshold(key, Kind.FACTOR, "times", defaultValue, 1, 1e6, description);
    }

    /** A proportion of one figure to another, 0 and up (0.5: half of it). */
    public static Threshold ratio(String key, double defaultValue, String description) {
        return new Threshold(key, Kind.RATIO, "ratio", defaultValue, 0, 1e6, description);
    }

    /** Why {@code value} may not be set, or null when it may. */
    public String refusal(double value) {
        if (!Double.isFinite(value) || value < min || value > max) {
            return "must be " + allowed();
        }
        if (kind == Kind.COUNT && value != Math.rint(value)) {
            return "must be a whole number of " + unitLabel;
        }
        return null;
    }

    /** "a number of ms from 0 to 3600000", "a number of I/Os, 0 or more" */
    public String allowed() {
        if (max >= 1e6) {
            return String.format(Locale.ROOT, "a number of %s, %s or more", unitLabel, Figures.number(min));
        }
        return String.format(Locale.ROOT, "a number of %s from %s to %s", unitLabel, Figures.number(min),
                Figures.number(max));
    }

    /** "20 ms", "50 %", "10 I/Os", "5×". */
    public String defaultText() {
        return Figures.number(defaultValue) + (kind == Kind.FACTOR ? "\u00d7" : " " + unitLabel);
    }
}
