package dev.ioverdict.parse.config;

import dev.ioverdict.model.config.FilesystemInfo;
import dev.ioverdict.model.config.Mount;
import dev.ioverdict.parse.Clue;
import dev.ioverdict.parse.LineReader;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recogniser;
import dev.ioverdict.parse.Signature;
import dev.ioverdict.parse.TextFormat;
import dev.ioverdict.parse.text.Numbers;
import dev.ioverdict.parse.text.Tokens;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Mounted filesystems in the three shapes Linux prints them:
 * /proc/mounts ({@code /dev/loop0 /mnt/x xfs rw,relatime,attr2 0 0}, octal escapes such as
 * {@code \040}), {@code mount} ({@code /dev/sda1 on /boot type xfs (rw,relatime)}) and
 * /proc/self/mountinfo ({@code 36 35 8:1 / /boot rw,relatime shared:1 - xfs /dev/sda1 rw,attr2},
 * which also gives major:minor). Emits a {@link Mount} per line and, for filesystems that live on
 * storage (a device or image path, a disk or network filesystem type), a {@link FilesystemInfo}
 * without block size.
 */
public final class MountsFormat extends TextFormat {
    /** Filesystem types whose source is storage even when it is not a path. */
    private static final Set<String> STORAGE_TYPES = Set.of("xfs", "ext2", "ext3", "ext4", "btrfs", "zfs", "jfs",
            "reiserfs", "vfat", "exfat", "ntfs", "ntfs3", "f2fs", "ocfs2", "gfs2", "nfs", "nfs4", "cifs", "smb3",
            "ceph", "glusterfs", "lustre", "fuseblk", "vxfs", "acfs", "gpfs", "iso9660", "udf", "squashfs");

    public MountsFormat() {
        super("mounts", "`/proc/mounts`, mountinfo, `mount`",
                Recogniser.of(l -> CommandLine.command(l) != null,
                        Signature.certain("{0} mount table lines (device, mount point, type, rw/ro options)",
                                Clue.lines(l -> parseLine(l, 0, "") != null).atLeast(2).share(90)),
                        Signature.likely("a mount table line (device, mount point, type, rw/ro options)",
                                Clue.lines(l -> parseLine(l, 0, "") != null).share(90))));
    }

    @Override
    protected void read(LineReader in, ParseContext ctx) throws IOException {
        String line;
        while ((line = in.next()) != null) {
            if (line.isBlank() || CommandLine.command(line) != null) {
                continue;
            }
            Mount m = parseLine(line, in.number(), ctx.input());
            if (m == null) {
                ctx.skip(in.number(), "not a mount table line");
                continue;
            }
            ctx.emit(m);
            if (onStorage(m)) {
                ctx.emit(new FilesystemInfo(m.device(), m.mount(), m.type(), null, null, m.input(), m.line(),
                        m.text()));
            }
            ctx.record();
        }
    }

    static boolean onStorage(Mount m) {
        return m.device().startsWith("/") || STORAGE_TYPES.contains(m.type());
    }

    /** One line in any of the three shapes, or null. */
    static Mount parseLine(String line, long number, String input) {
        if (line.contains(" on ") && line.contains(" type ")) {
            return mountCommand(line, number, input);
        }
        String[] f = Tokens.split(line).toArray(String[]::new);
        if (f.length == 6 && Numbers.isDigits(f[4]) && Numbers.isDigits(f[5]) && optionsLook(f[3])) {
            return new Mount(unescape(f[0]), unescape(f[1]), f[2], options(f[3]), null, input, number, line);
        }
        int dash = indexOf(f, "-");
        if (dash >= 6 && f.length >= dash + 3 && Numbers.isDigits(f[0]) && Numbers.isDigits(f[1]) && f[2].indexOf(':') > 0
                && optionsLook(f[5])) {
            List<String> opts = new ArrayList<>(options(f[5]));
            if (dash + 3 < f.length) {
                for (String o : options(f[dash + 3])) {
                    if (!opts.contains(o)) {
                        opts.add(o);
                    }
                }
            }
            return new Mount(unescape(f[dash + 2]), unescape(f[4]), f[dash + 1], opts, f[2], input, number, line);
        }
        return null;
    }

    /** {@code DEV on MOUNT type TYPE (OPTIONS)}; device and mount point may hold spaces. */
    private static Mount mountCommand(String line, long number, String input) {
        String s = line.strip();
        int on = s.indexOf(" on ");
        int type = s.lastIndexOf(" type ");
        if (on <= 0 || type <= on + 4) {
            return null;
        }
        String rest = s.substring(type + 6);
        int sp = rest.indexOf(' ');
        String fsType = sp < 0 ? rest : rest.substring(0, sp);
        List<String> opts = List.of();
        if (sp >= 0) {
            String o = rest.substring(sp + 1).strip();
            if (!o.startsWith("(") || o.indexOf(')') < 0) {
                return null;
            }
            opts = options(o.substring(1, o.lastIndexOf(')')));
        }
        if (fsType.isEmpty() || !opts.isEmpty() && !optionsLook(String.join(",", opts))) {
            return null;
        }
        return new Mount(s.substring(0, on), s.substring(on + 4, type), fsType, opts, null, input, number, line);
    }

    /** Kernel and mount(8) options always start with rw or ro. */
    private static boolean optionsLook(String options) {
        return options.equals("rw") || options.equals("ro") || options.startsWith("rw,") || options.startsWith("ro,");
    }

    private static List<String> options(String s) {
        return List.of(s.split(","));
    }

    private static int indexOf(String[] f, String s) {
        for (int i = 0; i < f.length; i++) {
            if (f[i].equals(s)) {
                return i;
            }
        }
        return -1;
    }

    /** /proc/mounts writes space, tab, newline and backslash as \040 \011 \012 \134. */
    static String unescape(String s) {
        if (s.indexOf('\\') < 0) {
            return s;
        }
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && isOctal(s, i + 1)) {
                b.append((char) Integer.parseInt(s.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    private static boolean isOctal(String s, int from) {
        if (from + 3 > s.length()) {
            return false;
        }
        for (int i = from; i < from + 3; i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '7') {
                return false;
            }
        }
        return true;
    }
}
