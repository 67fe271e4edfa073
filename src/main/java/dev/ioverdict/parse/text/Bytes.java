package dev.ioverdict.parse.text;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Searches of a line's bytes for the hot path, eight bytes a step (String's own searches have
 * intrinsics a loop over bytes lacks): each word is tested for a byte equal to the one sought, and
 * the lowest flagged byte is always a true match (a false flag can only sit above a true one).
 */
public final class Bytes {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;

    private Bytes() {
    }

    /** The first index of {@code c} in {@code b[from, to)}, or -1. */
    public static int indexOf(byte[] b, int from, int to, byte c) {
        int i = Math.max(from, 0);
        long pattern = pattern(c);
        for (; i + 8 <= to; i += 8) {
            long hit = flags((long) LONGS.get(b, i), pattern);
            if (hit != 0) {
                return i + (Long.numberOfTrailingZeros(hit) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (b[i] == c) {
                return i;
            }
        }
        return -1;
    }

    /** The last index of {@code c} in {@code b[from, to)}, or -1: where a piece of a file cut at line ends ends. */
    public static int lastIndexOf(byte[] b, int from, int to, byte c) {
        for (int i = to - 1; i >= from; i--) {
            if (b[i] == c) {
                return i;
            }
        }
        return -1;
    }

    /** The first index of {@code c} or {@code d} in {@code b[from, to)}, or {@code to}. */
    public static int endAt(byte[] b, int from, int to, byte c, byte d) {
        int i = Math.max(from, 0);
        long pc = pattern(c);
        long pd = pattern(d);
        for (; i + 8 <= to; i += 8) {
            long w = (long) LONGS.get(b, i);
            long hit = flags(w, pc) | flags(w, pd);
            if (hit != 0) {
                return i + (Long.numberOfTrailingZeros(hit) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (b[i] == c || b[i] == d) {
                return i;
            }
        }
        return to;
    }

    /** The pattern {@link #flags} compares a word with: {@code c} in each of its eight bytes. */
    public static long pattern(byte c) {
        return ONES * (c & 0xff);
    }

    /**
     * The eight bytes of {@code b} from {@code i} as a little-endian word, those at or past
     * {@code to} zero: read in one load when the array holds them (a line's array has room past
     * its end), so that a search's last bytes need no loop of their own.
     */
    public static long word(byte[] b, int i, int to) {
        int left = to - i;
        if (left <= 0) {
            return 0;
        }
        if (i + 8 <= b.length) {
            long w = (long) LONGS.get(b, i);
            return left >= 8 ? w : w & ((1L << (left << 3)) - 1);
        }
        long w = 0;
        for (int k = Math.min(left, 8) - 1; k >= 0; k--) {
            w = w << 8 | (b[i + k] & 0xff);
        }
        return w;
    }

    /**
     * The high bit of each byte of {@code w} equal to the byte of {@code pattern} (not zero); a
     * false flag can sit just above a true one, so a caller that takes every flag checks each.
     */
    public static long flags(long w, long pattern) {
        long x = w ^ pattern;
        return (x - ONES) & ~x & HIGHS;
    }

    /** Whether {@code b[from, from + k.length)} holds the bytes of {@code k} (the caller knows they fit). */
    public static boolean same(byte[] k, byte[] b, int from) {
        int n = k.length;
        if (n < 8) {
            for (int i = 0; i < n; i++) {
                if (k[i] != b[from + i]) {
                    return false;
                }
            }
            return true;
        }
        int i = 0;
        for (; i + 8 < n; i += 8) {
            if ((long) LONGS.get(k, i) != (long) LONGS.get(b, from + i)) {
                return false;
            }
        }
        // the last eight, overlapping those compared when n is no multiple of eight
        return (long) LONGS.get(k, n - 8) == (long) LONGS.get(b, from + n - 8);
    }
}
