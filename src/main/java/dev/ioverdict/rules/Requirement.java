package dev.ioverdict.rules;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.ioverdict.analysis.CaseData;
import java.util.function.Predicate;

/**
 * Input a rule needs. When missing, the engine lists the rule as not evaluated with
 * {@code howToCollect}, the command a consultant runs to get it next time.
 */
public record Requirement(String id, String description, String howToCollect,
                          @JsonIgnore Predicate<CaseData> present) {

    public static Requirement format(String formatId, String description, String howToCollect) {
        return new Requirement(formatId, description, howToCollect, c -> c.hasFormat(formatId));
    }
}
