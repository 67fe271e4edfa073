package dev.ioverdict.report.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.ioverdict.model.block.BlockDeviceStats;
import dev.ioverdict.model.block.BlockIo;
import dev.ioverdict.model.block.BlockSection;
import dev.ioverdict.model.block.BlockTrace;
import java.util.List;

/**
 * The report's {@code block} section: btt's figures per device and for all devices (CONTRACT.md),
 * plus the slowest traced I/Os with their phases and captured lines (empty for btt text input).
 */
@JsonPropertyOrder({"devices", "all", "slowest"})
public record BlockView(List<BlockDeviceStats> devices, BlockDeviceStats all, List<BlockIo> slowest) {
    public BlockView {
        devices = List.copyOf(devices);
        slowest = List.copyOf(slowest);
    }

    public static BlockView of(BlockSection section, BlockTrace trace) {
        return new BlockView(section.devices(), section.all(), trace == null ? List.of() : trace.slowest());
    }
}
