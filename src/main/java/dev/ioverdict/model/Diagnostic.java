package dev.ioverdict.model;

/** A problem with one input line; problems are data, never exceptions. */
public record Diagnostic(long line, String message) {
}
