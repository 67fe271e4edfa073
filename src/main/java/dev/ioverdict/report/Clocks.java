package dev.ioverdict.report;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.analysis.iostat.IostatTimeline;
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
    /** Stamps past this are seconds since the epoch (2001 on); smaller ones count from a trace's or the boot's start. */
    private static final double EPOCH_STAMPS = 1e9;
    static final DateTimeFormatter ISO = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'Z'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);
    static final String ASSUMED_UTC = "not stated in the file: read as UTC (the host's local time, zone unknown)";
    static final String RELATIVE = "none: counts from the start of the capture, not a time of day";

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
        return t >= EPOCH_STAMPS;
    }

    static String iso(double epochSeconds) {
        return ISO.format(Instant.ofEpochMilli((long) Math.floor(epochSeconds * 1000)));
    }

    /** What the input's times count. */
    static String clock(String format, boolean wall) {
        return switch (format) {
            case "iostat" -> wall ? "iostat -t report stamps" : "iostat reports without stamps (no -t): numbered, not timed";
            case "sar" -> "sar's header date and times of day";
            case "strace" -> "time of day as strace -tt prints it";
            case "perf-script" -> "seconds of the kernel's monotonic clock (since boot), as perf prints it";
            case "blkparse" -> "seconds since the block trace started";
            case "linuxki" -> "seconds since kitrace started";
            case "kernel-log" -> wall ? "the log's time stamps" : "seconds since boot, as dmesg prints them";
            default -> wall ? "the file's time stamps" : "the file's own clock";
        };
    }

    /** The input's time zone: stated by the stamps, assumed, or none for a relative clock. */
    static String zone(CaseData data, String input, String format, boolean wall) {
        if (format.equals("strace")) {
            return "not stated: the traced host's local time of day; only differences between calls are used";
        }
        if (!wall) {
            return format.equals("perf-script") ? "none: a clock since boot, not a time of day" : RELATIVE;
        }
        if (format.equals("iostat")) {
            String stated = data.results().get(IostatTimeline.class).flatMap(t -> t.series().stream()
                    .filter(s -> s.input().equals(input) && !s.points().isEmpty()).findFirst())
                    .map(s -> offset(s.points().get(0).sample().timeText())).orElse(null);
            if (stated != null) {
                return "stated in the stamps (" + stated + ")";
            }
        }
        return ASSUMED_UTC;
    }

    /** A time of day (strace -tt's seconds since midnight) as hh:mm:ss.ffffff, else null. */
    static String timeOfDay(String format, double t) {
        if (!format.equals("strace") || t < 0 || t >= 86_400) {
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
