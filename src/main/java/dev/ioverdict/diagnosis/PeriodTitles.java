package dev.ioverdict.diagnosis;

import dev.ioverdict.model.Finding;
import dev.ioverdict.model.iostat.Periods;
import dev.ioverdict.rules.SubjectMetrics;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A bundle of several captures of one system (periods: before and after a setting, runs on other
 * days) must say which capture a cause was drawn from, or "sd0 saturated: svc_t 1.25 s" reads as
 * the system's state when the capture after the fix shows 354 ms. The title gains the period's
 * label wherever it is shown (page 1, the findings, compare, the batch index).
 */
final class PeriodTitles {
    private PeriodTitles() {
    }

    static List<Finding> named(List<Finding> causes, Periods periods) {
        if (periods == null || periods.periods().size() < 2) {
            return causes;
        }
        Map<String, String> labelOf = new HashMap<>();
        periods.periods().forEach(p -> labelOf.put(p.input(), p.label()));
        return causes.stream().map(f -> f.text(SubjectMetrics.INPUT).map(labelOf::get)
                .filter(label -> !f.title().contains(label))
                .map(label -> f.withTitle(f.title() + " in the " + label + " capture")).orElse(f)).toList();
    }
}
