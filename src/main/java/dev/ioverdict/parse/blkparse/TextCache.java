package dev.ioverdict.parse.blkparse;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Interns short byte runs (RWBS, process names) as Strings: a trace of millions of lines names
 * a few dozen processes, so one String per distinct name instead of one per line. Past its
 * capacity it still answers, only without keeping new names.
 */
final class TextCache {
    private static final int SLOTS = 4096;
    private static final int MAX_KEPT = SLOTS / 2;
    private static final int MAX_LENGTH = 64;

    private final byte[][] keys = new byte[SLOTS][];
    private final String[] values = new String[SLOTS];
    private int kept;

    String get(byte[] b, int from, int to) {
        int len = to - from;
        if (len <= 0) {
            return "";
        }
        if (len > MAX_LENGTH) {
            return new String(b, from, len, StandardCharsets.UTF_8);
        }
        int h = 0;
        for (int i = from; i < to; i++) {
            h = 31 * h + b[i];
        }
        int slot = (h ^ (h >>> 16)) & (SLOTS - 1);
        while (true) {
            byte[] k = keys[slot];
            if (k == null) {
                String s = new String(b, from, len, StandardCharsets.UTF_8);
                if (kept < MAX_KEPT) {
                    keys[slot] = Arrays.copyOfRange(b, from, to);
                    values[slot] = s;
                    kept++;
                }
                return s;
            }
            if (k.length == len && Arrays.equals(k, 0, len, b, from, to)) {
                return values[slot];
            }
            slot = (slot + 1) & (SLOTS - 1);
        }
    }
}
