package dev.ioverdict.model.config;

import java.util.List;

/**
 * One device as one listing printed it (dmsetup, multipath -ll, /dev/disk/by-id, losetup): a raw
 * fact of that source, not the case's identity of the device, which the analyses build from all
 * listings together (analysis.config.DeviceIdentity). What it says: its kernel name ({@code dm-3},
 * {@code sdc}; null when the listing does not print it), its own name ({@code mpatha},
 * {@code vg-lv}), its WWID, major:minor ("253:3"), the devices under it (paths of a multipath map,
 * tables' devices, by kernel name or "8:32"), vendor/product as printed; where it was read.
 */
public record ListedDevice(String device, String name, String wwid, String majMin, List<String> under,
                           String vendor, String input, long line, String text) implements ConfigFact {
    public ListedDevice {
        under = List.copyOf(under);
    }
}
