package dev.ioverdict.rules.block;

import dev.ioverdict.analysis.config.KernelMajors;
import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.config.FilesystemInfo;
import dev.ioverdict.parse.text.Numbers;
import java.util.HashMap;
import java.util.Map;

/**
 * Block device numbers ("8,0") to names ("sda"): from lsblk lines in the bundle (their MAJ:MIN
 * column), else from the majors the kernel fixes for every system (sd, loop, md). Device-mapper
 * and NVMe majors are assigned at boot, so those are named only from the bundle.
 */
final class DeviceNames {
    private final Map<String, String> fromBundle = new HashMap<>();

    DeviceNames(Facts facts) {
        for (FilesystemInfo fs : facts.all(FilesystemInfo.class)) {
            String majMin = majMin(fs.text());
            if (majMin != null && fs.device() != null) {
                fromBundle.putIfAbsent(majMin, shortName(fs.device()));
            }
        }
    }

    /** The name, or null when neither the bundle nor the kernel's fixed majors tell. */
    String name(String device) {
        String n = fromBundle.get(device);
        return n != null ? n : conventional(device);
    }

    /** "sda (8,0)" when the name is known, else "8,0". */
    String label(String device) {
        String n = name(device);
        return n == null ? device : n + " (" + device + ")";
    }

    static String conventional(String device) {
        return KernelMajors.name(device);
    }

    /** The "MAJ:MIN" token of an lsblk line as "8,0", or null. */
    private static String majMin(String text) {
        if (text == null) {
            return null;
        }
        int n = text.length();
        int i = 0;
        while (i < n) {
            while (i < n && text.charAt(i) == ' ') {
                i++;
            }
            int start = i;
            while (i < n && text.charAt(i) != ' ') {
                i++;
            }
            String tok = text.substring(start, i);
            int colon = tok.indexOf(':');
            if (colon > 0 && colon < tok.length() - 1 && Numbers.isDigits(tok, 0, colon) && Numbers.isDigits(tok, colon + 1, tok.length())) {
                return tok.substring(0, colon) + "," + tok.substring(colon + 1);
            }
        }
        return null;
    }

    private static String shortName(String device) {
        return device.startsWith("/dev/") ? device.substring(5) : device;
    }
}
