package dev.ioverdict.parse.text;

import java.nio.charset.StandardCharsets;

/**
 * One String per distinct short piece of text a trace repeats on every line (call and event
 * names, process names, stack symbols): found from the line's characters without a substring, so
 * the hot loop allocates nothing for them and every map keyed by them hashes each name once.
 * Bounded: a piece that finds no free slot after a few probes is returned as a fresh substring.
 */
public final class Interner {
    private static final int PROBES = 8;
    private final String[] slots;

    /** A table of {@code 2^bits} slots. */
    public Interner(int bits) {
        slots = new String[1 << bits];
    }

    /** The text of {@code s[from, to)}. */
    public String of(String s, int from, int to) {
        int length = to - from;
        int h = 0;
        for (int i = from; i < to; i++) {
            h = 31 * h + s.charAt(i);
        }
        h ^= h >>> 16;
        int mask = slots.length - 1;
        for (int probe = 0; probe < PROBES; probe++) {
            int at = (h + probe) & mask;
            String known = slots[at];
            if (known == null) {
                String piece = s.substring(from, to);
                slots[at] = piece;
                return piece;
            }
            if (known.length() == length && sameChars(known, s, from)) {
                return known;
            }
        }
        return s.substring(from, to);
    }

    /**
     * The text of the ASCII bytes {@code b[from, to)}, found without decoding them: the same String
     * as {@link #of(String, int, int)} gives for those characters (both hash as {@link String} does).
     */
    public String of(byte[] b, int from, int to) {
        int length = to - from;
        int h = 0;
        for (int i = from; i < to; i++) {
            h = 31 * h + (b[i] & 0xff);
        }
        h ^= h >>> 16;
        int mask = slots.length - 1;
        for (int probe = 0; probe < PROBES; probe++) {
            int at = (h + probe) & mask;
            String known = slots[at];
            if (known == null) {
                String piece = new String(b, from, length, StandardCharsets.ISO_8859_1);
                slots[at] = piece;
                return piece;
            }
            if (known.length() == length && sameChars(known, b, from)) {
                return known;
            }
        }
        return new String(b, from, length, StandardCharsets.ISO_8859_1);
    }

    /** A plain loop: the pieces are short, and {@code startsWith}'s vectorised compare costs more to set up. */
    private static boolean sameChars(String known, String s, int from) {
        for (int k = 0, n = known.length(); k < n; k++) {
            if (known.charAt(k) != s.charAt(from + k)) {
                return false;
            }
        }
        return true;
    }

    private static boolean sameChars(String known, byte[] b, int from) {
        for (int k = 0, n = known.length(); k < n; k++) {
            if (known.charAt(k) != (b[from + k] & 0xff)) {
                return false;
            }
        }
        return true;
    }
}
