package dev.ioverdict.model;

/**
 * Something a finding takes for granted because the bundle does not hold it (a default block size,
 * an interval that may be the since-boot average), and the command that would settle it.
 */
public record Assumption(String what, String toConfirm) {
}
