package dev.ioverdict.parse.dm;

import dev.ioverdict.parse.text.Excerpt;
import dev.ioverdict.model.config.ListedDevice;
import dev.ioverdict.parse.Clue;
import dev.ioverdict.parse.LineReader;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Recogniser;
import dev.ioverdict.parse.Signature;
import dev.ioverdict.parse.TextFormat;
import java.io.IOException;
import java.util.List;

/**
 * {@code ls -l} of udev's stable names: {@code /dev/disk/by-id} (and by-path, by-uuid, by-label),
 * {@code /dev/mapper}, alone or inside a recursive listing of /dev ({@code ls -lanR /dev}, as
 * sosreport keeps it in {@code sos_commands/block/ls_-lanR_.dev}). Each symlink names a device by
 * something that survives a reboot; those that say who a device is become {@link ListedDevice}s:
 * {@code dm-name-mpatha} and {@code /dev/mapper/mpatha} (the map's name), {@code dm-uuid-mpath-WWID},
 * {@code scsi-3WWID}, {@code wwn-0x...} and {@code nvme-eui.} (its WWID). The other links (paths,
 * filesystem UUIDs and labels, serials, partitions) are counted.
 */
public final class DiskByIdFormat extends TextFormat {
    public DiskByIdFormat() {
        super("disk-by-id", "`ls -l /dev/disk/by-id` (by-path, by-uuid, `/dev/mapper`, and those sections of a "
                + "sosreport's `ls -lanR /dev`): dm names, multipath WWIDs (`dm-uuid-mpath-`, `scsi-3`), "
                + "`wwn-` and NVMe EUIs name the devices",
                Recogniser.of(
                        Signature.certain("ls -lR section '{line}'", Clue.lines(l -> isSection(l.strip()))),
                        Signature.certain("{0} /dev/disk/by-id symlinks 'wwn-0x... -> ../../sda'",
                                Clue.lines(DiskByIdFormat::isByIdLink).atLeast(2)),
                        Signature.likely("a recursive ls -l of /dev (sosreport's ls_-lanR_.dev)",
                                Clue.lines(l -> l.strip().equals("/dev:")), Clue.fileName(n -> n.contains("ls_-l")))));
    }

    private static boolean isSection(String t) {
        return t.startsWith("/dev/disk/by-") && t.endsWith(":") || t.equals("/dev/mapper:");
    }

    private static boolean isByIdLink(String line) {
        Link l = Link.of(line);
        return l != null && l.target.startsWith("../") && BY_ID_PREFIXES.stream().anyMatch(l.name::startsWith);
    }

    private static final List<String> BY_ID_PREFIXES = List.of("ata-", "scsi-", "wwn-", "dm-name-", "dm-uuid-",
            "nvme-", "virtio-", "usb-", "md-", "lvm-pv-uuid-", "google-", "mmc-", "ieee1394-");

    @Override
    protected void read(LineReader in, ParseContext ctx) throws IOException {
        String section = null;
        String line;
        while ((line = in.next()) != null) {
            long no = in.number();
            String t = line.strip();
            if (t.startsWith("/") && t.endsWith(":")) {
                section = t.substring(0, t.length() - 1);
                continue;
            }
            if (section != null && !section.startsWith("/dev/disk/by-") && !section.equals("/dev/mapper")) {
                continue; // the rest of /dev: device nodes, terminals, shared memory
            }
            Link l = Link.of(line);
            if (l == null) {
                if (!t.isEmpty() && !t.startsWith("total ") && !isEntry(t) && section != null) {
                    ctx.skip(no, "not an ls -l line: " + Excerpt.of(t));
                }
                continue;
            }
            ctx.record();
            identity(section, l, no, line, ctx);
        }
    }

    /** {@code .}, {@code ..}, a sub-directory or a device node: a line of the listing that is no symlink. */
    private static boolean isEntry(String t) {
        char c = t.charAt(0);
        return c == 'd' || c == 'b' || c == 'c' || c == '-' || c == 'p' || c == 's' || c == 'l';
    }

    private static void identity(String section, Link l, long no, String line, ParseContext ctx) {
        String device = l.target.substring(l.target.lastIndexOf('/') + 1);
        boolean mapper = "/dev/mapper".equals(section)
                || section == null && l.target.startsWith("../") && !l.target.startsWith("../../");
        String name = null;
        String wwid = null;
        if (mapper) {
            name = l.name.equals("control") ? null : l.name;
        } else if (section == null || section.equals("/dev/disk/by-id")) {
            if (l.name.contains("-part")) {
                return; // a partition's names: its disk has the same ones
            }
            if (l.name.startsWith("dm-name-")) {
                name = l.name.substring("dm-name-".length());
            } else if (l.name.startsWith("dm-uuid-mpath-")) {
                wwid = l.name.substring("dm-uuid-mpath-".length());
            } else if (l.name.startsWith("scsi-3")) {
                wwid = l.name.substring("scsi-".length()); // NAA identifier, as multipath prints the WWID
            } else if (l.name.startsWith("wwn-")) {
                wwid = l.name.substring("wwn-".length());
            } else if (l.name.startsWith("nvme-eui.")) {
                wwid = l.name.substring("nvme-".length());
            }
        }
        if (name != null || wwid != null) {
            ctx.emit(new ListedDevice(device, name, wwid, null, List.of(), null, ctx.input(), no, line));
        }
    }

    /** One symlink of an ls -l listing: {@code lrwxrwxrwx 1 root root 9 Mar 3 10:12 NAME -> TARGET}. */
    private record Link(String name, String target) {
        static Link of(String line) {
            if (line.isEmpty() || line.charAt(0) != 'l') {
                return null;
            }
            int arrow = line.indexOf(" -> ");
            if (arrow < 0) {
                return null;
            }
            int start = line.lastIndexOf(' ', arrow - 1);
            String name = line.substring(start + 1, arrow);
            String target = line.substring(arrow + 4).strip();
            return name.isEmpty() || target.isEmpty() ? null : new Link(name, target);
        }
    }
}
