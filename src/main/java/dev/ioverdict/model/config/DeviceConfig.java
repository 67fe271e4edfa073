package dev.ioverdict.model.config;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the bundle says about one block device, merged from lsblk and /sys/block/DEV/queue: kernel
 * name ({@code sda}, {@code dm-0}), lsblk name when it differs ({@code centos-root}), major:minor
 * ("8:0"), type, the devices it sits on, active scheduler, and the queue values by their sysfs
 * names ({@code nr_requests}, {@code rotational}, ...). Unknown values are null.
 */
public record DeviceConfig(String device, String name, String majMin, String type, List<String> parents,
                           String scheduler, Boolean rotational, Integer nrRequests,
                           Integer logicalBlockSize, Integer physicalBlockSize, Map<String, String> settings) {
    public DeviceConfig {
        parents = List.copyOf(parents);
        settings = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(settings));
    }
}
