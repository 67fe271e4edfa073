package dev.ioverdict.model.config;

/**
 * A filesystem as the bundle describes it (xfs_info, mounts, lsblk): device, mount point, type,
 * block size and sector size in bytes (null when unknown), and the line that says so.
 */
public record FilesystemInfo(String device, String mount, String type, Integer blockSize, Integer sectorSize,
                             String input, long line, String text) implements ConfigFact {
}
