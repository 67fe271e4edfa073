package dev.ioverdict.model.config;

import dev.ioverdict.model.Fact;

/** A fact of the storage configuration: devices, their names and stacking, mounts, filesystems, queue settings. */
public sealed interface ConfigFact extends Fact permits BlockDevice, FilesystemInfo, ListedDevice, Mount, QueueSetting, SchedulerSetting, XfsGeometry {
}
