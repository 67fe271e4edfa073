package dev.ioverdict.model.config;

import java.util.List;

/**
 * One mounted filesystem as /proc/mounts, /proc/self/mountinfo or {@code mount} prints it: source
 * device (as printed, e.g. {@code /dev/sda1}, {@code proc}, {@code server:/export}), mount point,
 * type and mount options; {@code majMin} ("8:1") only where mountinfo states it, else null.
 */
public record Mount(String device, String mount, String type, List<String> options, String majMin,
                    String input, long line, String text) implements ConfigFact {
    public Mount {
        options = List.copyOf(options);
    }
}
