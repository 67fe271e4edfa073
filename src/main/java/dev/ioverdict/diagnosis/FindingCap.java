package dev.ioverdict.diagnosis;

import dev.ioverdict.model.ConsistencyNote;
import dev.ioverdict.model.Finding;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * At most {@link #PER_RULE} findings of one rule go on to the diagnosis, most severe and heaviest
 * first; the rest are counted in a note. A rule that fires on each of 100,000 devices says nothing
 * a reader can use past the first few dozen, and the diagnosis compares findings pair by pair
 * (symptoms, stacks): uncapped, a hostile iostat of 100,000 devices kept it busy for hours.
 */
final class FindingCap {
    static final int PER_RULE = 40;

    private FindingCap() {
    }

    static List<Finding> apply(List<Finding> findings, List<ConsistencyNote> notes) {
        Map<String, List<Finding>> byRule = new LinkedHashMap<>();
        for (Finding f : findings) {
            byRule.computeIfAbsent(f.rule(), k -> new ArrayList<>()).add(f);
        }
        if (byRule.values().stream().allMatch(l -> l.size() <= PER_RULE)) {
            return findings;
        }
        java.util.Set<Finding> kept = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        byRule.forEach((rule, list) -> {
            if (list.size() <= PER_RULE) {
                kept.addAll(list);
                return;
            }
            List<Finding> sorted = list.stream().sorted(Finding.ORDER).toList();
            kept.addAll(sorted.subList(0, PER_RULE));
            List<Finding> left = sorted.subList(PER_RULE, sorted.size());
            String some = String.join(", ", left.stream().limit(5).map(f -> f.subject() != null ? f.subject().id() : f.title()).toList());
            notes.add(new ConsistencyNote(rule, String.format(Locale.ROOT,
                    "%s: %,d more findings of this rule (%s%s) are not listed; the %d most severe are. "
                            + "Their subjects are in the inputs' tables of report.json.",
                    rule, left.size(), some, left.size() > 5 ? ", ..." : "", PER_RULE), List.of()));
        });
        return findings.stream().filter(kept::contains).toList();
    }
}
