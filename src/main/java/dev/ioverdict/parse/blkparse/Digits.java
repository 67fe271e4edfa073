package dev.ioverdict.parse.blkparse;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Decimal digits read eight at a time (SWAR), for the nanoseconds every blkparse line carries. */
final class Digits {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private Digits() {
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
