package dev.ioverdict.report.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.ioverdict.model.block.BlockDeviceStats;
import dev.ioverdict.model.block.BlockIo;
import dev.ioverdict.model.block.BlockSection;
import dev.ioverdict.model.block.BlockTrace;
import dev.ioverdict.model.block.SchedulerWait;
import dev.ioverdict.model.block.Phase;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
        return new BlockView(section.devices().stream().map(BlockView::withheld).toList(), withheld(section.all()),
                trace == null ? List.of() : trace.slowest(), trace == null ? List.of() : trace.schedulerWaits());
    }

    /**
     * The device without the Device Overhead shares above 100 % that btt's sums give when a trace
     * lost completions: a part larger than its whole is no figure to print (ConsistencyAnalysis notes why).
     */
    private static BlockDeviceStats withheld(BlockDeviceStats d) {
        if (d == null || d.overheadPct().values().stream().noneMatch(v -> v != null && v > 100)) {
            return d;
        }
        Map<Phase, Double> kept = new LinkedHashMap<>(d.overheadPct());
        kept.values().removeIf(v -> v != null && v > 100);
        return new BlockDeviceStats(d.device(), d.source(), d.phases(), kept, d.merges());
    }
}
