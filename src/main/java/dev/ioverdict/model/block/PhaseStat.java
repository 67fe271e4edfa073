package dev.ioverdict.model.block;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * One phase (Q2C, D2C ...) over a set of I/Os, in seconds. n/min/avg/max mean exactly what btt
 * prints; the percentiles are ioverdict's own (null where the input has none, e.g. btt text).
 */
@JsonPropertyOrder({"n", "min", "avg", "max", "p50", "p95", "p99"})
public record PhaseStat(long n, Double min, Double avg, Double max, Double p50, Double p95, Double p99) {
    public static final PhaseStat EMPTY = new PhaseStat(0, null, null, null, null, null, null);
}
