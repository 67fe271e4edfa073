package dev.ioverdict.analysis.config;

import dev.ioverdict.model.Facts;
import dev.ioverdict.model.config.BlockDevice;
import dev.ioverdict.model.config.DeviceConfig;
import dev.ioverdict.model.config.FilesystemInfo;
import dev.ioverdict.model.config.QueueSetting;
import dev.ioverdict.model.config.SchedulerSetting;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * How the storage is set up, as the bundle's configuration inputs (lsblk, mounts, xfs_info,
 * /sys/block) tell it; what rules ask instead of reading those facts themselves. A device may be
 * named any way a tool names it: {@code sda}, {@code /dev/sda}, {@code /dev/mapper/vg-lv},
 * {@code dm-0}, {@code 8:0} or {@code 8,0} (blkparse). Results hold one per case
 * ({@code results.get(StorageConfig.class)}); every answer is empty when the bundle does not say.
 */
public final class StorageConfig {
    private final Devices devices;
    private final Filesystems filesystems;
    private final DeviceIdentities identities;

    private StorageConfig(Facts facts, DeviceIdentities.Seen seen) {
        this.devices = new Devices(facts);
        this.filesystems = new Filesystems(facts, devices);
        this.identities = DeviceIdentities.of(facts, seen, devices, filesystems, this);
    }

    public static StorageConfig of(Facts facts) {
        return new StorageConfig(facts, DeviceIdentities.Seen.NONE);
    }

    /** With the devices the data sources name (traced numbers, iostat names), so that each has its identity too. */
    public static StorageConfig of(Facts facts, DeviceIdentities.Seen seen) {
        return new StorageConfig(facts, seen);
    }

    /** Every device of the case under one identity, with the one lookup and the one label. */
    public DeviceIdentities identities() {
        return identities;
    }

    /** The kernel name of a device ({@code 8,0} -> {@code sda}, {@code /dev/mapper/vg-lv} -> {@code dm-3}), when known. */
    public Optional<String> deviceName(String device) {
        if (device == null) {
            return Optional.empty();
        }
        Optional<DeviceIdentity> id = identities.find(device);
        if (id.isPresent()) {
            return Optional.ofNullable(id.get().kernelName());
        }
        String sys = devices.sysName(device);
        return DeviceKeys.majMin(sys) != null ? Optional.ofNullable(KernelMajors.name(DeviceKeys.traceForm(sys)))
                : Optional.of(sys);
    }

    /** Major and minor as block traces print them ({@code sda} -> {@code 8,0}), when known. */
    public Optional<String> majMin(String device) {
        Optional<String> known = identities.find(device).map(DeviceIdentity::majMin);
        return known.isPresent() ? known : devices.majMin(device).map(DeviceKeys::traceForm);
    }

    /** Every name a device goes by in this case: as given, its kernel name and its major,minor (when known). */
    public Set<String> names(String device) {
        Set<String> out = new LinkedHashSet<>();
        out.add(device);
        deviceName(device).ifPresent(out::add);
        majMin(device).ifPresent(out::add);
        return out;
    }

    /** A device as every page names it ({@link DeviceIdentity#label()}): {@code sda (8,0, /data)}, {@code dm-2 mpatha (253,2, /oracle)}. */
    public String label(String device) {
        return identities.label(device);
    }

    /** Where the filesystem on the device is mounted (mounts, findmnt, lsblk), when the bundle says. */
    public Optional<String> mountOf(String device) {
        Optional<String> fs = filesystems.onDevice(device).map(FilesystemInfo::mount).filter(m -> m != null);
        return fs.isPresent() ? fs : devices.device(device).map(BlockDevice::mountpoint).filter(m -> !m.isBlank());
    }

    /** The paths of a multipath map (the devices under it that are SCSI disks); empty for anything else. */
    public List<String> paths(String device) {
        if (device == null || devices.alias(device).isEmpty() && devices.wwid(device).isEmpty()) {
            return List.of();
        }
        List<String> parents = devices.parents(device);
        return devices.wwid(device).isPresent() ? parents : List.of();
    }

    /** A multipath map's or dm device's own name ({@code mpatha}), when multipath or dmsetup gave it. */
    public Optional<String> alias(String device) {
        return device == null ? Optional.empty() : devices.alias(device);
    }

    /** The device's WWID, from multipath -ll or a dm UUID, when the bundle gives it. */
    public Optional<String> wwid(String device) {
        return device == null ? Optional.empty() : devices.wwid(device);
    }

    public Optional<BlockDevice> device(String device) {
        return devices.device(device);
    }

    /** The devices this one sits on (a partition's disk, an LV's PVs, a multipath device's paths), by kernel name. */
    public List<String> parents(String device) {
        return devices.parents(device);
    }

    /** The bottom of the stack under a device: the disks (or paths) its I/O ends on; the device itself if it sits on nothing known. */
    public List<String> disksUnder(String device) {
        Set<String> out = new LinkedHashSet<>();
        collectDisks(devices.sysName(device), out, new LinkedHashSet<>());
        return List.copyOf(out);
    }

    private void collectDisks(String sys, Set<String> out, Set<String> seen) {
        if (!seen.add(sys)) {
            return;
        }
        List<String> parents = devices.parents(sys);
        if (parents.isEmpty()) {
            out.add(sys);
        }
        for (String p : parents) {
            collectDisks(p, out, seen);
        }
    }

    /** The I/O scheduler of a device (for a partition: of its disk). */
    public Optional<SchedulerSetting> scheduler(String device) {
        return device == null ? Optional.empty() : devices.scheduler(device);
    }

    /** A /sys/block/DEV/queue value by its sysfs name ({@code nr_requests}, {@code max_sectors_kb}, ...). */
    public Optional<QueueSetting> queueSetting(String device, String name) {
        return device == null ? Optional.empty() : devices.queue(device, name);
    }

    public Optional<Boolean> rotational(String device) {
        return queueSetting(device, "rotational").map(q -> !q.value().strip().equals("0"));
    }

    public OptionalInt nrRequests(String device) {
        return integerSetting(device, "nr_requests");
    }

    /** The largest request the queue builds, in KiB (sysfs max_sectors_kb). */
    public OptionalInt maxSectorsKb(String device) {
        return integerSetting(device, "max_sectors_kb");
    }

    private OptionalInt integerSetting(String device, String name) {
        Integer n = Devices.integer(queueSetting(device, name));
        return n == null ? OptionalInt.empty() : OptionalInt.of(n);
    }

    /** The filesystem holding an absolute path (longest mount point prefix), with xfs_info's block size when known. */
    public Optional<FilesystemInfo> filesystemOf(String path) {
        return filesystems.resolve(path);
    }

    /** The filesystem on a device. */
    public Optional<FilesystemInfo> filesystemOn(String device) {
        return filesystems.onDevice(device);
    }

    /** Every filesystem, one entry each. */
    public List<FilesystemInfo> filesystems() {
        return filesystems.all();
    }

    /** The scheduler of every device that has one, by device. */
    public List<SchedulerSetting> schedulers() {
        return devices.schedulers();
    }

    /** Every block device with its queue settings. */
    public List<DeviceConfig> devices() {
        return devices.configs().stream().map(d -> {
            String label = label(d.device());
            return label.equals(d.device()) ? d : d.withIdentity(alias(d.device()).orElse(null),
                    wwid(d.device()).orElse(null), mountOf(d.device()).orElse(null), paths(d.device()), label);
        }).toList();
    }

    public boolean isEmpty() {
        return filesystems().isEmpty() && schedulers().isEmpty() && devices().isEmpty();
    }
}
