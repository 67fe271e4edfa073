package dev.ioverdict.report.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Whether a case of a batch was read: summary.json, index.html and the batch's console lines name
 * it by {@link #id()}, the words they have always used.
 */
public enum CaseStatus {
    /** Read whole and diagnosed. */
    OK("ok"),
    /** Diagnosed, but an input had warnings, a rule or an analysis failed: the report says which. */
    DAMAGED("damaged"),
    /** Not diagnosed: the bundle could not be read, or the case ran out of time or memory. */
    FAILED("failed"),
    /** Read, but no file was in a known format with a record in it. */
    NOTHING_USABLE("nothing-usable");

    private final String id;

    CaseStatus(String id) {
        this.id = id;
    }

    @JsonValue
    public String id() {
        return id;
    }

    /** The status a summary.json names; an unknown name (a newer tool's) is refused. */
    @JsonCreator
    public static CaseStatus of(String id) {
        for (CaseStatus s : values()) {
            if (s.id.equals(id)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown case status '" + id + "'");
    }

    /** Whether the case was diagnosed at all: a failed or unusable case has no findings, only its status. */
    public boolean diagnosed() {
        return this == OK || this == DAMAGED;
    }

    @Override
    public String toString() {
        return id;
    }
}
