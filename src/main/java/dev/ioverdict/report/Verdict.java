package dev.ioverdict.report;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.InputSummary;
import dev.ioverdict.model.Severity;
import dev.ioverdict.diagnosis.Diagnosed;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The opening paragraph: what was examined, what is wrong, what to do; fit to paste into an e-mail. */
final class Verdict {
    private Verdict() {
    }

    static String write(CaseData data, Diagnosed outcome) {
        List<InputSummary> used = data.inputs().stream().filter(i -> !i.format().equals("unknown")).toList();
        String formats = used.stream().map(InputSummary::format).distinct().sorted()
                .collect(Collectors.joining(", "));
        StringBuilder sb = new StringBuilder();
        int all = data.inputs().size();
        sb.append(String.format(Locale.ROOT, "ioverdict examined %d input file%s%s (%s). ",
                all, all == 1 ? "" : "s", used.size() == all ? "" : ", " + used.size() + " recognised",
                formats.isEmpty() ? "none recognised" : formats));
        List<Finding> findings = outcome.causes();
        if (findings.isEmpty()) {
            sb.append("No rule found an I/O problem in this data");
            sb.append(outcome.notEvaluated().isEmpty() ? "." : "; " + outcome.notEvaluated().size()
                    + " rule(s) could not be evaluated for lack of input (listed below).");
            return sb.toString();
        }
        long critical = findings.stream().filter(f -> f.severity() == Severity.CRITICAL).count();
        long warning = findings.stream().filter(f -> f.severity() == Severity.WARNING).count();
        sb.append(String.format(Locale.ROOT, "It raised %d finding%s (%d critical, %d warning). ",
                findings.size(), findings.size() == 1 ? "" : "s", critical, warning));
        Finding top = findings.get(0);
        sb.append("Main finding: ").append(top.title()).append(". ").append(firstSentence(top.summary()));
        if (!top.recommendation().isEmpty()) {
            sb.append(" Recommended: ").append(firstSentence(top.recommendation()));
        }
        List<String> others = findings.stream().skip(1).filter(f -> f.severity() != Severity.INFO)
                .map(Finding::title).distinct().limit(3).toList();
        if (!others.isEmpty()) {
            sb.append(" Also: ").append(String.join("; ", others)).append('.');
        }
        return sb.toString();
    }

    /** Up to the first full stop that ends a sentence (not one inside "e.g." or a number). */
    static String firstSentence(String text) {
        for (int i = text.indexOf(". "); i > 0; i = text.indexOf(". ", i + 1)) {
            String before = text.substring(Math.max(0, i - 4), i + 1);
            if (!before.endsWith("e.g.") && !before.endsWith("i.e.") && !before.endsWith("vs.")
                    && !before.endsWith("etc.") && Character.isUpperCase(text.charAt(Math.min(text.length() - 1, i + 2)))) {
                return text.substring(0, i + 1);
            }
        }
        return text;
    }
}
