package dev.ioverdict.rules;

import dev.ioverdict.analysis.CaseData;
import java.util.Optional;
import java.util.function.Function;

/**
 * Something a rule reads, resolved by the engine before the rule runs (insights-core's
 * {@code @rule(Required, [Optional])}): what it is, how a consultant collects it next time, and how
 * to find it in a case. Empty when the case does not hold it: then a rule that requires it is not
 * evaluated, and the report says what to collect.
 */
public record Input<T>(String id, String description, String howToCollect, Function<CaseData, Optional<T>> resolver) {

    public Optional<T> resolve(CaseData data) {
        return resolver.apply(data);
    }
}
