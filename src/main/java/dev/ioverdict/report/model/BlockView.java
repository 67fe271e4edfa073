package dev.ioverdict.report.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.ioverdict.model.block.BlockDeviceStats;
import dev.ioverdict.model.block.BlockIo;
import dev.ioverdict.model.block.BlockSection;
import dev.ioverdict.model.block.BlockTrace;
import dev.ioverdict.model.block.SchedulerWait;
import java.util.List;

/**
 * The report's {@code block} section: btt's figures per device and for all devices (CONTRACT.md),
 * plus the slowest traced I/Os with their phases and captured lines, and the scheduler time (I2D
 * or M2D) per device, direction and process (both empty for btt text input).
 */
@JsonPropertyOrder({"devices", "all", "slowest", "schedulerWaits"})
public record BlockView(List<BlockDeviceStats> devices, BlockDeviceStats all, List<BlockIo> slowest,
                        List<SchedulerWait> schedulerWaits) {
    public BlockView {
        devices = List.copyOf(devices);
        slowest = List.copyOf(slowest);
        schedulerWaits = List.copyOf(schedulerWaits);
    }

    public static BlockView of(BlockSection section, BlockTrace trace) {
        return new BlockView(section.devices(), section.all(), trace == null ? List.of() : trace.slowest(),
                trace == null ? List.of() : trace.schedulerWaits());
    }
}
