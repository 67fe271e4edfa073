package dev.ioverdict.model.block;

import java.util.List;
import java.util.Optional;

/**
 * The phases of a block I/O under btt's own names, in the order btt prints them. The dm/md
 * variants hold the Q2Q, Q2A and Q2C of remapping devices (majors 9, 253, 254), which btt keeps
 * apart. {@link #A2D} is ioverdict's own: remap to issue on request-based dm paths that have no Q
 * below the remap, where btt pairs nothing.
 */
public enum Phase {
    Q2Q, Q2A, Q2G, S2G, G2I, Q2M, I2D, M2D, A2D, D2C, Q2C, Q2Qdm, Q2Adm, Q2Cdm;

    /** The phases btt averages, in its order. */
    public static final List<Phase> BTT = List.of(Q2Q, Q2A, Q2G, S2G, G2I, Q2M, I2D, M2D, D2C, Q2C, Q2Qdm, Q2Adm,
            Q2Cdm);
    /** The columns of btt's Device Overhead table: each one's share of Q2C. */
    public static final List<Phase> OVERHEAD = List.of(Q2G, G2I, Q2M, I2D, D2C);

    /** The phase btt prints as {@code name} ("D2C", "Q2Cdm"), if it is one. */
    public static Optional<Phase> byName(String name) {
        for (Phase p : values()) {
            if (p.name().equals(name)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }
}
