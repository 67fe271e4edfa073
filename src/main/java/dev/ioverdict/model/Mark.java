package dev.ioverdict.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * An incident or a change the reader wants to see against the data ({@code --mark TIME=LABEL}):
 * either a wall-clock instant ({@code epochSeconds}, ISO 8601) or seconds since each input's first
 * timed record ({@code sinceStart}, the clock --from/--to use). {@code assumption} says how a time
 * without a zone was read.
 */
@JsonPropertyOrder({"label", "at", "epochSeconds", "sinceStart", "assumption"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Mark(String label, String at, Double epochSeconds, Double sinceStart, String assumption) {
    public static final String NO_ZONE = "no time zone given: read as UTC, the clock on which the bundle's "
            + "stamps without a zone (iostat -t, sar) are read, so a local time lines up with them";

    public Mark {
        if (label == null || label.isBlank()) {
            throw new IllegalArgumentException("a mark needs a label after '='");
        }
        if ((epochSeconds == null) == (sinceStart == null)) {
            throw new IllegalArgumentException("a mark is either a wall-clock time or seconds since the start");
        }
    }

    /** {@code TIME=LABEL}: TIME as ISO 8601 with or without a zone, or seconds since the capture's start. */
    public static Mark parse(String text) {
        int eq = text.indexOf('=');
        if (eq <= 0) {
            throw new IllegalArgumentException("'" + text + "': expected TIME=LABEL, e.g. 2024-03-01T10:15:00=failover "
                    + "or 95=failover (seconds since the capture's start)");
        }
        String time = text.substring(0, eq).strip();
        String label = text.substring(eq + 1).strip();
        if (label.isEmpty()) {
            throw new IllegalArgumentException("'" + text + "': the label after '=' is empty");
        }
        Double seconds = seconds(time);
        if (seconds != null) {
            if (seconds < 0) {
                throw new IllegalArgumentException("'" + text + "': seconds since the start are never negative");
            }
            return new Mark(label, time, null, seconds, null);
        }
        String iso = time.replace(' ', 'T');
        try {
            return new Mark(label, time, (double) OffsetDateTime.parse(iso).toEpochSecond()
                    + OffsetDateTime.parse(iso).getNano() / 1e9, null, null);
        } catch (DateTimeParseException e) {
            // no zone: below
        }
        try {
            LocalDateTime local = LocalDateTime.parse(iso, DateTimeFormatter.ISO_LOCAL_DATE_TIME);
            return new Mark(label, time, local.toEpochSecond(ZoneOffset.UTC) + local.getNano() / 1e9, null, NO_ZONE);
        } catch (DateTimeException e) {
            throw new IllegalArgumentException("'" + time + "' is neither an ISO 8601 time (2024-03-01T10:15:00, "
                    + "optionally with Z or +02:00) nor seconds since the capture's start");
        }
    }

    private static Double seconds(String s) {
        String n = s.endsWith("s") ? s.substring(0, s.length() - 1) : s;
        if (n.isEmpty()) {
            return null;
        }
        for (int i = 0; i < n.length(); i++) {
            char c = n.charAt(i);
            if (!(c >= '0' && c <= '9' || c == '.' || i == 0 && c == '-')) {
                return null;
            }
        }
        try {
            return Double.parseDouble(n);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Where the mark sits on a chart whose x axis counts seconds from {@code originEpoch} (null: no wall clock). */
    public Double x(Double originEpoch) {
        if (sinceStart != null) {
            return sinceStart;
        }
        return originEpoch == null ? null : epochSeconds - originEpoch;
    }
}
