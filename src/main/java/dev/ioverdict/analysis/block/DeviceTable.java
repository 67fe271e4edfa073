package dev.ioverdict.analysis.block;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The devices of a trace in the order btt meets them (its device order in every table), looked
 * up on every event: the last one answered first, then a linear scan while there are few.
 */
final class DeviceTable {
    private static final int SCANNED = 32;

    private final TimeGrid grid;
    private final SampleWriter samples;
    private final Map<Integer, BttDevice> byDevT = new HashMap<>();
    private BttDevice[] inOrder = new BttDevice[8];
    private int size;
    private BttDevice last;

    DeviceTable(TimeGrid grid, SampleWriter samples) {
        this.grid = grid;
        this.samples = samples;
    }

    /** The device, created on first sight (btt's dip_alloc). */
    BttDevice get(int major, int minor) {
        BttDevice d = last;
        if (d != null && d.major == major && d.minor == minor) {
            return d;
        }
        d = find(major, minor);
        if (d == null) {
            d = new BttDevice(major, minor, grid, samples);
            byDevT.put((major << 20) | minor, d);
            if (size == inOrder.length) {
                inOrder = Arrays.copyOf(inOrder, size * 2);
            }
            inOrder[size++] = d;
        }
        last = d;
        return d;
    }

    /** The device if btt has met it (btt's __dip_find), else null. */
    BttDevice find(int major, int minor) {
        if (size <= SCANNED) {
            for (int i = 0; i < size; i++) {
                BttDevice d = inOrder[i];
                if (d.major == major && d.minor == minor) {
                    return d;
                }
            }
            return null;
        }
        return byDevT.get((major << 20) | minor);
    }

    List<BttDevice> all() {
        return new ArrayList<>(Arrays.asList(inOrder).subList(0, size));
    }
}
