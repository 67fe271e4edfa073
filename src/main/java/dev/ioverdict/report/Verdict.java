package dev.ioverdict.report;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.InputSummary;
import dev.ioverdict.model.Severity;
import dev.ioverdict.rules.RuleOutcome;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The opening paragraph: what was examined, what is wrong, what to do; fit to paste into an e-mail. */
final class Verdict {
    private Verdict() {
    }

    static String write(CaseData data, RuleOutcome outcome) {
        List<InputSummary> used = data.inputs().stream().filter(i -> !i.format().equals("unknown")).toList();
        String formats = used.stream().map(InputSummary::format).distinct().sorted()
                .collect(Collectors.joining(", "));
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "ioverdict examined %d input file%s (%s). ",
                used.size(), used.size() == 1 ? "" : "s", formats.isEmpty() ? "none recognised" : formats));
        List<Finding> findings = outcome.findings();
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
        sb.append("Main finding: ").append(top.title()).append(". ").append(top.summary());
        if (!top.recommendation().isEmpty()) {
            sb.append(" Recommended: ").append(top.recommendation());
        }
        return sb.toString();
    }
}
