package dev.ioverdict.compare;

import dev.ioverdict.analysis.config.DeviceIdentities;
import dev.ioverdict.analysis.config.DeviceIdentity;
import dev.ioverdict.model.block.BlockDeviceStats;
import dev.ioverdict.model.config.ConfigSection;
import dev.ioverdict.model.config.DeviceConfig;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiPredicate;

/**
 * Pairs the traced block devices of two captures by what names the disk rather than this boot's
 * numbers: a reboot or a re-scan turns sdc into sdf and dm-3 into dm-5, a disk swap keeps sdc and
 * changes the disk. What each side knows of a device is its identity as the case built it (report.json's
 * {@code devices}, {@link DeviceIdentity}), and a device is named by its identity's label, as its own
 * report names it. Strongest evidence first: WWN / WWID or serial (lsblk, multipath -ll, dmsetup);
 * then major:minor; the kernel name; the device-mapper name; the mount point; and, when each side
 * traced one device only, that one. A match is loose when it rests on a name that says nothing of
 * the disk (mount point, the only device) or when the disks' own identities disagree.
 */
final class DeviceMatcher {
    private DeviceMatcher() {
    }

    /** A traced device ({@code id} "8,32") with what its side's identity of it says, and its label there. */
    record Traced(String id, String name, String dmName, String wwn, String serial, String mount, String label) {
        Traced(String id, String name, String dmName, String wwn, String serial, String mount) {
            this(id, name, dmName, wwn, serial, mount, name != null ? name + " (" + id + ")" : id);
        }

        /** What the identity says of a traced device; its number alone when the side has no identity for it. */
        static Traced of(String id, DeviceIdentity d) {
            if (d == null) {
                return new Traced(id, null, null, null, null, null, id);
            }
            return new Traced(id, text(d.kernelName()), text(d.dmName()), text(d.wwid()), text(d.serial()),
                    d.mounts().isEmpty() ? null : d.mounts().get(0), d.label());
        }

        private boolean sameDisk(Traced o) {
            return wwn != null && sameWwn(wwn, o.wwn) || serial != null && serial.equals(o.serial);
        }

        /** Both sides name their disk, and the names disagree. */
        private String otherDisk(Traced o) {
            if (wwn != null && o.wwn != null && !sameWwn(wwn, o.wwn)) {
                return "the WWNs differ (" + wwn + " / " + o.wwn + ")";
            }
            if (serial != null && o.serial != null && !serial.equals(o.serial)) {
                return "the serial numbers differ (" + serial + " / " + o.serial + ")";
            }
            return null;
        }
    }

    /** {@code by}: wwn, serial, major:minor, name, dm name, mount point or only device; the note says what a reader should know. */
    record Pair(Traced before, Traced after, String by, boolean loose, String note) {
        String subject() {
            return before.label().equals(after.label()) ? before.label() : before.label() + " / " + after.label();
        }
    }

    /**
     * The side's traced devices with their identities: by the device list of its report; a
     * report.json written before that list existed is read through its config section.
     */
    static List<Traced> traced(Side side) {
        Map<String, DeviceIdentity> byNumber = new LinkedHashMap<>();
        for (DeviceIdentity d : side.report().devices()) {
            byNumber.putIfAbsent(d.key(), d);
            if (d.majMin() != null) {
                byNumber.putIfAbsent(d.majMin(), d);
            }
        }
        if (byNumber.isEmpty()) {
            fromConfig(side.report().config(), byNumber);
        }
        List<Traced> out = new ArrayList<>();
        for (BlockDeviceStats d : Comparer.blockDevices(side.report())) {
            out.add(Traced.of(d.device(), byNumber.get(d.device())));
        }
        return out;
    }

    /** An older report.json: its config section's devices, labelled as it labelled them. */
    private static void fromConfig(ConfigSection section, Map<String, DeviceIdentity> byNumber) {
        for (DeviceConfig c : section == null ? List.<DeviceConfig>of() : section.devices()) {
            if (c.majMin() == null) {
                continue;
            }
            String number = c.majMin().replace(':', ',');
            String dm = text(c.alias()) != null ? text(c.alias()) : text(c.name());
            String wwid = text(c.wwid()) != null ? text(c.wwid()) : text(c.wwn());
            String name = text(c.device());
            byNumber.putIfAbsent(number, new DeviceIdentity(name, name != null ? name + " (" + number + ")" : number,
                    name, number, dm, wwid, text(c.serial()), null, c.mount() == null ? List.of() : List.of(c.mount()),
                    List.of(), List.of(), null, null, List.of(), null));
        }
    }

