package dev.ioverdict.model.config;

import java.util.List;

/** The report's {@code config} section: filesystems and I/O schedulers found in the bundle (CONTRACT.md). */
public record ConfigSection(List<FilesystemInfo> filesystems, List<SchedulerSetting> schedulers) {
    public ConfigSection {
        filesystems = List.copyOf(filesystems);
        schedulers = List.copyOf(schedulers);
    }
}
