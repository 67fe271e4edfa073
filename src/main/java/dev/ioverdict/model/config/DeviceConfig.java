package dev.ioverdict.model.config;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the bundle says about one block device, merged from lsblk and /sys/block/DEV/queue: kernel
 * name ({@code sda}, {@code dm-0}), lsblk name when it differs ({@code centos-root}), major:minor
 * ("8:0"), type, the devices it sits on, active scheduler, and the queue values by their sysfs
 * names ({@code nr_requests}, {@code rotational}, ...); lsblk's WWN and SERIAL of the disk (how a
 * comparison knows sdc of one capture is sdf of the next). Unknown values are null.
 */
public record DeviceConfig(String device, String name, String majMin, String type, List<String> parents,
                           String scheduler, Boolean rotational, Integer nrRequests,
                           Integer logicalBlockSize, Integer physicalBlockSize, Map<String, String> settings,
                           @JsonInclude(JsonInclude.Include.NON_NULL) String alias,
                           @JsonInclude(JsonInclude.Include.NON_NULL) String wwid,
                           @JsonInclude(JsonInclude.Include.NON_NULL) String mount,
                           @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> paths,
                           @JsonInclude(JsonInclude.Include.NON_NULL) String label,
                           @JsonInclude(JsonInclude.Include.NON_NULL) String wwn,
                           @JsonInclude(JsonInclude.Include.NON_NULL) String serial) {
    public DeviceConfig {
        parents = List.copyOf(parents);
        settings = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(settings));
        paths = paths == null ? List.of() : List.copyOf(paths);
    }

    /** Without identity (multipath/dmsetup alias, WWID, mount point, paths, label). */
    public DeviceConfig(String device, String name, String majMin, String type, List<String> parents,
                        String scheduler, Boolean rotational, Integer nrRequests,
                        Integer logicalBlockSize, Integer physicalBlockSize, Map<String, String> settings) {
        this(device, name, majMin, type, parents, scheduler, rotational, nrRequests, logicalBlockSize,
                physicalBlockSize, settings, null, null, null, List.of(), null, null, null);
    }

    /** The same device with its identity: the label is how the report names it everywhere. */
    public DeviceConfig withIdentity(String alias, String wwid, String mount, List<String> paths, String label) {
        return new DeviceConfig(device, name, majMin, type, parents, scheduler, rotational, nrRequests,
                logicalBlockSize, physicalBlockSize, settings, alias, wwid, mount, paths, label, wwn, serial);
    }

    /** The same device with lsblk's WWN and SERIAL of the disk. */
    public DeviceConfig withDiskIds(String wwn, String serial) {
        return new DeviceConfig(device, name, majMin, type, parents, scheduler, rotational, nrRequests,
                logicalBlockSize, physicalBlockSize, settings, alias, wwid, mount, paths, label, wwn, serial);
    }
}
