package dev.ioverdict.model.config;

import java.util.Map;
import java.util.TreeMap;

/**
 * One XFS geometry block as xfs_info or mkfs.xfs prints it. Sizes are bytes; {@code blocks},
 * {@code sunit} and {@code swidth} are counted in filesystem blocks and {@code logSunit} in log
 * blocks, as the tool prints them ("blks"). {@code log} and {@code realtime} are the section values
 * as printed: "internal", "internal log", "none" or an external device. Any number the tool did
 * not print is null. {@code settings} keeps every {@code section.key=value} pair as printed
 * (e.g. {@code meta-data.crc=1}, {@code naming.ftype=1}). {@code line}/{@code text} are the
 * {@code data ... bsize=} line, the one that states the block size.
 */
public record XfsGeometry(String device, String mount,
                          Integer inodeSize, Integer agCount, Long agSize, Integer sectorSize,
                          Boolean crc, Boolean reflink,
                          Integer blockSize, Long blocks, Long sunit, Long swidth,
                          Integer directoryBlockSize, Boolean ftype,
                          String log, Integer logBlockSize, Long logBlocks, Integer logSectorSize, Long logSunit,
                          String realtime, Integer realtimeExtentSize,
                          Map<String, String> settings,
                          String input, long line, String text) implements ConfigFact {
    public XfsGeometry {
        settings = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(settings));
    }

    /** True when the log lives on its own device (xfs_info prints its path instead of "internal"). */
    public boolean externalLog() {
        return log != null && !log.startsWith("internal");
    }
}
