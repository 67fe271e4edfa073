package dev.ioverdict.analysis.config;

import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.block.BlockTrace;
import dev.ioverdict.model.config.BlockDevice;
import dev.ioverdict.model.config.DeviceLink;
import dev.ioverdict.model.config.DeviceLink.Via;
import dev.ioverdict.model.config.FilesystemInfo;
import dev.ioverdict.model.config.ListedDevice;
import dev.ioverdict.model.config.Mount;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which block devices sit on which, built once per case: a dm volume on its legs, a multipath map
 * on its paths, an md array on its members, a partition on its disk, and a loop device on the
 * device holding the filesystem its backing file lives on. Every link says how it was known. A
 * request to an upper device ends as requests to the devices below it, so the time of the lower
 * device is part of the upper one's: what the diagnosis needs to count one stack's time once.
 * Devices are named by kernel name ({@code sda}, {@code dm-0}), else as block traces print their
 * number ({@code 253,0}); any of the names the tools use is accepted.
 */
public final class DeviceStacks {
    /** Solaris slices and fdisk partitions of a cXtYdZ disk: c0t0d0s0 -> c0t0d0. */
    private static final Pattern SOLARIS_SLICE = Pattern.compile("^(c\\d+(?:t\\w+)?d\\d+)[sp]\\d+$");

    /** One device with every link below it (down to the disks) and above it (up to what the application opens). */
    public record Stack(String device, List<DeviceLink> below, List<DeviceLink> above) {
        public Stack {
            below = List.copyOf(below);
            above = List.copyOf(above);
        }

        public boolean stacked() {
            return !below.isEmpty() || !above.isEmpty();
        }
    }

    public static final DeviceStacks NONE = new DeviceStacks(null, List.of());

    private final StorageConfig config;
    private final List<DeviceLink> links;

    private DeviceStacks(StorageConfig config, List<DeviceLink> links) {
        this.config = config;
        this.links = List.copyOf(links);
    }

    /** The stacks the configuration inputs and the block trace's remaps (when there is a trace) show. */
    public static DeviceStacks of(Facts facts, StorageConfig config, Optional<BlockTrace> trace) {
        Builder b = new Builder(config);
        for (BlockDevice d : facts.all(BlockDevice.class)) {
            for (String p : d.parents()) {
                b.add(d.sysName(), p, Via.LSBLK, d.sysName() + " sits on " + b.key(p) + " in lsblk's tree",
                        List.of(new Evidence(d.input(), d.line(), d.text())));
            }
        }
        List<Mount> mounts = facts.all(Mount.class);
        for (ListedDevice id : facts.all(ListedDevice.class)) {
            String upper = id.device() != null ? id.device() : id.name();
            if (upper == null) {
                continue;
            }
            Evidence at = new Evidence(id.input(), id.line(), id.text());
            // multipath -ll gives the map's WWID; dmsetup's tables and trees do not
            Via via = id.wwid() != null ? Via.MULTIPATH : Via.DMSETUP;
            for (String u : id.under()) {
                b.add(upper, u, via, b.key(upper) + (via == Via.MULTIPATH ? " has the path " : " maps onto ") + b.key(u)
                        + " (" + via.words() + ")", List.of(at));
            }
            if (id.vendor() != null && id.vendor().startsWith("file ")) {
                b.backing(upper, id.vendor().substring(5), at, mounts);
            }
        }
        trace.ifPresent(t -> t.remaps().forEach(r -> b.add(r.from(), r.to(), Via.BLOCK_REMAP,
                r.ios() + " I/Os of " + b.key(r.from()) + " remapped onto " + b.key(r.to()) + " in the block trace",
                List.of())));
        return new DeviceStacks(config, b.links());
    }

    public List<DeviceLink> links() {
        return links;
    }

    /** How this case names a device: kernel name when known, else its number as block traces print it. */
    public String key(String device) {
        return key(config, device);
    }

    /** The devices directly below one. */
    public List<DeviceLink> below(String device) {
        String k = key(device);
        return links.stream().filter(l -> l.upper().equals(k)).toList();
    }

    /** The devices directly above one. */
    public List<DeviceLink> above(String device) {
        String k = key(device);
        return links.stream().filter(l -> l.lower().equals(k)).toList();
    }

    /** The device with every link below and above it, all the way down and up. */
    public Stack stackOf(String device) {
        return new Stack(key(device), reach(key(device), true), reach(key(device), false));
    }

