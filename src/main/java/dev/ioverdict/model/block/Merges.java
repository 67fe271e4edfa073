package dev.ioverdict.model.block;

/** btt's Device Merge Information: #Q, #D and #Q/#D. */
public record Merges(long q, long d, double ratio) {
}
