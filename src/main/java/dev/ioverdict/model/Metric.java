package dev.ioverdict.model;

import java.util.Objects;

/**
 * A figure a rule's findings carry, declared once as a constant on the rule and read through that
 * constant ({@code f.measurement(DeviceLatencyRule.D2C_AVG)}), so that a consumer outside the
 * rules never spells a key: {@code key} is report.json's (stable, camelCase), {@code label} what a
 * reader sees unless the finding names it more exactly ({@link #labelled}), {@code unit} what the
 * number means.
 */
public record Metric(String key, String label, Unit unit) {
    public Metric {
        Objects.requireNonNull(label);
        Objects.requireNonNull(unit);
        if (!key.matches("[a-z][A-Za-z0-9]*")) {
            throw new IllegalArgumentException("measurement key '" + key + "' must be camelCase");
        }
    }

    public static Metric duration(String key, String label) {
        return new Metric(key, label, Unit.SECONDS);
    }

    public static Metric percent(String key, String label) {
        return new Metric(key, label, Unit.PERCENT);
    }

    public static Metric count(String key, String label) {
        return new Metric(key, label, Unit.COUNT);
    }

    public static Metric bytes(String key, String label) {
        return new Metric(key, label, Unit.BYTES);
    }

    /** A multiple of something ("20 x the median"). */
    public static Metric factor(String key, String label) {
        return new Metric(key, label, Unit.FACTOR);
    }

    /** Events per second. */
    public static Metric rate(String key, String label) {
        return new Metric(key, label, Unit.PER_SECOND);
    }

    /** A point in time, as text. */
    public static Metric time(String key, String label) {
        return new Metric(key, label, Unit.TIME);
    }

    public static Metric text(String key, String label) {
        return new Metric(key, label, Unit.TEXT);
    }

    /** An identifier (pid, device number): shown as written, never grouped. */
    public static Metric id(String key, String label) {
        return new Metric(key, label, Unit.ID);
    }

    /** The same figure under the label this finding gives it ("average r_await" for "average response"). */
    public Metric labelled(String other) {
        return new Metric(key, other, unit);
    }

    /** The figure with {@code value} in base units of {@link #unit}. */
    public Measurement of(double value) {
        return Measurement.number(key, label, unit, value);
    }

    /** The figure as text (identifiers, names, times). */
    public Measurement of(String text) {
        return Measurement.text(key, label, unit, text);
    }
}
