package dev.ioverdict.model.block;

import dev.ioverdict.model.Evidence;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One traced I/O for the report's "slowest I/Os": its phases in seconds (Q2G, G2I, Q2M, I2D, M2D,
 * D2C, Q2C as applicable), who issued it, the device path it took (e.g. "253,0 -> 8,32"), and the
 * captured lines of its Q..C events.
 */
public record BlockIo(String device, String path, String rwbs, long sector, int sectors, String comm, int pid,
                      double queuedAt, Map<String, Double> phases, List<Evidence> lines) {
    public BlockIo {
        phases = Collections.unmodifiableMap(new LinkedHashMap<>(phases));
        lines = List.copyOf(lines);
    }
}
