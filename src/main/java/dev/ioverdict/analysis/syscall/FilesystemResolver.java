package dev.ioverdict.analysis.syscall;

import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.config.FilesystemInfo;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Which filesystem a traced file lives on, from what the bundle describes (xfs_info, mounts,
 * lsblk as {@link FilesystemInfo}): the longest mount point that prefixes the path, with the block
 * size of the same device (xfs_info names the device, /proc/mounts the mount point). Without a
 * path or a matching mount, the one XFS filesystem the bundle describes is assumed, and the
 * result says so.
 */
final class FilesystemResolver {
    /** Where a file lives; {@code how} explains the match or the assumption. */
    record Resolved(String type, String mount, Integer blockSize, String how, Evidence evidence) {
    }

    private final List<FilesystemInfo> infos;

    FilesystemResolver(List<FilesystemInfo> infos) {
        this.infos = List.copyOf(infos);
    }

    Resolved resolve(String path) {
        FilesystemInfo mount = path == null || !path.startsWith("/") ? null : longestMount(path);
        FilesystemInfo only = onlyXfs();
        if (mount != null) {
            FilesystemInfo sized = mount.blockSize() != null ? mount : sizedFor(mount);
            String where = "mount point " + mount.mount() + " (" + mount.input() + ":" + mount.line() + ")";
            String type = typeOf(mount, sized);
            if (sized == null && only != null && "xfs".equals(type)) {
                return new Resolved(type, mount.mount(), only.blockSize(), where + "; its block size assumed from the "
                        + "one XFS filesystem the bundle describes (" + only.input() + ":" + only.line() + ")", evidence(only));
            }
            return new Resolved(type, mount.mount(), sized == null ? null : sized.blockSize(), where,
                    evidence(sized != null ? sized : mount));
        }
        if (only != null) {
            String why = path == null ? "the trace does not show which file the descriptor is"
                    : "no mount point in the bundle contains " + path;
            return new Resolved("xfs", only.mount(), only.blockSize(), "assumed: " + why
                    + ", and the bundle describes one XFS filesystem (" + only.input() + ":" + only.line() + ")",
                    evidence(only));
        }
        return null;
    }

    /** The XFS description with a block size, when all the bundle's XFS descriptions agree on one. */
    private FilesystemInfo onlyXfs() {
        List<FilesystemInfo> xfs = infos.stream()
                .filter(i -> "xfs".equalsIgnoreCase(i.type()) && i.blockSize() != null).toList();
        return !xfs.isEmpty() && xfs.stream().map(FilesystemInfo::blockSize).distinct().count() == 1 ? xfs.get(0) : null;
    }

    private FilesystemInfo longestMount(String path) {
        FilesystemInfo best = null;
        for (FilesystemInfo i : infos) {
            String m = i.mount();
            if (m == null || !contains(m, path)) {
                continue;
            }
            if (best == null || m.length() > best.mount().length()
                    || (m.length() == best.mount().length() && best.blockSize() == null && i.blockSize() != null)) {
                best = i;
            }
        }
        return best;
    }

    private static boolean contains(String mount, String path) {
        if (mount.equals("/")) {
            return true;
        }
        return path.equals(mount) || path.startsWith(mount.endsWith("/") ? mount : mount + "/");
    }

    /** The description with a block size of the same device or mount point (xfs_info for a /proc/mounts line). */
    private FilesystemInfo sizedFor(FilesystemInfo mount) {
        for (FilesystemInfo i : infos) {
            if (i.blockSize() == null) {
                continue;
            }
            if (Objects.equals(i.mount(), mount.mount())
                    || (i.device() != null && mount.device() != null && device(i.device()).equals(device(mount.device())))) {
                return i;
            }
        }
        return null;
    }

    private static String typeOf(FilesystemInfo mount, FilesystemInfo sized) {
        String t = mount.type() != null ? mount.type() : sized == null ? null : sized.type();
        return t == null ? null : t.toLowerCase(Locale.ROOT);
    }

    private static String device(String d) {
        return d.startsWith("/dev/") ? d.substring(5) : d;
    }

    private static Evidence evidence(FilesystemInfo i) {
        return new Evidence(i.input(), i.line(), i.text());
    }
}
