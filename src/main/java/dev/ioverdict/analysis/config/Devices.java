package dev.ioverdict.analysis.config;

import dev.ioverdict.model.Facts;
import dev.ioverdict.model.config.BlockDevice;
import dev.ioverdict.model.config.DeviceConfig;
import dev.ioverdict.model.config.ListedDevice;
import dev.ioverdict.model.config.QueueSetting;
import dev.ioverdict.model.config.SchedulerSetting;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Block devices as lsblk and /sys/block describe them, under one name each: the kernel name
 * (what /sys/block and iostat use), reachable from lsblk's name, /dev paths and major:minor.
 * Where both say something about a queue, /sys/block wins over lsblk, and a scheduler line
 * listing the choices wins over lsblk's active-only SCHED column.
 */
final class Devices {
    private final Map<String, String> sysByAlias = new LinkedHashMap<>();
    private final Map<String, BlockDevice> bySysName = new LinkedHashMap<>();
    private final Map<String, String> majMinBySysName = new LinkedHashMap<>();
    private final Map<String, SchedulerSetting> schedulers = new LinkedHashMap<>();
    private final List<SchedulerSetting> unnamedSchedulers = new ArrayList<>();
    private final Map<String, Map<String, QueueSetting>> queues = new LinkedHashMap<>();
    /** From multipath and dmsetup: own name (map alias, dm name), WWID, the devices under it. */
    private final Map<String, String> aliasBySysName = new LinkedHashMap<>();
    private final Map<String, String> wwidBySysName = new LinkedHashMap<>();
    private final Map<String, List<String>> underBySysName = new LinkedHashMap<>();
    /** losetup -l: a loop device's backing file. */
    private final Map<String, String> fileBySysName = new LinkedHashMap<>();

    Devices(Facts facts) {
        Set<String> lsblkLines = new HashSet<>();
        for (BlockDevice b : facts.all(BlockDevice.class)) {
            lsblkLines.add(b.input() + ":" + b.line());
            String sys = b.sysName();
            if (bySysName.putIfAbsent(sys, b) == null) {
                for (String alias : new String[] {sys, b.name(), b.majMin()}) {
                    if (alias != null) {
                        sysByAlias.putIfAbsent(DeviceKeys.of(alias), sys);
                    }
                }
                if (b.majMin() != null) {
                    majMinBySysName.put(sys, DeviceKeys.majMin(b.majMin()));
                }
            }
        }
        identities(facts.all(ListedDevice.class));
        for (QueueSetting q : facts.all(QueueSetting.class)) {
            if (q.device() == null) {
                continue;
            }
            String sys = sysName(q.device());
            if (q.name().equals("dev") && DeviceKeys.majMin(q.value()) != null) {
                majMinBySysName.putIfAbsent(sys, DeviceKeys.majMin(q.value()));
                sysByAlias.putIfAbsent(DeviceKeys.majMin(q.value()), sys);
                continue;
            }
            Map<String, QueueSetting> own = queues.computeIfAbsent(sys, k -> new LinkedHashMap<>());
            QueueSetting had = own.get(q.name());
            // lsblk's rows share their line with a BlockDevice; anything else read /sys/block itself
            boolean fromLsblk = lsblkLines.contains(q.input() + ":" + q.line());
            if (had == null || !fromLsblk && lsblkLines.contains(had.input() + ":" + had.line())) {
                own.put(q.name(), q);
            }
        }
        for (SchedulerSetting s : facts.all(SchedulerSetting.class)) {
            if (s.device() == null) {
                unnamedSchedulers.add(s);
                continue;
            }
            String sys = sysName(s.device());
            SchedulerSetting had = schedulers.get(sys);
            if (had == null || had.available().isEmpty() && !s.available().isEmpty()) {
                schedulers.put(sys, s);
            }
        }
    }

    /**
     * Multipath maps and dm devices: their names and major:minor become aliases of the kernel name
     * (a map printed without its dm-N, as RHEL 5 did, is known by its name); the devices under them
     * are their parents when lsblk did not say.
     */
    private void identities(List<ListedDevice> ids) {
        for (ListedDevice id : ids) {
            String sys = id.device() != null ? DeviceKeys.of(id.device())
                    : id.name() != null ? sysName(id.name()) : null;
            if (sys == null) {
                continue;
            }
            for (String alias : new String[] {sys, id.name(), id.majMin()}) {
                if (alias != null) {
                    sysByAlias.putIfAbsent(DeviceKeys.of(alias), sys);
                }
            }
            if (id.majMin() != null) {
                majMinBySysName.putIfAbsent(sys, DeviceKeys.majMin(id.majMin()));
            }
            // without user_friendly_names a map is called by its WWID: that is no name of its own
            if (id.name() != null && !id.name().equals(sys) && !id.name().equals(id.wwid())) {
                aliasBySysName.putIfAbsent(sys, id.name());
            }
            if (id.wwid() != null) {
                wwidBySysName.putIfAbsent(sys, id.wwid());
            }
            if (!id.under().isEmpty()) {
                underBySysName.putIfAbsent(sys, id.under());
            }
            if (id.vendor() != null && id.vendor().startsWith("file ")) {
                fileBySysName.putIfAbsent(sys, id.vendor().substring(5));
            }
        }
    }

    /** The device's own name from multipath or dmsetup ({@code mpatha}, {@code vg-lv}), when not its kernel name. */
    Optional<String> alias(String any) {
        return Optional.ofNullable(aliasBySysName.get(sysName(any)));
    }

