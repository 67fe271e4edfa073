package dev.ioverdict.parse.text;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One String per distinct short piece of text a trace repeats on every line (call and event
 * names, process names, stack symbols): found from the line's characters without a substring, so
 * the hot loop allocates nothing for them and every map keyed by them hashes each name once.
 * Bounded: a piece that finds no free slot after a few probes is returned as a fresh substring.
 */
public final class Interner {
    private static final int PROBES = 8;
    private final String[] slots;
    /** The mixed hash of each slot's piece: a probe that meets another piece moves on without comparing it. */
    private final int[] hashes;
    /** The bytes of the pieces found from bytes, compared without going through their String. */
    private final byte[][] bytes;

    /** A table of {@code 2^bits} slots. */
    public Interner(int bits) {
        slots = new String[1 << bits];
        hashes = new int[1 << bits];
        bytes = new byte[1 << bits][];
    }

    /** The text of {@code s[from, to)}. */
    public String of(String s, int from, int to) {
        int h = 0;
        for (int i = from; i < to; i++) {
            h = 31 * h + s.charAt(i);
        }
        return find(h, s, null, from, to);
    }

    /**
     * The text of the ASCII bytes {@code b[from, to)}, found without decoding them: the same String
     * as {@link #of(String, int, int)} gives for those characters (both hash as {@link String} does).
     */
    public String of(byte[] b, int from, int to) {
        int h = 0;
        int i = from;
        // four characters a step: 31 * (31 * (31 * (31 * h + c0) + c1) + c2) + c3, without the chain of multiplies
        for (; i + 4 <= to; i += 4) {
            h = h * 923521 + (b[i] & 0xff) * 29791 + (b[i + 1] & 0xff) * 961 + (b[i + 2] & 0xff) * 31 + (b[i + 3] & 0xff);
        }
        for (; i < to; i++) {
            h = 31 * h + (b[i] & 0xff);
        }
        return find(h, null, b, from, to);
    }

    /**
     * The piece of String hash {@code h} at {@code [from, to)} of {@code s}, or of {@code b} when s is
     * null: one probe sequence for both, so characters and their bytes meet in the same slot.
     */
    private String find(int h, String s, byte[] b, int from, int to) {
        int length = to - from;
        h ^= h >>> 16;
        int mask = slots.length - 1;
        for (int probe = 0; probe < PROBES; probe++) {
            int at = (h + probe) & mask;
            String known = slots[at];
            if (known == null) {
                if (s != null) {
                    slots[at] = s.substring(from, to);
                } else {
                    bytes[at] = Arrays.copyOfRange(b, from, to);
                    slots[at] = new String(bytes[at], StandardCharsets.ISO_8859_1);
                }
                hashes[at] = h;
                return slots[at];
            }
            if (hashes[at] != h) {
                continue;
            }
            // confirmed on the bytes or characters themselves: hashes of different pieces may meet
            byte[] kb = bytes[at];
            if (s == null && kb != null) {
                if (kb.length == length && Bytes.same(kb, b, from)) {
                    return known;
                }
            } else if (known.length() == length && (s != null ? s.regionMatches(from, known, 0, length) : sameChars(known, b, from))) {
                return known;
            }
        }
        return s != null ? s.substring(from, to) : new String(b, from, length, StandardCharsets.ISO_8859_1);
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
