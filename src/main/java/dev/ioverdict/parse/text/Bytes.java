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
        long pattern = ONES * (c & 0xff);
        for (; i + 8 <= to; i += 8) {
            long x = (long) LONGS.get(b, i) ^ pattern;
            long hit = (x - ONES) & ~x & HIGHS;
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

    /** The first index of {@code c} or {@code d} in {@code b[from, to)}, or {@code to}. */
    public static int endAt(byte[] b, int from, int to, byte c, byte d) {
        int i = Math.max(from, 0);
        long pc = ONES * (c & 0xff);
        long pd = ONES * (d & 0xff);
        for (; i + 8 <= to; i += 8) {
            long w = (long) LONGS.get(b, i);
            long x = w ^ pc;
            long y = w ^ pd;
            long hit = ((x - ONES) & ~x | (y - ONES) & ~y) & HIGHS;
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

    /** The first index of {@code c}, {@code d} or {@code e} in {@code b[from, to)}, or -1. */
    public static int indexOfAny(byte[] b, int from, int to, byte c, byte d, byte e) {
        int i = Math.max(from, 0);
        long pc = ONES * (c & 0xff);
        long pd = ONES * (d & 0xff);
        long pe = ONES * (e & 0xff);
        for (; i + 8 <= to; i += 8) {
            long w = (long) LONGS.get(b, i);
            long x = w ^ pc;
            long y = w ^ pd;
            long z = w ^ pe;
            long hit = ((x - ONES) & ~x | (y - ONES) & ~y | (z - ONES) & ~z) & HIGHS;
            if (hit != 0) {
                return i + (Long.numberOfTrailingZeros(hit) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (b[i] == c || b[i] == d || b[i] == e) {
                return i;
            }
        }
        return -1;
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
