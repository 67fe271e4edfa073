package dev.ioverdict.report;

import dev.ioverdict.rules.NotEvaluated;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rules not evaluated for lack of data, one row per thing missing: the dozen rules that need the
 * application's wait by layer miss the same input and are collected by the same commands, which the
 * report says once, with every rule it would feed.
 */
public record MissingData(List<NotEvaluated> rules, String missing, List<String> howToCollect) {
    public MissingData {
        rules = List.copyOf(rules);
        howToCollect = List.copyOf(howToCollect);
    }

    /** The applicable rules of {@code notEvaluated}, grouped by what they miss and how it is collected, in first-seen order. */
    public static List<MissingData> of(List<NotEvaluated> notEvaluated) {
        Map<List<Object>, List<NotEvaluated>> groups = new LinkedHashMap<>();
        for (NotEvaluated n : notEvaluated) {
            if (n.applicable()) {
                groups.computeIfAbsent(List.of(n.missing(), n.howToCollect()), k -> new ArrayList<>()).add(n);
            }
        }
        return groups.values().stream().map(g -> new MissingData(g, g.get(0).missing(), g.get(0).howToCollect())).toList();
    }
}
