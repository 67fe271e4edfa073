package dev.ioverdict.model.block;

import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.UnsignedLongSerializer;
import java.util.List;
import java.util.Map;

/**
 * One traced I/O for the report's "slowest I/Os": who issued it, the device path it took (e.g.
 * "253,0 -> 8,32"; {@code device} is the first device of the path), where it was queued
 * ({@code queuedAt}, in the trace's own clock), and the captured lines of its events. Its phases
 * are in seconds, as applicable: Q2A (volume Q to remap), Q2G, S2G, G2I, Q2M, I2D, M2D where the
 * request was scheduled, A2D (remap to issue, for request-based dm without a Q below), D2C on the
 * device at the bottom of the path, and Q2C end to end on the device at the top.
 */
public record BlockIo(String device, String path, String rwbs,
                      @JsonSerialize(using = UnsignedLongSerializer.class) long sector, int sectors, String comm, int pid,
                      double queuedAt, Map<Phase, Double> phases, List<Evidence> lines) {
    public BlockIo {
        phases = Phases.copy(phases);
        lines = List.copyOf(lines);
    }

    /** The seconds of the phase btt prints as {@code name} ("Q2C"), null when the I/O went through none: templates name phases so. */
    public Double phaseNamed(String name) {
        return Phase.byName(name).map(phases::get).orElse(null);
    }
}
