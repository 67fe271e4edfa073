package dev.ioverdict.analysis.block;

/**
 * The phases btt averages, in the order {@code BlockDeviceStats} lists them. The dm/md variants
 * hold the Q2Q, Q2A and Q2C of remapping devices (majors 9, 253, 254), which btt keeps apart.
 */
enum Phase {
    Q2Q, Q2A, Q2G, S2G, G2I, Q2M, I2D, M2D, D2C, Q2C, Q2Qdm, Q2Adm, Q2Cdm;

    static final Phase[] ALL = values();
}
