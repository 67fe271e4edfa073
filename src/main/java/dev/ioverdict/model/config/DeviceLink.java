package dev.ioverdict.model.config;

import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.KebabId;
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
    public enum Via implements KebabId {
        LSBLK("lsblk's tree"),
        DMSETUP("dmsetup's table"),
        MULTIPATH("the multipath map"),
        LOSETUP_BACKING_FILE("losetup's backing file on a mounted filesystem"),
        BLOCK_REMAP("the block trace's remap events"),
        PARTITION_NAME("the partition's name");

        private final String words;

        Via(String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }
    }
}