    /** The file a loop device is backed by (losetup -l). */
    Optional<String> backingFile(String any) {
        return Optional.ofNullable(fileBySysName.get(sysName(any)));
    }

    Optional<String> wwid(String any) {
        return Optional.ofNullable(wwidBySysName.get(sysName(any)));
    }

    /** The kernel name of a device named any way the tools name it; the name itself when unknown. */
    String sysName(String any) {
        String key = DeviceKeys.of(any);
        return sysByAlias.getOrDefault(key, key);
    }

    Optional<BlockDevice> device(String any) {
        return Optional.ofNullable(any == null ? null : bySysName.get(sysName(any)));
    }

    /** The device lsblk shows mounted at {@code mount}, by kernel name, or null. */
    String mountedAt(String mount) {
        for (BlockDevice b : bySysName.values()) {
            if (mount.equals(b.mountpoint())) {
                return b.sysName();
            }
        }
        return null;
    }

    /** "8:0" of a device, when lsblk or /sys/block/DEV/dev gave it. */
    Optional<String> majMin(String any) {
        return any == null ? Optional.empty() : Optional.ofNullable(majMinBySysName.get(sysName(any)));
    }

    /** The device's own scheduler, else (a partition) its disk's. */
    Optional<SchedulerSetting> scheduler(String any) {
        String sys = sysName(any);
        SchedulerSetting own = schedulers.get(sys);
        if (own != null) {
            return Optional.of(own);
        }
        String disk = diskOf(sys);
        return disk == null ? Optional.empty() : Optional.ofNullable(schedulers.get(disk));
    }

    /** A /sys/block/DEV/queue value of the device, else (a partition) of its disk. */
    Optional<QueueSetting> queue(String any, String name) {
        String sys = sysName(any);
        QueueSetting own = queues.getOrDefault(sys, Map.of()).get(name);
        if (own != null) {
            return Optional.of(own);
        }
        String disk = diskOf(sys);
        return disk == null ? Optional.empty() : Optional.ofNullable(queues.getOrDefault(disk, Map.of()).get(name));
    }

    /** The devices this one sits on, by kernel name (lsblk's tree or PKNAME). */
    List<String> parents(String any) {
        String sys = sysName(any);
        BlockDevice b = bySysName.get(sys);
        if (b != null && !b.parents().isEmpty()) {
            return b.parents().stream().map(this::sysName).toList();
        }
        return underBySysName.getOrDefault(sys, List.of()).stream().map(this::sysName).toList();
    }

    /** The disk of a partition: lsblk's parent, else kernel partition naming (sda1 -> sda); null otherwise. */
    private String diskOf(String sys) {
        BlockDevice b = bySysName.get(sys);
        if (b != null && b.partition() && !b.parents().isEmpty()) {
            return sysName(b.parents().get(0));
        }
        if (b != null && !b.partition()) {
            return null;
        }
        String disk = DeviceKeys.diskOfPartition(sys);
        return disk == null ? null : sysName(disk);
    }

    List<SchedulerSetting> schedulers() {
        List<SchedulerSetting> out = new ArrayList<>();
        for (String sys : new TreeSet<>(schedulers.keySet())) {
            SchedulerSetting s = schedulers.get(sys);
            out.add(s.device().equals(sys) ? s
                    : new SchedulerSetting(sys, s.active(), s.available(), s.input(), s.line(), s.text()));
        }
        out.addAll(unnamedSchedulers);
        return out;
    }

    /** Every device, lsblk's order first (its tree order means something), then the others by name. */
    List<DeviceConfig> configs() {
        Set<String> names = new LinkedHashSet<>(bySysName.keySet());
        Set<String> others = new TreeSet<>(schedulers.keySet());
        others.addAll(queues.keySet());
        others.addAll(underBySysName.keySet());
        others.addAll(aliasBySysName.keySet());
        names.addAll(others);
        List<DeviceConfig> out = new ArrayList<>();
        for (String sys : names) {
            BlockDevice b = bySysName.get(sys);
            Map<String, String> settings = new LinkedHashMap<>();
            queues.getOrDefault(sys, Map.of()).forEach((k, q) -> settings.put(k, q.value()));
            DeviceConfig c = new DeviceConfig(sys, b != null && !b.name().equals(sys) ? b.name() : null,
                    majMinBySysName.get(sys), b != null ? b.type() : null, b != null ? b.parents() : List.of(),
                    scheduler(sys).map(SchedulerSetting::active).orElse(null),
                    queue(sys, "rotational").map(q -> !q.value().strip().equals("0")).orElse(null),
                    integer(queue(sys, "nr_requests")), integer(queue(sys, "logical_block_size")),
                    integer(queue(sys, "physical_block_size")), settings);
            out.add(b != null && (b.wwn() != null || b.serial() != null) ? c.withDiskIds(b.wwn(), b.serial()) : c);
        }
        return out;
    }

    static Integer integer(Optional<QueueSetting> q) {
        if (q.isEmpty()) {
            return null;
        }
        String v = q.get().value().strip();
        if (v.isEmpty() || v.length() > 9) {
            return null;
        }
        for (int i = 0; i < v.length(); i++) {
            if (!Character.isDigit(v.charAt(i))) {
                return null;
            }
        }
        return Integer.parseInt(v);
    }
}
