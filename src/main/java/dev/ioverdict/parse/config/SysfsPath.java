package dev.ioverdict.parse.config;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A block device attribute path, as written in a dump ({@code /sys/block/sda/queue/nr_requests}) or
 * as a file's place in the bundle ({@code host1/sys/block/sdb/queue/scheduler}): the device and the
 * attribute under it, with the {@code queue/} prefix dropped ({@code nr_requests},
 * {@code iosched/fifo_batch}, {@code device/queue_depth}, {@code dev}).
 */
record SysfsPath(String device, String attribute) {
    /**
     * Device names as they appear in collected file names ({@code sda.scheduler},
     * {@code scheduler-nvme0n1.txt}); used only as a hint for a file that holds a bare value.
     */
    private static final Pattern DEVICE_IN_NAME = Pattern.compile(
            "(?<![A-Za-z0-9])(sd[a-z]{1,3}|vd[a-z]{1,2}|xvd[a-z]{1,2}|nvme\\d+n\\d+|loop\\d+|dm-\\d+|md\\d+"
            + "|mmcblk\\d+|nbd\\d+|rbd\\d+|zram\\d+|sr\\d+|emcpower[a-z]+)(?![A-Za-z0-9])");

    /** Parses a path naming {@code block/DEV/ATTR} (or {@code class/block/DEV/ATTR}); null otherwise. */
    static SysfsPath parse(String path) {
        String p = path.replace('\\', '/');
        int at = p.startsWith("block/") ? 0 : p.indexOf("/block/") + 1;
        if (at == 0 && !p.startsWith("block/")) {
            return null;
        }
        String rest = p.substring(at + "block/".length());
        int slash = rest.indexOf('/');
        if (slash <= 0 || slash == rest.length() - 1) {
            return null;
        }
        String device = rest.substring(0, slash);
        String attribute = rest.substring(slash + 1);
        int next = attribute.indexOf('/');
        // /sys/block/sda/sda1/... describes the partition sda1
        if (next > 0 && attribute.startsWith(device) && attribute.length() > device.length()
                && next > device.length()) {
            device = attribute.substring(0, next);
            attribute = attribute.substring(next + 1);
        }
        if (attribute.startsWith("queue/")) {
            attribute = attribute.substring("queue/".length());
        }
        if (attribute.isEmpty() || !validName(device) || !validAttribute(attribute)) {
            return null;
        }
        return new SysfsPath(device, attribute);
    }

    /** The one device a file name mentions, or null when it names none or several. */
    static String deviceInName(String path) {
        String name = path.substring(path.lastIndexOf('/') + 1);
        Matcher m = DEVICE_IN_NAME.matcher(name);
        String found = null;
        while (m.find()) {
            if (found != null && !found.equals(m.group(1))) {
                return null;
            }
            found = m.group(1);
        }
        return found;
    }

    private static boolean validName(String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!Character.isLetterOrDigit(c) && c != '-' && c != '_' && c != '!' && c != '.' && c != ':') {
                return false;
            }
        }
        return true;
    }

    private static boolean validAttribute(String s) {
        if (!Character.isLetter(s.charAt(0))) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!Character.isLetterOrDigit(c) && c != '_' && c != '/' && c != '-' && c != '.') {
                return false;
            }
        }
        return true;
    }
}
