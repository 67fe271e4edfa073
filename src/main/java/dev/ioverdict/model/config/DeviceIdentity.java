package dev.ioverdict.model.config;

import java.util.List;

/**
 * What a device-mapper or multipath listing says of one device: its kernel name ({@code dm-3},
 * {@code sdc}; null when the listing does not print it), its own name ({@code mpatha},
 * {@code vg-lv}), its WWID, major:minor ("253:3"), the devices under it (paths of a multipath map,
 * tables' devices, by kernel name or "8:32"), vendor/product as printed; where it was read.
 */
public record DeviceIdentity(String device, String name, String wwid, String majMin, List<String> under,
                             String vendor, String input, long line, String text) implements ConfigFact {
    public DeviceIdentity {
        under = List.copyOf(under);
    }
}
