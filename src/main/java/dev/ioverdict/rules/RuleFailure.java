package dev.ioverdict.rules;

import com.fasterxml.jackson.annotation.JsonIgnore;

/** A rule that threw: a defect of ioverdict, shown in the report, on the console and in the exit status. */
public record RuleFailure(String rule, String message, @JsonIgnore Throwable cause) {
    /** "device-latency: IllegalStateException: ..." */
    @Override
    public String toString() {
        return rule + ": " + message;
    }
}
