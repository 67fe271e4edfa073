package dev.ioverdict.model;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * An enum whose id (in report.json, on pages) is its constant's name in kebab case
 * ({@code NOT_EXPLAINED}: "not-explained"), so an id is never written beside its constant a
 * second time and cannot drift from it.
 */
public interface KebabId {
    String name();

    @JsonValue
    default String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
