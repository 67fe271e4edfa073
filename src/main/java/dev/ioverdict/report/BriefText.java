package dev.ioverdict.report;

import dev.ioverdict.model.Finding;
import dev.ioverdict.report.model.Report;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The brief edition's paragraph per finding: what it found in its first sentences and what to do
 * in the first of its recommendation, so that six findings and the case facts fit three pages;
 * the full report keeps every sentence.
 */
final class BriefText {
    /** Past this many characters a finding's summary stops after its first sentence, not its second. */
    private static final int SUMMARY_CHARS = 420;

    private BriefText() {
    }

    /** One map per finding, in the findings' order: {@code summary}, {@code action}, {@code cut} ("true" when shortened). */
    static List<Map<String, String>> of(Report report) {
        List<Map<String, String>> out = new ArrayList<>();
        for (Finding f : report.findings()) {
            String one = Verdict.firstSentence(f.summary());
            String two = one.length() < f.summary().length()
                    ? one + " " + Verdict.firstSentence(f.summary().substring(one.length()).strip()) : one;
            String summary = two.length() <= SUMMARY_CHARS ? two : one;
            String action = Verdict.firstSentence(f.recommendation());
            Map<String, String> m = new LinkedHashMap<>();
            m.put("summary", summary);
            m.put("action", action);
            m.put("cut", String.valueOf(summary.length() < f.summary().length() || action.length() < f.recommendation().length()));
            out.add(m);
        }
        return out;
    }
}
