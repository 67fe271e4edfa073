package dev.ioverdict.model.block;

import java.util.List;

/** The report's {@code block} section: btt's figures per device and for all devices (CONTRACT.md). */
public record BlockSection(List<BlockDeviceStats> devices, BlockDeviceStats all) {
    public BlockSection {
        devices = List.copyOf(devices);
    }
}
