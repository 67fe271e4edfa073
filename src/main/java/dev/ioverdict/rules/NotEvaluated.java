package dev.ioverdict.rules;

import java.util.List;

/** A rule the bundle could not feed: what was missing and how to collect it. */
public record NotEvaluated(String rule, String title, String missing, List<String> howToCollect) {
    public NotEvaluated {
        howToCollect = List.copyOf(howToCollect);
    }
}
