package dev.ioverdict.rules;

import java.util.List;

/**
 * A rule the bundle could not feed: what was missing and how to collect it; or, {@code applicable}
 * false, a rule whose data the capture's platform does not provide (blktrace on Solaris, the
 * DNLC counter on Linux), with no command to run.
 */
public record NotEvaluated(String rule, String title, String missing, List<String> howToCollect, boolean applicable) {
    public NotEvaluated {
        howToCollect = List.copyOf(howToCollect);
    }

    public NotEvaluated(String rule, String title, String missing, List<String> howToCollect) {
        this(rule, title, missing, howToCollect, true);
    }
}
