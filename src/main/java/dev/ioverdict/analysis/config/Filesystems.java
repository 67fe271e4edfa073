package dev.ioverdict.analysis.config;

import dev.ioverdict.model.Facts;
import dev.ioverdict.model.config.BlockDevice;
import dev.ioverdict.model.config.FilesystemInfo;
import dev.ioverdict.model.config.Mount;
import dev.ioverdict.model.config.XfsGeometry;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The bundle's filesystems, one entry each, merged from mount tables, lsblk and xfs_info by device
 * (under any of its names) or mount point: device, mount point and type as the mount table says
 * them when it has them, block and sector size from xfs_info; the evidence is xfs_info's
 * {@code data bsize=} line when the block size is known. {@link #resolve} finds the filesystem that
 * holds a path: the longest mount point that is a prefix of it.
 */
public final class Filesystems {
    private static final Comparator<FilesystemInfo> ORDER = Comparator
            .comparing(FilesystemInfo::mount, Comparator.nullsLast(Comparator.naturalOrder()))
            .thenComparing(FilesystemInfo::device, Comparator.nullsLast(Comparator.naturalOrder()));

    private final Devices devices;
    private final List<Mount> mounts;
    private final List<Entry> entries = new ArrayList<>();

    Filesystems(Facts facts, Devices devices) {
        this.devices = devices;
        this.mounts = facts.all(Mount.class);
        Set<String> mountLines = lines(mounts.stream().map(m -> m.input() + ":" + m.line()).toList());
        Set<String> xfsLines = lines(facts.all(XfsGeometry.class).stream().map(g -> g.input() + ":" + g.line()).toList());
        Set<String> lsblkLines = lines(facts.all(BlockDevice.class).stream().map(b -> b.input() + ":" + b.line()).toList());
        for (FilesystemInfo f : facts.all(FilesystemInfo.class)) {
            String at = f.input() + ":" + f.line();
            int rank = mountLines.contains(at) ? 3 : xfsLines.contains(at) ? 2 : lsblkLines.contains(at) ? 1 : 0;
            merge(f, rank);
        }
    }

    /** Every filesystem, by mount point (unmounted last), then device. */
    public List<FilesystemInfo> all() {
        return entries.stream().map(Entry::info).sorted(ORDER).toList();
    }

    /** The filesystem holding an absolute path, by the longest mount point prefix; empty for relative paths. */
    public Optional<FilesystemInfo> resolve(String path) {
        if (path == null || !path.startsWith("/")) {
            return Optional.empty();
        }
        Mount bestMount = null;
        int best = -1;
        for (Mount m : mounts) {
            if (covers(m.mount(), path) && m.mount().length() > best) {
                bestMount = m;
                best = m.mount().length();
            }
        }
        Entry bestEntry = null;
        for (Entry e : entries) {
            if (e.mount != null && covers(e.mount, path) && e.mount.length() >= best) {
                bestEntry = e;
                best = e.mount.length();
            }
        }
        if (bestEntry != null) {
            return Optional.of(bestEntry.info());
        }
        if (bestMount == null) {
            return Optional.empty();
        }
        Optional<FilesystemInfo> stored = onDevice(bestMount.device());
        if (stored.isPresent()) {
            return stored;
        }
        // tmpfs, proc and the like: no entry of their own, but they do hold the path
        Mount m = bestMount;
        return Optional.of(new FilesystemInfo(m.device(), m.mount(), m.type(), null, null, m.input(), m.line(), m.text()));
    }

    /** The filesystem on a device named any way the tools name it. */
    public Optional<FilesystemInfo> onDevice(String device) {
        if (device == null) {
            return Optional.empty();
        }
        String key = devices.sysName(device);
        return entries.stream().filter(e -> key.equals(e.key)).findFirst().map(Entry::info);
    }

    private void merge(FilesystemInfo f, int rank) {
        String key = keyOf(f);
        Entry target = null;
        for (Entry e : entries) {
            if (key != null && key.equals(e.key)) {
                target = e;
                break;
            }
        }
        // by mount point only when one side does not know its device: two known devices are two filesystems
        if (target == null && f.mount() != null) {
            for (Entry e : entries) {
                if (f.mount().equals(e.mount) && (e.key == null || key == null)) {
                    target = e;
                    break;
                }
            }
        }
        if (target == null) {
            target = new Entry();
            target.key = key;
            entries.add(target);
        }
        target.take(f, rank);
        if (target.key == null) {
            target.key = key;
        }
    }

    private String keyOf(FilesystemInfo f) {
        if (f.device() == null) {
            return f.mount() != null ? devices.mountedAt(f.mount()) : null;
        }
        String sys = devices.sysName(f.device());
        if (devices.device(sys).isEmpty() && f.mount() != null) {
            // /dev/root and friends: lsblk knows what is mounted there
            String mounted = devices.mountedAt(f.mount());
            if (mounted != null) {
                return mounted;
            }
        }
        return sys;
    }

    static boolean covers(String mount, String path) {
        if (mount == null || mount.isEmpty()) {
            return false;
        }
        String m = mount.length() > 1 && mount.endsWith("/") ? mount.substring(0, mount.length() - 1) : mount;
        return m.equals("/") || path.equals(m) || path.startsWith(m + "/");
    }

    private static Set<String> lines(List<String> at) {
        return new HashSet<>(at);
    }

    /** One filesystem being merged; each field keeps the value of the most trusted source that gave one. */
    private static final class Entry {
        String key;
        String device;
        String mount;
        String type;
        int deviceRank = -1;
        int mountRank = -1;
        int typeRank = -1;
        Integer blockSize;
        Integer sectorSize;
        FilesystemInfo evidence;
        int evidenceRank = -1;

        void take(FilesystemInfo f, int rank) {
            if (f.device() != null && rank > deviceRank) {
                device = f.device();
                deviceRank = rank;
            }
            if (f.mount() != null && rank > mountRank) {
                mount = f.mount();
                mountRank = rank;
            }
            if (f.type() != null && rank > typeRank) {
                type = f.type();
                typeRank = rank;
            }
            if (blockSize == null && f.blockSize() != null) {
                blockSize = f.blockSize();
            }
            if (sectorSize == null && f.sectorSize() != null) {
                sectorSize = f.sectorSize();
            }
            // the line that states the block size is the evidence a rule quotes; else the most trusted line
            int er = f.blockSize() != null ? 10 : rank;
            if (er > evidenceRank) {
                evidence = f;
                evidenceRank = er;
            }
        }

        FilesystemInfo info() {
            return new FilesystemInfo(device, mount, type, blockSize, sectorSize, evidence.input(), evidence.line(),
                    Objects.requireNonNullElse(evidence.text(), ""));
        }
    }
}
