package dev.ioverdict.analysis.config;

import dev.ioverdict.parse.text.Numbers;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How the tools name one device: {@code /dev/sda}, {@code sda}, {@code /dev/mapper/vg-lv},
 * {@code 8:0} (lsblk, mountinfo), {@code 8,0} (blkparse, btt, perf block events), {@code dev8-0} (sar -d).
 */
final class DeviceKeys {
    /** sda1 -> sda, vdb2 -> vdb, nvme0n1p1 -> nvme0n1, mmcblk0p2 -> mmcblk0, loop0p1 -> loop0, md0p1 -> md0. */
    private static final Pattern PARTITION = Pattern.compile(
            "^((?:[sv]d|xvd|hd)[a-z]+)\\d+$|^((?:nvme\\d+n\\d+|mmcblk\\d+|loop\\d+|md\\d+|nbd\\d+))p\\d+$");

    private DeviceKeys() {
    }

    /** A device name without /dev/ or /dev/mapper/, or "8:0" for a major,minor pair; null for null. */
    static String of(String device) {
        if (device == null) {
            return null;
        }
        String d = device.strip();
        if (d.startsWith("/dev/mapper/")) {
            return d.substring("/dev/mapper/".length());
        }
        if (d.startsWith("/dev/")) {
            return d.substring("/dev/".length());
        }
        String mm = majMin(d);
        if (mm == null && d.startsWith("dev") && d.indexOf('-') > 3) {
            mm = majMin(d.substring(3).replace('-', ':')); // sar -d without -p: dev253-2
        }
        return mm != null ? mm : d;
    }

    /** "8,0", "8:0" or "8, 0" as "8:0"; null when the text is not a major/minor pair. */
    static String majMin(String s) {
        int sep = s.indexOf(',') >= 0 ? s.indexOf(',') : s.indexOf(':');
        if (sep <= 0) {
            return null;
        }
        String major = s.substring(0, sep).strip();
        String minor = s.substring(sep + 1).strip();
        return digits(major) && digits(minor) ? Integer.parseInt(major) + ":" + Integer.parseInt(minor) : null;
    }

    /** "8:0" as block traces print it: "8,0". */
    static String traceForm(String majMin) {
        return majMin == null ? null : majMin.replace(':', ',');
    }

    /** The disk a partition name belongs to by kernel naming, or null. */
    static String diskOfPartition(String name) {
        Matcher m = PARTITION.matcher(name);
        if (!m.matches()) {
            return null;
        }
        return m.group(1) != null ? m.group(1) : m.group(2);
    }

    private static boolean digits(String s) {
        return s.length() <= 9 && Numbers.isDigits(s); // parses as an int
    }
}
