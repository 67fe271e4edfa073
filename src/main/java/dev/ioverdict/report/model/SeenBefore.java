package dev.ioverdict.report.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.ioverdict.rules.RuleCatalogue;
import java.util.List;
import java.util.Locale;

/**
 * report.json {@code seenBefore} ({@code report --archive DB}): the archived cases closest to this
 * one by docs/ARCHIVE.md's distance, nearest first, at most {@link #LIMIT}. {@code archive}: the
 * archive's file name (not its path: that names the analyst's folders); {@code searched}: the
 * diagnosed cases it held besides this one; {@code cases}: those close enough to count as seen.
 */
@JsonPropertyOrder({"archive", "searched", "cases"})
public record SeenBefore(String archive, long searched, List<Match> cases) {
    public static final int LIMIT = 5;

    public SeenBefore {
        cases = cases == null ? List.of() : List.copyOf(cases);
    }

    /**
     * One archived case: its id, bundle name and verdict; {@code distance} 0 (alike) .. 1 and its
     * three parts ({@code causes}, {@code devices}, {@code time}, each 0 .. 1 before weighting);
     * {@code sharedCauses} the rule ids both cases found; {@code report} a link to its report
     * (relative to this report's folder where it can be, else absolute), absent when the archive
     * does not know where it is.
     */
    @JsonPropertyOrder({"caseId", "source", "verdict", "topRule", "headline", "distance", "causes", "devices", "time",
        "sharedCauses", "report"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Match(String caseId, String source, String verdict, String topRule, String headline, double distance,
                        double causes, double devices, double time, List<String> sharedCauses, String report) {
        public Match {
            sharedCauses = sharedCauses == null ? List.of() : List.copyOf(sharedCauses);
        }

        /** The distance as the report prints it: two decimals. */
        public String distanceText() {
            return String.format(Locale.ROOT, "%.2f", distance);
        }

        /** "causes 0.36, devices 0.00, time 0.12": what the distance is made of. */
        public String partsText() {
            return String.format(Locale.ROOT, "causes %.2f, devices %.2f, time %.2f", causes, devices, time);
        }

        /** The causes both found, by their titles: a reader meets rule ids only in the appendix. */
        @JsonIgnore
        public List<String> sharedCauseTitles() {
            return sharedCauses.stream().map(RuleCatalogue::titleInSentence).toList();
        }

        /** The same match with its report link as this report reaches it. */
        public Match withReport(String link) {
            return new Match(caseId, source, verdict, topRule, headline, distance, causes, devices, time, sharedCauses, link);
        }
    }
}