    /**
     * The links from {@code upper} down to {@code lower} when {@code lower} is somewhere below it
     * (the shortest chain); empty when it is not. A Solaris slice or a partition named after its disk
     * counts as sitting on that disk when no listing says otherwise.
     */
    public List<DeviceLink> path(String upper, String lower) {
        String from = key(upper);
        String to = key(lower);
        if (from.equals(to)) {
            return List.of();
        }
        Map<String, DeviceLink> cameBy = new LinkedHashMap<>();
        Deque<String> open = new ArrayDeque<>(List.of(from));
        while (!open.isEmpty()) {
            String at = open.removeFirst();
            for (DeviceLink l : below(at)) {
                if (!l.lower().equals(from) && cameBy.putIfAbsent(l.lower(), l) == null) {
                    if (l.lower().equals(to)) {
                        List<DeviceLink> chain = new ArrayList<>();
                        for (String n = to; !n.equals(from); n = cameBy.get(n).upper()) {
                            chain.add(0, cameBy.get(n));
                        }
                        return chain;
                    }
                    open.addLast(l.lower());
                }
            }
        }
        if (below(from).isEmpty() && to.equals(diskByName(from))) {
            return List.of(new DeviceLink(from, to, List.of(Via.PARTITION_NAME), from + " is a partition of " + to + " by its name",
                    List.of()));
        }
        return List.of();
    }

    private List<DeviceLink> reach(String device, boolean down) {
        Set<DeviceLink> out = new LinkedHashSet<>();
        Deque<String> open = new ArrayDeque<>(List.of(device));
        Set<String> seen = new LinkedHashSet<>(List.of(device));
        while (!open.isEmpty()) {
            String at = open.removeFirst();
            for (DeviceLink l : down ? below(at) : above(at)) {
                out.add(l);
                String next = down ? l.lower() : l.upper();
                if (seen.add(next)) {
                    open.addLast(next);
                }
            }
        }
        return List.copyOf(out);
    }

    private static String diskByName(String name) {
        Matcher m = SOLARIS_SLICE.matcher(name);
        return m.matches() ? m.group(1) : DeviceKeys.diskOfPartition(name);
    }

    static String key(StorageConfig config, String device) {
        if (device == null) {
            return null;
        }
        if (config != null) {
            Optional<String> name = config.deviceName(device);
            if (name.isPresent()) {
                return name.get();
            }
        }
        String mm = DeviceKeys.majMin(DeviceKeys.of(device));
        return mm != null ? DeviceKeys.traceForm(mm) : DeviceKeys.of(device);
    }

    /** Collects links, one per pair of devices, merging what several sources say of the same pair. */
    private static final class Builder {
        private final StorageConfig config;
        private final Map<String, DeviceLink> byPair = new LinkedHashMap<>();

        Builder(StorageConfig config) {
            this.config = config;
        }

        String key(String device) {
            return DeviceStacks.key(config, device);
        }

        void add(String upper, String lower, Via via, String how, List<Evidence> evidence) {
            String u = key(upper);
            String l = key(lower);
            if (u == null || l == null || u.equals(l)) {
                return;
            }
            byPair.merge(u + " " + l, new DeviceLink(u, l, List.of(via), how, evidence), (had, more) -> {
                if (had.via().contains(via)) {
                    return had;
                }
                List<Via> vias = new ArrayList<>(had.via());
                vias.add(via);
                List<Evidence> ev = new ArrayList<>(had.evidence());
                more.evidence().stream().filter(e -> !ev.contains(e)).forEach(ev::add);
                return new DeviceLink(u, l, vias, had.how(), ev);
            });
        }

        /**
         * A loop device sits on the device its backing file lives on: a block device given as the
         * file itself, or the device of the filesystem mounted over the file's path (a file on FUSE,
         * tmpfs or NFS sits on no block device this bundle shows).
         */
        void backing(String loop, String file, Evidence losetup, List<Mount> mounts) {
            if (file.startsWith("/dev/") && config.device(file).isPresent()) {
                add(loop, file, Via.LOSETUP_BACKING_FILE, key(loop) + " is backed by the device " + file + " (losetup)",
                        List.of(losetup));
                return;
            }
            Optional<FilesystemInfo> fs = config.filesystemOf(file);
            if (fs.isEmpty() || fs.get().device() == null || fs.get().mount() == null) {
                return;
            }
            String device = fs.get().device();
            boolean block = device.startsWith("/dev/") || config.device(device).isPresent();
            if (!block) {
                return;
            }
            List<Evidence> ev = new ArrayList<>(List.of(losetup));
            mounts.stream().filter(m -> fs.get().mount().equals(m.mount()) && device.equals(m.device())).findFirst()
                    .ifPresent(m -> ev.add(new Evidence(m.input(), m.line(), m.text())));
            add(loop, device, Via.LOSETUP_BACKING_FILE, key(loop) + "'s backing file " + file + " is on the "
                    + (fs.get().type() == null ? "filesystem" : fs.get().type()) + " mounted from " + key(device)
                    + " at " + fs.get().mount() + " (losetup, mounts)", ev);
        }

        List<DeviceLink> links() {
            return List.copyOf(byPair.values());
        }
    }
}
