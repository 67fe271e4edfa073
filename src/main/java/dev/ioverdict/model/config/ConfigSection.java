package dev.ioverdict.model.config;

import java.util.List;

/**
 * The report's {@code config} section (CONTRACT.md): filesystems (one per filesystem, block size
 * from xfs_info when known), I/O schedulers per device, and every block device the bundle
 * describes with its queue settings.
 */
public record ConfigSection(List<FilesystemInfo> filesystems, List<SchedulerSetting> schedulers,
                            List<DeviceConfig> devices) {
    public ConfigSection {
        filesystems = List.copyOf(filesystems);
        schedulers = List.copyOf(schedulers);
        devices = List.copyOf(devices);
    }

    public ConfigSection(List<FilesystemInfo> filesystems, List<SchedulerSetting> schedulers) {
        this(filesystems, schedulers, List.of());
    }
}
