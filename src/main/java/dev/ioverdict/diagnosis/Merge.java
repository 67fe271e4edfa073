package dev.ioverdict.diagnosis;

import dev.ioverdict.model.Confidence;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Finding;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Several findings of one rule about one subject (a block trace and iostat both showing the slow
 * device; two iostat runs showing the same disk) become one: the most telling of them speaks,
 * the others add their evidence and a sentence, and when independent kinds of data agree the
 * confidence rises by one step.
 */
final class Merge {
    /** Most severe, then most sure, then what explains most time: the part whose words stand. */
    static final Comparator<Finding> SPEAKER = Comparator.comparing(Finding::severity)
            .thenComparing(Finding::confidence)
            .thenComparing(Comparator.comparingDouble(Finding::weight).reversed())
            .thenComparing(Finding::fingerprint);

    private Merge() {
    }

    static List<Finding> all(List<Finding> findings) {
        Map<String, List<Finding>> byCause = new LinkedHashMap<>();
        for (Finding f : findings) {
            byCause.computeIfAbsent(f.rule() + "|" + (f.subject() == null ? "" : f.subject().key()),
                    k -> new ArrayList<>()).add(f);
        }
        List<Finding> merged = new ArrayList<>();
        byCause.values().forEach(parts -> merged.add(one(parts)));
        return foldUnresolved(merged);
    }

    /**
     * A finding whose subject could not be named (an id starting "?": the storage under a process,
     * the devices of a btt report without -A) joins the named finding of the same rule that
     * explains most, when there is one: it is the same cause seen from further away.
     */
    private static List<Finding> foldUnresolved(List<Finding> findings) {
        List<Finding> out = new ArrayList<>();
        List<Finding> unresolved = new ArrayList<>();
        for (Finding f : findings) {
            (f.subject() != null && f.subject().id().startsWith("?") ? unresolved : out).add(f);
        }
        for (Finding u : unresolved) {
            Finding named = out.stream().filter(f -> f.rule().equals(u.rule()))
                    .max(Comparator.comparingDouble(Finding::weight)).orElse(null);
            if (named == null) {
                out.add(u);
            } else {
                out.set(out.indexOf(named), one(List.of(named, u)));
            }
        }
        return out;
    }

    /** The speaker's summary already quotes the part: its title, or the figures of the file it came from. */
    private static boolean alreadySaid(Finding speaker, Finding part) {
        return speaker.title().equals(part.title()) || part.evidence().stream().map(Evidence::input).distinct()
                .allMatch(input -> speaker.summary().contains("(" + input + ")"));
    }

    static Finding one(List<Finding> parts) {
        if (parts.size() == 1) {
            return parts.get(0);
        }
        List<Finding> ordered = parts.stream().sorted(SPEAKER).toList();
        Finding speaker = ordered.get(0);
        Set<String> sources = new LinkedHashSet<>();
        Map<String, Evidence> evidence = new LinkedHashMap<>();
        List<String> reasons = new ArrayList<>(speaker.confidenceReasons());
        List<Finding> symptoms = new ArrayList<>();
        StringBuilder summary = new StringBuilder(speaker.summary());
        for (Finding p : ordered) {
            sources.addAll(p.sources());
            p.evidence().forEach(e -> evidence.putIfAbsent(e.location(), e));
            symptoms.addAll(p.symptoms());
            if (p != speaker && !alreadySaid(speaker, p)) {
                summary.append(" Also seen ").append(p.sources().isEmpty() ? "elsewhere"
                        : "in the " + String.join(" and ", p.sources())).append(": ").append(p.title()).append('.');
            }
        }
        Confidence confidence = speaker.confidence();
        List<String> kinds = new ArrayList<>(sources);
        if (kinds.size() > 1 && confidence != Confidence.HIGH) {
            confidence = Confidence.values()[confidence.ordinal() - 1];
            reasons.add("shown independently by " + String.join(" and ", kinds));
        } else if (kinds.size() > 1) {
            reasons.add("shown independently by " + String.join(" and ", kinds));
        }
        var assumptions = ordered.stream().flatMap(p -> p.assumptions().stream()).distinct().toList();
        return new Finding(speaker.rule(), speaker.severity(), confidence, reasons, assumptions, speaker.subject(),
                speaker.title(), summary.toString(), speaker.recommendation(), speaker.measurements(),
                List.copyOf(evidence.values()), ordered.stream().map(Finding::impact)
                .max(Comparator.comparingDouble(i -> i.seconds())).orElse(speaker.impact()), kinds, symptoms);
    }
}
