package dev.ioverdict.parse.blktrace;

import java.io.IOException;
import java.util.List;

/**
 * Merges the records of several trace files, each in time order, into one stream ordered as
 * blkparse orders its trace tree: time, then device, then sequence (then file, for a total
 * order). A binary heap of the files by their current record.
 */
final class TimeMerge {
    private final TraceFile[] heap;
    private int size;

    TimeMerge(List<TraceFile> files) throws IOException {
        heap = new TraceFile[files.size()];
        for (TraceFile f : files) {
            if (f.next()) {
                heap[size++] = f;
                up(size - 1);
            }
        }
    }

    /** The file whose current record comes next, or null when all are read. */
    TraceFile poll() {
        return size == 0 ? null : heap[0];
    }

    /** Moves {@code f} (the one {@link #poll()} gave) past its current record. */
    void advance(TraceFile f) throws IOException {
        if (f.next()) {
            down(0);
        } else {
            heap[0] = heap[--size];
            heap[size] = null;
            if (size > 0) {
                down(0);
            }
        }
    }

    private static boolean before(TraceFile a, TraceFile b) {
        if (a.time != b.time) {
            return a.time < b.time;
        }
        if (a.device != b.device) {
            return Integer.compareUnsigned(a.device, b.device) < 0;
        }
        if (a.sequence != b.sequence) {
            return Integer.compareUnsigned(a.sequence, b.sequence) < 0;
        }
        return a.index < b.index;
    }

    private void up(int i) {
        while (i > 0) {
            int parent = (i - 1) / 2;
            if (!before(heap[i], heap[parent])) {
                return;
            }
            swap(i, parent);
            i = parent;
        }
    }

    private void down(int i) {
        while (true) {
            int l = 2 * i + 1;
            if (l >= size) {
                return;
            }
            int m = l + 1 < size && before(heap[l + 1], heap[l]) ? l + 1 : l;
            if (!before(heap[m], heap[i])) {
                return;
            }
            swap(i, m);
            i = m;
        }
    }

    private void swap(int a, int b) {
        TraceFile t = heap[a];
        heap[a] = heap[b];
        heap[b] = t;
    }
}
