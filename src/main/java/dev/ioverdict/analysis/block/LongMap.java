package dev.ioverdict.analysis.block;

import java.util.Arrays;

/**
 * Open-addressing map from a sector (any long) to a value: the in-flight requests of a device,
 * looked up on every D and C without boxing a key.
 */
final class LongMap<V> {
    private long[] keys;
    private Object[] values;
    private int size;

    LongMap() {
        this(64);
    }

    /** Room for {@code slots} / 2 entries before it grows; {@code slots} a power of two. */
    LongMap(int slots) {
        keys = new long[slots];
        values = new Object[slots];
    }

    int size() {
        return size;
    }

    @SuppressWarnings("unchecked")
    V get(long key) {
        int mask = keys.length - 1;
        for (int i = slot(key, mask); ; i = (i + 1) & mask) {
            Object v = values[i];
            if (v == null) {
                return null;
            }
            if (keys[i] == key) {
                return (V) v;
            }
        }
    }

    /** Puts {@code value} (not null) under {@code key}; returns what was there. */
    @SuppressWarnings("unchecked")
    V put(long key, V value) {
        int mask = keys.length - 1;
        int i = slot(key, mask);
        while (values[i] != null) {
            if (keys[i] == key) {
                V old = (V) values[i];
                values[i] = value;
                return old;
            }
            i = (i + 1) & mask;
        }
        keys[i] = key;
        values[i] = value;
        if (++size * 2 > keys.length) {
            grow();
        }
        return null;
    }

    @SuppressWarnings("unchecked")
    V remove(long key) {
        int mask = keys.length - 1;
        int i = slot(key, mask);
        while (values[i] != null) {
            if (keys[i] == key) {
                V old = (V) values[i];
                values[i] = null;
                size--;
                closeGap(i, mask);
                return old;
            }
            i = (i + 1) & mask;
        }
        return null;
    }

    void clear() {
        Arrays.fill(values, null);
        size = 0;
    }

    /** Backward-shift deletion: moves later entries of the probe run into the freed slot. */
    private void closeGap(int free, int mask) {
        int i = (free + 1) & mask;
        while (values[i] != null) {
            int home = slot(keys[i], mask);
            // movable unless its home lies in (free, i] going round: distances to i compared, so
            // no branch on whether the run wraps (rare, and a trap for the JIT when first taken)
            boolean movable = ((i - home) & mask) >= ((i - free) & mask);
            if (movable) {
                keys[free] = keys[i];
                values[free] = values[i];
                values[i] = null;
                free = i;
            }
            i = (i + 1) & mask;
        }
    }

    private void grow() {
        long[] oldKeys = keys;
        Object[] oldValues = values;
        keys = new long[oldKeys.length * 2];
        values = new Object[oldValues.length * 2];
        int mask = keys.length - 1;
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldValues[j] != null) {
                int i = slot(oldKeys[j], mask);
                while (values[i] != null) {
                    i = (i + 1) & mask;
                }
                keys[i] = oldKeys[j];
                values[i] = oldValues[j];
            }
        }
    }

    private static int slot(long key, int mask) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }
}
