package dev.ioverdict.analysis.block;

import java.util.Arrays;

/** The bios a D or C covers, reused from event to event (it is filled on every D and C). */
final class Found {
    QueuedIo[] items = new QueuedIo[16];
    int size;

    void clear() {
        Arrays.fill(items, 0, size, null);
        size = 0;
    }

    void add(QueuedIo q) {
        if (size == items.length) {
            items = Arrays.copyOf(items, size * 2);
        }
        items[size++] = q;
    }
}
