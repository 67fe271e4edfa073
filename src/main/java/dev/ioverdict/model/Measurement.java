package dev.ioverdict.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Objects;

/**
 * One figure a finding rests on: {@code key} for machines (stable, camelCase, in report.json's
 * {@code metrics} too), {@code label} for readers, the number in base units of {@code unit} or,
 * for identifiers, times and names, the text.
 */
@JsonPropertyOrder({"key", "label", "unit", "value", "text", "display"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Measurement(String key, String label, Unit unit, Double value, String text) {
    public Measurement {
        Objects.requireNonNull(key);
        Objects.requireNonNull(label);
        Objects.requireNonNull(unit);
        if (unit.numeric() != (text == null)) {
            throw new IllegalArgumentException(key + ": a " + unit + " measurement holds "
                    + (unit.numeric() ? "a number" : "text"));
        }
    }

    public static Measurement number(String key, String label, Unit unit, double value) {
        return new Measurement(key, label, unit, value, null);
    }

    public static Measurement text(String key, String label, Unit unit, String text) {
        return new Measurement(key, label, unit, null, text);
    }

    /** The figure as a reader sees it: "1.31 s", "97.8 %", "10,025", "19468". */
    @JsonProperty("display")
    public String display() {
        return unit.numeric() ? Figures.format(unit, value) : text;
    }

    /** What report.json's {@code metrics} map holds: the base-unit number, or the text. */
    @JsonIgnore
    public Object raw() {
        if (!unit.numeric()) {
            return text;
        }
        if (value == null || !Double.isFinite(value)) {
            return null;
        }
        if ((unit == Unit.COUNT || unit == Unit.BYTES) && value == Math.rint(value) && Math.abs(value) < 1e15) {
            return (long) (double) value;
        }
        return value;
    }
}
