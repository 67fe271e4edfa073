package dev.ioverdict.bundle;

/**
 * How much a bundle may cost before ioverdict stops reading it: bytes written to the temporary
 * folder, compression ratio (a bomb is refused from its first megabytes, not after filling the
 * disk), archive entries, nesting depth, and the longest line a parser keeps whole.
 *
 * @param maxExtractedBytes bytes an archive may expand to in the temporary folder, nested archives included
 * @param maxRatio          expanded bytes per compressed byte, checked once {@link #RATIO_FLOOR} bytes are out
 * @param maxEntries        archive entries read (files, folders, links), nested archives included
 * @param maxDepth          levels of archives inside the bundle opened (3: an archive in an archive in an archive
 *                          in the bundle; 0: none); the bundle itself is not counted, as --help says
 * @param maxLineLength     characters of one line a parser sees; the rest of the line is cut and counted
 */
public record Limits(long maxExtractedBytes, long maxRatio, int maxEntries, int maxDepth, int maxLineLength) {
    /** Below this many expanded bytes the ratio is not checked: tiny archives of zeros are no bomb. */
    public static final long RATIO_FLOOR = 16L << 20;

    public static final Limits DEFAULT = new Limits(8L << 30, 200, 20_000, 3, 4 << 20);

    public Limits {
        if (maxExtractedBytes < 1 || maxRatio < 1 || maxEntries < 1 || maxDepth < 0 || maxLineLength < 80) {
            throw new IllegalArgumentException("limits out of range: " + maxExtractedBytes + ", " + maxRatio + ", "
                    + maxEntries + ", " + maxDepth + ", " + maxLineLength);
        }
    }
}
