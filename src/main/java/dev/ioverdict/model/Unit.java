package dev.ioverdict.model;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * What a measurement's number means. Numbers are kept in base units (seconds, bytes, percent
 * 0..100, per second); {@link Figures#format} turns them into what a reader sees.
 */
public enum Unit {
    /** seconds, shown in an adaptive unit (ns, µs, ms, s, min, h) */
    SECONDS("s"),
    BYTES("B"),
    /** percent, 0..100 */
    PERCENT("%"),
    COUNT("count"),
    /** a multiple of something ("20 x the median") */
    FACTOR("x"),
    /** events per second (IOPS, calls/s) */
    PER_SECOND("/s"),
    BYTES_PER_SECOND("B/s"),
    /** an identifier that looks like a number: pid, device number, line; never grouped or rounded */
    ID("id"),
    /** a point in time as text, ISO 8601 where the input gave a full date */
    TIME("time"),
    TEXT("text");

    private final String symbol;

    Unit(String symbol) {
        this.symbol = symbol;
    }

    /** How report.json names the unit. */
    @JsonValue
    public String symbol() {
        return symbol;
    }

    public boolean numeric() {
        return this != ID && this != TIME && this != TEXT;
    }
}