    /** Each before device with its after device, strongest evidence first; {@code notes} gets what was loose or left out. */
    static List<Pair> match(List<Traced> before, List<Traced> after, String beforeLabel, String afterLabel,
                            List<String> notes) {
        List<Traced> b = new ArrayList<>(before);
        List<Traced> a = new ArrayList<>(after);
        List<Pair> out = new ArrayList<>();
        pass(b, a, out, "wwn", (x, y) -> x.wwn != null && sameWwn(x.wwn, y.wwn));
        pass(b, a, out, "serial", (x, y) -> x.serial != null && x.serial.equals(y.serial));
        pass(b, a, out, "major:minor", (x, y) -> x.id.equals(y.id));
        pass(b, a, out, "name", (x, y) -> x.name != null && x.name.equals(y.name));
        pass(b, a, out, "dm name", (x, y) -> x.dmName != null && x.dmName.equals(y.dmName));
        pass(b, a, out, "mount point", (x, y) -> x.mount != null && x.mount.equals(y.mount));
        if (before.size() == 1 && after.size() == 1 && b.size() == 1 && a.size() == 1) {
            out.add(pair(b.remove(0), a.remove(0), "only device"));
        }
        for (Pair p : out) {
            if (p.note != null) {
                notes.add("block device " + p.subject() + ": " + p.note);
            }
        }
        b.forEach(t -> notes.add("block device " + t.label() + " is only in " + beforeLabel));
        a.forEach(t -> notes.add("block device " + t.label() + " is only in " + afterLabel));
        return out;
    }

    private static void pass(List<Traced> b, List<Traced> a, List<Pair> out, String by, BiPredicate<Traced, Traced> same) {
        for (var it = b.iterator(); it.hasNext(); ) {
            Traced x = it.next();
            for (var jt = a.iterator(); jt.hasNext(); ) {
                Traced y = jt.next();
                if (same.test(x, y)) {
                    out.add(pair(x, y, by));
                    it.remove();
                    jt.remove();
                    break;
                }
            }
        }
    }

    private static Pair pair(Traced x, Traced y, String by) {
        String otherDisk = x.otherDisk(y);
        boolean renamed = !Objects.equals(x.id, y.id) || !Objects.equals(x.name, y.name);
        return switch (by) {
            case "wwn", "serial" -> new Pair(x, y, by, false, renamed
                    ? "the same disk (" + (by.equals("wwn") ? "WWN " + x.wwn : "serial " + x.serial) + ") under another "
                    + "name or number: matched by its " + (by.equals("wwn") ? "WWN" : "serial number") : null);
            case "major:minor", "name" -> otherDisk != null
                    ? new Pair(x, y, by, true, "loosely: matched by " + (by.equals("name") ? "kernel name" : by)
                    + " while " + otherDisk + ": another disk may sit under the same name")
                    : new Pair(x, y, by, false, renamed ? "matched by " + by + " " + (by.equals("name") ? x.name : x.id)
                    + " (the other differs between the captures)" : null);
            case "dm name" -> new Pair(x, y, by, otherDisk != null, (otherDisk != null ? "loosely: " : "")
                    + "matched by device-mapper name " + x.dmName + (otherDisk != null ? " while " + otherDisk : ""));
            case "mount point" -> new Pair(x, y, by, true, "loosely: matched by mount point " + x.mount
                    + " while the device names differ" + (otherDisk != null ? " and " + otherDisk : ""));
            default -> new Pair(x, y, by, true, "loosely: the only traced block device on each side"
                    + (otherDisk != null ? ", while " + otherDisk : ""));
        };
    }

    /**
     * lsblk prints a WWN as "0x5000c500a1b2c3d4", multipath a WWID as "35000c500a1b2c3d4" (SCSI
     * page 83's NAA designator type first), udev as "naa.5000...": the same disk in three spellings.
     */
    static boolean sameWwn(String x, String y) {
        return x != null && y != null && DeviceIdentities.sameWwid(x, y);
    }

    /** A name lsblk or dmsetup printed, null when it printed none (or only blanks). */
    private static String text(String v) {
        return v == null || v.isBlank() ? null : v;
    }
}
