package dev.ioverdict.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * The time window a report was restricted to and what it meant for each input: which clock the
 * input's times are on (and the time-zone assumption), where its window was measured from, and
 * how many timed records were kept, dropped, or kept because they carry no time.
 */
public record AppliedWindow(Double from, Double to, String label, String rule, List<Input> inputs) {
    public AppliedWindow {
        inputs = List.copyOf(inputs);
    }

    /** {@code last}: seconds from the input's first timed record to its last one (null: no timed record). */
    public record Input(String path, String format, String clock, Double origin, long kept, long dropped,
                        long untimed, @JsonInclude(JsonInclude.Include.NON_NULL) Double last) {
    }

    /** Whether the inputs hold timed records and the window kept none of them: a report of nothing. */
    public boolean holdsNoRecord() {
        return inputs.stream().anyMatch(i -> i.kept() + i.dropped() > 0) && inputs.stream().allMatch(i -> i.kept() == 0);
    }

    /** "no data in the window 100-200 s (the capture runs 0-12.4 s, ...)": what to ask for instead. */
    public String noDataMessage() {
        Double span = captureSpan();
        return "no data in the window " + seconds(from, "start") + "-" + seconds(to, "end") + " s (the capture runs 0-"
                + (span == null ? "?" : seconds(span, "")) + " s, in seconds since each input's first timed record)";
    }

    private static String seconds(Double s, String open) {
        if (s == null) {
            return open;
        }
        return s == Math.rint(s) && Math.abs(s) < 1e15 ? String.valueOf(s.longValue())
                : String.format(java.util.Locale.ROOT, "%.3f", s).replaceAll("0+$", "");
    }

    /** Seconds from the first to the last timed record of the input that runs longest (null: none timed). */
    public Double captureSpan() {
        return inputs.stream().map(Input::last).filter(java.util.Objects::nonNull).max(Double::compare).orElse(null);
    }
}
