package dev.ioverdict.model;

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

    public record Input(String path, String format, String clock, Double origin, long kept, long dropped,
                        long untimed) {
    }
}
