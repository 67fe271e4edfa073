package dev.ioverdict.model;

import java.util.Locale;

/**
 * A period of a capture, in seconds since each input's first timed record ({@code from}
 * inclusive, {@code to} exclusive; either may be open). Every input keeps its own clock (blkparse
 * counts from the trace start, perf from boot, strace and iostat print local wall-clock time with
 * no zone), so the window is measured from each input's own start rather than on one absolute
 * clock that the inputs do not share.
 */
public record TimeWindow(Double from, Double to) {
    public TimeWindow {
        if (from != null && to != null && to <= from) {
            throw new IllegalArgumentException("window " + from + ".." + to + ": TO must be after FROM");
        }
        if (from != null && from < 0 || to != null && to < 0) {
            throw new IllegalArgumentException("window times are seconds since the capture's start, never negative");
        }
    }

    /** {@code FROM..TO}, seconds (a trailing {@code s} is allowed; either side may be empty). */
    public static TimeWindow parse(String text) {
        int dots = text.indexOf("..");
        if (dots < 0) {
            throw new IllegalArgumentException("'" + text + "': expected FROM..TO in seconds since the capture's start, e.g. 30..90");
        }
        Double from = seconds(text.substring(0, dots), text);
        Double to = seconds(text.substring(dots + 2), text);
        if (from == null && to == null) {
            throw new IllegalArgumentException("'" + text + "': give FROM, TO or both");
        }
        return new TimeWindow(from, to);
    }

    private static Double seconds(String part, String whole) {
        String s = part.strip();
        if (s.endsWith("s")) {
            s = s.substring(0, s.length() - 1);
        }
        if (s.isEmpty()) {
            return null;
        }
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + whole + "': '" + part + "' is not a number of seconds");
        }
    }

    /** Whether a record {@code sinceStart} seconds after its input's first record lies inside. */
    public boolean admits(double sinceStart) {
        return (from == null || sinceStart >= from) && (to == null || sinceStart < to);
    }

    /** Length in seconds, or null when open-ended. */
    public Double length() {
        return from != null && to != null ? to - from : null;
    }

    public String label() {
        return String.format(Locale.ROOT, "%s..%s s", from == null ? "start" : num(from), to == null ? "end" : num(to));
    }

    private static String num(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }
}
