package dev.ioverdict.analysis.config;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * One block device of a case with everything the bundle knows of it, whichever tool said it:
 * {@code key} is how the case names it everywhere (the kernel name, else its number as block
 * traces print it: "253,0"); {@code kernelName} ({@code sda}, {@code dm-2}), {@code majMin}
 * ("8,0"), {@code dmName} (a device-mapper, LVM or multipath map's own name: {@code mpatha},
 * {@code vg-lv}), WWID, serial and model of the disk, the mount points of the filesystems on it,
 * the devices directly {@code below} and {@code above} it (by key), a loop device's backing file,
 * its class of media, every
 * {@code name} a source used for it ({@code dev8-0}, {@code /dev/mapper/mpatha}, the lsblk name),
 * and {@code label}: how every page names it. {@code basis} says how a name and a number were
 * tied when no listing printed them together. Unknown values are null or empty.
 */
@JsonPropertyOrder({"key", "label", "kernelName", "majMin", "dmName", "wwid", "serial", "model", "mounts", "below",
    "above", "backingFile", "media", "names", "basis"})
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record DeviceIdentity(String key, String label, String kernelName, String majMin, String dmName, String wwid,
                             String serial, String model, List<String> mounts, List<String> below,
                             List<String> above, String backingFile, String media, List<String> names,
                             String basis) {
    public DeviceIdentity {
        mounts = mounts == null ? List.of() : List.copyOf(mounts);
        below = below == null ? List.of() : List.copyOf(below);
        above = above == null ? List.of() : List.copyOf(above);
        names = names == null ? List.of() : List.copyOf(names);
    }

    /**
     * The one label style: the kernel name (else the dm name, else the number), then the dm or
     * multipath name, then in brackets the number as block traces print it and the mount points:
     * {@code sda (8,0, /data)}, {@code dm-2 mpatha (253,2, /oracle)}, {@code 253,0}.
     */
    static String label(String key, String kernelName, String majMin, String dmName, List<String> mounts) {
        String shown = kernelName != null ? kernelName : dmName != null ? dmName : majMin != null ? majMin : key;
        StringBuilder sb = new StringBuilder(shown);
        if (dmName != null && !dmName.equals(shown)) {
            sb.append(' ').append(dmName);
        }
        StringBuilder aside = new StringBuilder();
        if (majMin != null && !majMin.equals(shown)) {
            aside.append(majMin);
        }
        int shownMounts = 0;
        for (String m : mounts) {
            if (shownMounts == 2) {
                aside.append(", +").append(mounts.size() - 2).append(" more");
                break;
            }
            aside.append(aside.isEmpty() ? "" : ", ").append(m);
            shownMounts++;
        }
        return aside.isEmpty() ? sb.toString() : sb.append(" (").append(aside).append(')').toString();
    }
}
