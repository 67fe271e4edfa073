package dev.ioverdict.parse.blkparse;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Decimal digits and blanks read eight at a time (SWAR): every field of a blkparse line. */
final class Digits {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private Digits() {
    }

    private static final long HIGHS = 0x8080808080808080L;
    private static final long LOWS = 0x7F7F7F7F7F7F7F7FL;

    /** The eight bytes at b[i..i+8) as one little-endian long: the first byte lowest. */
    static long word(byte[] b, int i) {
        return (long) LONGS.get(b, i);
    }

    /**
     * How many of the eight bytes of {@code w} (first byte lowest) are ASCII digits before the
     * first that is not: 0 to 8. Exact per byte: no carry crosses a byte.
     */
    static int leadingDigits(long w) {
        long low = w & LOWS;
        // high bit set where the byte's low seven bits are >= '0', and where they are > '9'
        long atLeast0 = low + 0x5050505050505050L;
        long above9 = low + 0x4646464646464646L;
        long digits = atLeast0 & ~above9 & ~w & HIGHS;
        return Long.numberOfTrailingZeros(~digits & HIGHS) >>> 3;
    }

    /** How many of the eight bytes of {@code w} are blanks (' ' or '\t') before the first that is not: 0 to 8. */
    static int leadingBlanks(long w) {
        long blank = zeroBytes(w ^ 0x2020202020202020L) | zeroBytes(w ^ 0x0909090909090909L);
        return Long.numberOfTrailingZeros(~blank & HIGHS) >>> 3;
    }

    /** The high bit of each byte of x that is zero, exactly (no false positives from borrows). */
    private static long zeroBytes(long x) {
        return ~(((x & LOWS) + LOWS) | x | LOWS);
    }

    /** The value of the first n (1 to 8) bytes of {@code w}, all ASCII digits (see {@link #leadingDigits}). */
    static long value(long w, int n) {
        // the digits to the top bytes, zeros (leading zeros of the number) below them
        long v = (w - 0x3030303030303030L) << (64 - 8 * n);
        v = (v * 10 + (v >>> 8)) & 0x00FF00FF00FF00FFL;
        v = (v * 100 + (v >>> 16)) & 0x0000FFFF0000FFFFL;
        return (v * 10000 + (v >>> 32)) & 0xFFFFFFFFL;
    }

    /** The value of the eight ASCII digits at b[i..i+8), or -1 if any is not a digit. */
    static long eight(byte[] b, int i) {
        long v = (long) LONGS.get(b, i) - 0x3030303030303030L;
        // a byte outside 0..9 either went below zero or reaches 0x80 when 0x76 is added
        if (((v | (v + 0x7676767676767676L)) & 0x8080808080808080L) != 0) {
            return -1;
        }
        v = (v * 10 + (v >>> 8)) & 0x00FF00FF00FF00FFL;
        v = (v * 100 + (v >>> 16)) & 0x0000FFFF0000FFFFL;
        return (v * 10000 + (v >>> 32)) & 0xFFFFFFFFL;
    }
}
