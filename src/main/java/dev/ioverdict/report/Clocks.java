package dev.ioverdict.report;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.analysis.iostat.IostatTimeline;
import dev.ioverdict.model.InputClock;
import dev.ioverdict.parse.InputFormats;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * Which clock each input's times are on and what is known of its time zone: detected from the
 * stamps where they carry one, else stated as the assumption the report works under, so that a
 * reader comparing with the customer's incident times knows what a time in the report means.
 */
public final class Clocks {
    static final DateTimeFormatter ISO = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'Z'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private Clocks() {
    }

    /**
     * An input's time as the report's case facts and {@code inspect} print it: an ISO 8601 instant
     * (UTC) for seconds since the epoch, strace's time of day as hh:mm:ss.ffffff, else the seconds of
     * the input's own clock (since the trace or the boot started).
     */
    public static String time(String format, double t) {
        String tod = timeOfDay(format, t);
        if (tod != null) {
            return tod;
        }
        return wall(t) ? iso(t) : String.format(Locale.ROOT, "%.6f", t);
    }

    /** Whether a time is seconds since the epoch (a time of day) rather than since a start. */
    static boolean wall(double t) {
        return InputClock.stamps(t);
    }

    static String iso(double epochSeconds) {
        return ISO.format(Instant.ofEpochMilli((long) Math.floor(epochSeconds * 1000)));
    }

    /** What the input's times count, as its format declares ({@link InputClock}). */
    static String clock(String format, boolean wall) {
        return InputFormats.clockOf(format).reading(wall).counts();
    }

    /** The input's time zone: stated by the stamps, assumed, or none for a relative clock. */
    static String zone(CaseData data, String input, String format, boolean wall) {
        String zone = InputFormats.clockOf(format).reading(wall).zone();
        if (!zone.equals(InputClock.ASSUMED_UTC)) {
            return zone;
        }
        String stated = data.results().get(IostatTimeline.class).flatMap(t -> t.series().stream()
                .filter(s -> s.input().equals(input) && !s.points().isEmpty()).findFirst())
                .map(s -> offset(s.points().get(0).sample().timeText())).orElse(null);
        return stated != null ? "stated in the stamps (" + stated + ")" : zone;
    }

    /** A time of day (strace -tt's seconds since midnight) as hh:mm:ss.ffffff, else null. */
    static String timeOfDay(String format, double t) {
        if (!InputFormats.clockOf(format).secondsOfDay() || t < 0 || t >= 86_400) {
            return null;
        }
        return java.time.LocalTime.ofNanoOfDay(Math.round(t * 1e6) * 1000L)
                .format(java.time.format.DateTimeFormatter.ofPattern("HH:mm:ss.SSSSSS"));
    }

    /** The zone part of an ISO 8601 stamp (Z, +01:00, -0500), or null when it has none. */
    static String offset(String stamp) {
        if (stamp == null) {
            return null;
        }
        int t = stamp.indexOf('T');
        if (t < 0) {
            return null;
        }
        String time = stamp.substring(t + 1);
        if (time.endsWith("Z")) {
            return "UTC";
        }
        int sign = Math.max(time.indexOf('+'), time.indexOf('-'));
        return sign > 0 ? "UTC" + time.substring(sign) : null;
    }
}
