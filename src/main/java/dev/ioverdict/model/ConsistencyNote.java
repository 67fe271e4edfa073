package dev.ioverdict.model;

import java.util.List;

/**
 * Two sources that disagree about one quantity (btt's phase rows against its own Device Overhead
 * table, iostat's estimate of queueing against the block trace's measure): said once, with the
 * lines of both, instead of printing both as facts. {@code about} is the subject (a device).
 */
public record ConsistencyNote(String about, String text, List<Evidence> evidence) {
    public ConsistencyNote {
        evidence = List.copyOf(evidence);
    }
}
