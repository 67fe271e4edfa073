package dev.ioverdict.bundle;

/**
 * Something of the bundle that was not read, or not read whole, and why: a FIFO, a link out of the
 * bundle, an unsafe or encrypted archive entry, the point where a damaged archive broke.
 * {@code damaged} is false for notes that lose nothing (a folder reached twice through a link).
 */
public record Skipped(String path, String reason, boolean damaged) {
}
