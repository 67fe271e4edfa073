package dev.ioverdict.model;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** How bad a finding is; declaration order is most severe first. */
public enum Severity {
    CRITICAL, WARNING, INFO;

    @JsonValue
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Severity parse(String text) {
        return valueOf(text.trim().toUpperCase(Locale.ROOT));
    }

    public boolean atLeast(Severity other) {
        return ordinal() <= other.ordinal();
    }
}
