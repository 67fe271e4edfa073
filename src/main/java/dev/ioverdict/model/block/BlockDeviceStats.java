package dev.ioverdict.model.block;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Map;

/**
 * btt's figures for one device ("8,0") or for all devices ("all"). {@code phases} is keyed by
 * btt's own names (Q2Q, Q2A, Q2G, S2G, G2I, Q2M, I2D, M2D, D2C, Q2C, Q2Qdm, Q2Adm, Q2Cdm), in that
 * order; {@code overheadPct} by Q2G, G2I, Q2M, I2D, D2C. {@code source}: blkparse, btt or perf-script.
 */
@JsonPropertyOrder({"device", "source", "phases", "overheadPct", "merges"})
public record BlockDeviceStats(String device, String source, Map<Phase, PhaseStat> phases,
                               Map<Phase, Double> overheadPct, Merges merges) {
    public BlockDeviceStats {
        phases = Phases.copy(phases);
        overheadPct = Phases.copy(overheadPct);
    }

    public PhaseStat phase(Phase name) {
        return phases.getOrDefault(name, PhaseStat.EMPTY);
    }

    /** The figures of the phase btt prints as {@code name} ("D2C"), null when there are none: templates name phases so. */
    public PhaseStat phaseNamed(String name) {
        return Phase.byName(name).map(phases::get).orElse(null);
    }

    /** The Device Overhead share of the phase btt prints as {@code name}, null when there is none. */
    public Double overheadNamed(String name) {
        return Phase.byName(name).map(overheadPct::get).orElse(null);
    }
}
