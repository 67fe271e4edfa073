package dev.ioverdict.model.config;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * The report's {@code config} section (CONTRACT.md): filesystems (one per filesystem, block size
 * from xfs_info when known), I/O schedulers per device, and every block device the bundle
 * describes with its queue settings; which device sits on which ({@code stacks}), when any does.
 */
public record ConfigSection(List<FilesystemInfo> filesystems, List<SchedulerSetting> schedulers,
                            List<DeviceConfig> devices,
                            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<DeviceLink> stacks) {
    public ConfigSection {
        filesystems = List.copyOf(filesystems);
        schedulers = List.copyOf(schedulers);
        devices = List.copyOf(devices);
        stacks = stacks == null ? List.of() : List.copyOf(stacks);
    }

    public ConfigSection(List<FilesystemInfo> filesystems, List<SchedulerSetting> schedulers,
                         List<DeviceConfig> devices) {
        this(filesystems, schedulers, devices, List.of());
    }

    public ConfigSection(List<FilesystemInfo> filesystems, List<SchedulerSetting> schedulers) {
        this(filesystems, schedulers, List.of());
    }

    public ConfigSection withStacks(List<DeviceLink> links) {
        return new ConfigSection(filesystems, schedulers, devices, links);
    }
}
