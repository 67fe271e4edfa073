package dev.ioverdict.parse.blkparse;

import java.nio.charset.StandardCharsets;

/**
 * Interns short byte runs (RWBS, process names) as Strings: a trace of millions of lines names
 * a few dozen processes, so one String per distinct name instead of one per line. Runs of up to
 * 16 bytes (a kernel comm is at most 15) are keyed by their bytes packed into two longs, so a
 * hit costs no byte-by-byte compare. Longer runs, and new runs once the cache is full, are
 * answered without being kept.
 */
final class TextCache {
    private static final int SLOTS = 4096;
    private static final int MAX_KEPT = SLOTS / 2;
    private static final int MAX_PACKED = 16;

    private final long[] lows = new long[SLOTS];
    private final long[] highs = new long[SLOTS];
    private final int[] lengths = new int[SLOTS];
    private final String[] values = new String[SLOTS];
    private int kept;

    String get(byte[] b, int from, int to) {
        int len = to - from;
        if (len <= 0) {
            return "";
        }
        if (len > MAX_PACKED) {
            return new String(b, from, len, StandardCharsets.UTF_8);
        }
        long low = 0;
        long high = 0;
        int mid = Math.min(to, from + 8);
        for (int i = mid - 1; i >= from; i--) {
            low = (low << 8) | (b[i] & 0xff);
        }
        for (int i = to - 1; i >= mid; i--) {
            high = (high << 8) | (b[i] & 0xff);
        }
        long h = (low * 0x9E3779B97F4A7C15L) ^ (high * 0xC2B2AE3D27D4EB4FL) ^ len;
        int slot = (int) (h ^ (h >>> 29)) & (SLOTS - 1);
        while (true) {
            String v = values[slot];
            if (v == null) {
                String s = new String(b, from, len, StandardCharsets.UTF_8);
                if (kept < MAX_KEPT) {
                    lows[slot] = low;
                    highs[slot] = high;
                    lengths[slot] = len;
                    values[slot] = s;
                    kept++;
                }
                return s;
            }
            if (lows[slot] == low && highs[slot] == high && lengths[slot] == len) {
                return v;
            }
            slot = (slot + 1) & (SLOTS - 1);
        }
    }
}
