package dev.ioverdict.analysis.config;

/**
 * Names the kernel gives devices of fixed majors on every system (sd, loop, md): "67,720" is
 * "sdcp" wherever it was traced. Device-mapper and NVMe majors are assigned at boot, so those are
 * named only from the bundle.
 */
public final class KernelMajors {
    private KernelMajors() {
    }

    /** The name of a "major,minor" device, or null when its major is not one of the fixed ones. */
    public static String name(String device) {
        int comma = device.indexOf(',');
        if (comma <= 0) {
            return null;
        }
        int major;
        int minor;
        try {
            major = Integer.parseInt(device.substring(0, comma));
            minor = Integer.parseInt(device.substring(comma + 1));
        } catch (NumberFormatException e) {
            return null;
        }
        if (major == 7) {
            return "loop" + minor;
        }
        if (major == 9) {
            return "md" + minor;
        }
        int group = major == 8 ? 0 : major >= 65 && major <= 71 ? major - 64 : major >= 128 && major <= 135
                ? major - 120 : -1;
        if (group < 0) {
            return null;
        }
        int disk = group * 16 + minor / 16;
        int part = minor % 16;
        return "sd" + letters(disk) + (part == 0 ? "" : Integer.toString(part));
    }

    /** 0 = a, 25 = z, 26 = aa (the sd naming). */
    private static String letters(int index) {
        StringBuilder sb = new StringBuilder();
        int i = index;
        do {
            sb.insert(0, (char) ('a' + i % 26));
            i = i / 26 - 1;
        } while (i >= 0);
        return sb.toString();
    }
}
