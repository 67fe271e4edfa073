package dev.ioverdict.analysis.config;

import dev.ioverdict.model.Facts;
import dev.ioverdict.model.config.BlockDevice;
import dev.ioverdict.model.config.FilesystemInfo;
import dev.ioverdict.model.config.ListedDevice;
import dev.ioverdict.model.config.Mount;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every block device of one case under one identity, built once from everything the bundle says
 * (lsblk, /sys/block, dmsetup, multipath, losetup, mounts, xfs_info, the device numbers of block
 * traces and btt, the names iostat, sar and /proc/diskstats print), with one lookup that takes any
 * name a source uses ({@code sda}, {@code /dev/sda}, {@code 8,0}, {@code 8:0}, {@code dev8-0},
 * {@code dm-2}, {@code mpatha}, {@code /dev/mapper/vg-lv}, a WWID) to it. Rules, the report and
 * compare name a device only through its {@link DeviceIdentity#label()}, so one device shows once
 * under one name on every page.
 */
public final class DeviceIdentities {
    /** What the bundle's data sources (not its configuration listings) name: traced numbers, iostat names. */
    public record Seen(Set<String> numbers, Map<String, String> names) {
        public static final Seen NONE = new Seen(Set.of(), Map.of());

        public Seen {
            // in the order given (Set.copyOf's order changes from one run to the next)
            numbers = java.util.Collections.unmodifiableSet(new LinkedHashSet<>(numbers));
            names = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(names));
        }
    }

    /** vda, vdb2, xvdc: virtio and Xen name their disks' minors 16 apart (a disk and 15 partitions). */
    private static final Pattern VIRTIO = Pattern.compile("^x?vd([a-z]+)(\\d*)$");

    private final List<DeviceIdentity> all;
    private final Map<String, DeviceIdentity> byName;

    private DeviceIdentities(List<DeviceIdentity> all, Map<String, DeviceIdentity> byName) {
        this.all = List.copyOf(all);
        this.byName = Map.copyOf(byName);
    }

    static DeviceIdentities of(Facts facts, Seen seen, Devices devices, Filesystems filesystems, StorageConfig config) {
        Builder b = new Builder();
        for (var c : devices.configs()) {
            String sys = c.device();
            Acc a = b.add(sys);
            devices.majMin(sys).map(DeviceKeys::traceForm).ifPresent(mm -> b.number(a, mm));
            String lsblkName = c.name();
            String alias = devices.alias(sys).orElse(null);
            a.dmName = alias != null ? alias : lsblkName != null && !lsblkName.equals(sys) ? lsblkName : null;
            b.alias(a, lsblkName);
            b.alias(a, alias);
            a.wwid = devices.wwid(sys).orElse(c.wwn());
            a.serial = c.serial();
            a.backingFile = devices.backingFile(sys).orElse(null);
            b.wwid(a, a.wwid);
            b.wwid(a, c.wwn());
        }
        for (var id : facts.all(ListedDevice.class)) {
            Acc a = b.find(id.device() != null ? id.device() : id.name());
            if (a != null && id.vendor() != null && !id.vendor().startsWith("file ") && a.model == null) {
                a.model = id.vendor().strip();
            }
        }
        // iostat, sar and diskstats names: /proc/diskstats ties each to its number
        seen.names().forEach((name, number) -> {
            Acc a = b.find(name);
            if (a == null) {
                String key = DeviceKeys.of(name);
                String mm = DeviceKeys.majMin(key);
                a = mm != null ? b.numbered(DeviceKeys.traceForm(mm)) : b.add(key);
            }
            b.alias(a, name);
            if (number != null) {
                b.number(a, number);
            }
        });
        for (Mount m : facts.all(Mount.class)) {
            if (m.device() != null && m.device().startsWith("/dev/") && !m.device().startsWith("/dev/loop-control")) {
                Acc a = b.find(m.device());
                if (a == null && m.majMin() != null) {
                    a = b.find(m.majMin());
                }
                if (a == null) {
                    a = b.add(DeviceKeys.of(m.device()));
                }
                if (m.majMin() != null) {
                    b.number(a, DeviceKeys.traceForm(DeviceKeys.majMin(m.majMin())));
                }
            }
        }
        for (String number : seen.numbers()) {
            b.numbered(number);
        }
        b.pairVirtio();
        for (FilesystemInfo fs : filesystems.all()) {
            Acc a = fs.device() == null || fs.mount() == null ? null : b.find(fs.device());
            if (a != null) {
                a.mounts.add(fs.mount());
            }
        }
        for (BlockDevice d : facts.all(BlockDevice.class)) {
            Acc a = b.find(d.sysName());
            if (a != null && d.mountpoint() != null && d.mountpoint().startsWith("/")) {
                a.mounts.add(d.mountpoint());
            }
        }
        return b.build(devices, config);
    }

    /** The identity of a device named any way a source names it. */
    public Optional<DeviceIdentity> find(String any) {
        if (any == null) {
            return Optional.empty();
        }
        DeviceIdentity id = byName.get(norm(any));
        if (id == null) {
            id = byName.get(wwidKey(any));
        }
        return Optional.ofNullable(id);
    }

    /** How the case names a device: its identity's key; for a name the bundle says nothing more of, that name cleaned. */
    public String key(String any) {
        return find(any).map(DeviceIdentity::key).orElseGet(() -> bareKey(any));
    }

    /** The one label of a device; a name the bundle says nothing more of is shown as given (a number with its fixed-major name). */
    public String label(String any) {
        if (any == null) {
            return "unknown device";
        }
        return find(any).map(DeviceIdentity::label).orElseGet(() -> {
            String key = bareKey(any);
            String mm = DeviceKeys.majMin(key);
            String name = mm == null ? null : KernelMajors.name(key);
            return name == null ? key : DeviceIdentity.label(key, name, key, null, List.of());
        });
    }

    /** Every device, configuration listings' order first, then as the data sources named them. */
    public List<DeviceIdentity> all() {
        return all;
    }

    public static DeviceIdentities empty() {
        return new DeviceIdentities(List.of(), Map.of());
    }

    /** "8:0", "dev8-0" as "8,0"; /dev/ stripped; otherwise the text. */
    private static String bareKey(String any) {
        String k = DeviceKeys.of(any);
        String mm = DeviceKeys.majMin(k);
        return mm != null ? DeviceKeys.traceForm(mm) : k;
    }

    private static String norm(String any) {
        String k = DeviceKeys.of(any);
        String mm = DeviceKeys.majMin(k);
        return mm != null ? mm : k;
    }

    /**
     * lsblk prints a WWN as "0x5000c500a1b2c3d4", multipath a WWID as "35000c500a1b2c3d4" (SCSI
     * page 83's NAA designator type first), udev as "naa.5000...": one key for the three spellings.
     */
    static String wwidKey(String w) {
        String s = bareWwid(w);
        if ((s.length() == 17 || s.length() == 33) && s.charAt(0) == '3') {
            s = s.substring(1);
        }
        return "wwid " + s;
    }

    /** Whether two WWIDs or WWNs, in any of the tools' spellings, name the same disk (how two captures are matched). */
    public static boolean sameWwid(String x, String y) {
        String p = bareWwid(x);
        String q = bareWwid(y);
        return p.equals(q) || p.length() == q.length() + 1 && p.charAt(0) == '3' && p.endsWith(q)
                || q.length() == p.length() + 1 && q.charAt(0) == '3' && q.endsWith(p);
    }

    private static String bareWwid(String w) {
        String s = w.strip().toLowerCase(Locale.ROOT);
        for (String prefix : List.of("0x", "naa.", "eui.", "t10.", "wwn-")) {
            if (s.startsWith(prefix)) {
                s = s.substring(prefix.length());
            }
        }
        return s;
    }

    /** One device while it is being put together. */
    private static final class Acc {
        String key;
        String kernelName;
        String majMin;
        String dmName;
        String wwid;
        String serial;
        String model;
        String backingFile;
        String basis;
        final Set<String> mounts = new LinkedHashSet<>();
        final Set<String> names = new TreeSet<>();

        Acc(String key) {
            this.key = key;
            if (DeviceKeys.majMin(key) == null) {
                kernelName = key;
            }
        }
    }

    private static final class Builder {
        private final List<Acc> accs = new ArrayList<>();
        private final Map<String, Acc> byName = new LinkedHashMap<>();

        Acc find(String any) {
            return any == null ? null : byName.get(norm(any));
        }

        Acc add(String key) {
            Acc had = find(key);
            if (had != null) {
                return had;
            }
            Acc a = new Acc(key);
            accs.add(a);
            byName.put(norm(key), a);
            return a;
        }

        void alias(Acc a, String name) {
            if (name != null && !name.isBlank()) {
                byName.putIfAbsent(norm(name), a);
                if (!name.equals(a.key)) {
                    a.names.add(name);
                }
            }
        }

        void wwid(Acc a, String w) {
            if (w != null && !w.isBlank()) {
                byName.putIfAbsent(wwidKey(w), a);
            }
        }

        /** Gives a device its number; when another identity holds only that number, the two are one device. */
        void number(Acc a, String number) {
            String key = norm(number);
            Acc other = byName.get(key);
            if (other != null && other != a && other.kernelName == null && other.dmName == null) {
                merge(other, a);
            }
            if (a.majMin == null) {
                a.majMin = DeviceKeys.traceForm(key);
            }
            byName.putIfAbsent(key, a);
        }

        /**
         * A traced number: the device that has it, else the device the kernel's fixed majors name
         * (8,0 is sda on every system), else a device known by its number only.
         */
        Acc numbered(String number) {
            Acc had = find(number);
            if (had != null) {
                return had;
            }
            String trace = DeviceKeys.traceForm(norm(number));
            String name = KernelMajors.name(trace);
            Acc a = name != null ? add(name) : add(trace);
            number(a, trace);
            return a;
        }

        /**
         * A virtio disk iostat and the mount table name, and a number a block trace prints, with
         * nothing in the bundle printing the two together: when the bundle has exactly one of each,
         * the number's minor is the one virtio gives that name, and the major is a dynamic one, they are taken as
         * one device, and its basis says so (virtio's major is assigned at boot).
         */
        void pairVirtio() {
            List<Acc> unnamed = accs.stream().filter(a -> a.kernelName == null && a.dmName == null && a.majMin != null
                    && KernelMajors.name(a.majMin) == null).toList();
            List<Acc> unnumbered = accs.stream().filter(a -> a.majMin == null && a.kernelName != null
                    && VIRTIO.matcher(a.kernelName).matches()).toList();
            if (unnamed.size() != 1 || unnumbered.size() != 1) {
                return;
            }
            Acc number = unnamed.get(0);
            Acc named = unnumbered.get(0);
            Matcher m = VIRTIO.matcher(named.kernelName);
            m.matches();
            int index = 0;
            for (char c : m.group(1).toCharArray()) {
                index = index * 26 + (c - 'a' + 1);
            }
            int minor = (index - 1) * 16 + (m.group(2).isEmpty() ? 0 : Integer.parseInt(m.group(2)));
            String trace = number.majMin;
            if (!trace.endsWith("," + minor)) {
                return;
            }
            String mm = trace;
            merge(number, named);
            named.majMin = mm;
            named.basis = named.kernelName + " taken to be " + mm + ": no listing prints the two together, but it is "
                    + "the only virtio disk named without a number and " + mm + " the only number no device is named for "
                    + "(virtio's major is assigned at boot; its disks' minors run 16 apart)";
        }

        private void merge(Acc from, Acc into) {
            accs.remove(from);
            byName.replaceAll((k, v) -> v == from ? into : v);
            into.names.addAll(from.names);
            if (from.majMin != null && into.majMin == null) {
                into.majMin = from.majMin;
            }
        }

        DeviceIdentities build(Devices devices, StorageConfig config) {
            Map<Acc, DeviceIdentity> done = new LinkedHashMap<>();
            Map<String, List<String>> above = new LinkedHashMap<>();
            Map<Acc, List<String>> below = new LinkedHashMap<>();
            for (Acc a : accs) {
                List<String> under = new ArrayList<>();
                if (a.kernelName != null) {
                    for (String p : devices.parents(a.kernelName)) {
                        Acc pa = find(p);
                        String pk = pa != null ? pa.key : bareKey(p);
                        if (!under.contains(pk) && !pk.equals(a.key)) {
                            under.add(pk);
                            above.computeIfAbsent(pk, k -> new ArrayList<>()).add(a.key);
                        }
                    }
                }
                below.put(a, under);
            }
            for (Acc a : accs) {
                a.names.remove(a.key);
                if (a.majMin != null) {
                    a.names.remove(a.majMin);
                }
                MediaClass media = MediaClass.of(a.kernelName != null ? a.kernelName : a.majMin, config).media();
                List<String> mounts = List.copyOf(a.mounts);
                done.put(a, new DeviceIdentity(a.key, DeviceIdentity.label(a.key, a.kernelName, a.majMin, a.dmName, mounts),
                        a.kernelName, a.majMin, a.dmName, a.wwid, a.serial, a.model, mounts, below.get(a),
                        above.getOrDefault(a.key, List.of()), a.backingFile,
                        media == MediaClass.UNKNOWN ? null : media.description(), List.copyOf(a.names), a.basis));
            }
            Map<String, DeviceIdentity> index = new LinkedHashMap<>();
            byName.forEach((k, a) -> index.put(k, done.get(a)));
            return new DeviceIdentities(List.copyOf(done.values()), index);
        }
    }
}
