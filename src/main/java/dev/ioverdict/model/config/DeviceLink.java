package dev.ioverdict.model.config;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.ioverdict.model.Evidence;
import java.util.List;

/**
 * One device sitting on another: {@code upper} sends its I/O to {@code lower} (a dm volume to its
 * leg, a multipath map to a path, a loop device to the device its backing file's filesystem is
 * on), as {@code via} told (several sources may agree); {@code how} says it in words, {@code evidence}
 * are the lines that show it (none for a block trace's remaps). Devices by kernel name, else as
 * block traces print their number ("253,0").
 */
public record DeviceLink(String upper, String lower, List<Via> via, String how, List<Evidence> evidence) {
    public DeviceLink {
        via = List.copyOf(via);
        evidence = List.copyOf(evidence);
    }

    /** How a link between two devices was known. */
    public enum Via {
        LSBLK("lsblk", "lsblk's tree"),
        DMSETUP("dmsetup", "dmsetup's table"),
        MULTIPATH("multipath", "the multipath map"),
        LOOP_BACKING_FILE("losetup-backing-file", "losetup's backing file on a mounted filesystem"),
        BLOCK_REMAP("block-remap", "the block trace's remap events"),
        NAMING("partition-name", "the partition's name");

        private final String id;
        private final String words;

        Via(String id, String words) {
            this.id = id;
            this.words = words;
        }

        /** How report.json names it. */
        @JsonValue
        public String id() {
            return id;
        }

        public String words() {
            return words;
        }
    }
}
