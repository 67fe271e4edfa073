package dev.ioverdict.diagnosis;

import dev.ioverdict.model.ConsistencyNote;
import dev.ioverdict.model.Finding;
import dev.ioverdict.rules.NotEvaluated;
import dev.ioverdict.rules.RuleFailure;
import java.util.List;

/**
 * What the diagnosis concluded: the causes (each with its symptoms) most severe and costly first,
 * the rules that could not be evaluated or failed, and where the sources disagree.
 */
public record Diagnosed(List<Finding> causes, List<NotEvaluated> notEvaluated, List<RuleFailure> failures,
                        List<ConsistencyNote> consistency) {
    public Diagnosed {
        causes = causes.stream().sorted(Finding.ORDER).toList();
        notEvaluated = List.copyOf(notEvaluated);
        failures = List.copyOf(failures);
        consistency = List.copyOf(consistency);
    }
}
