package dev.ioverdict.report.model;

import com.fasterxml.jackson.annotation.JsonInclude;
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
 * or M2D) per device, direction and process (both empty for btt text input). {@code labels}: each
 * device number as every page names the device ("8,0" -> "sda (8,0, /data)"), where that says more.
 */
@JsonPropertyOrder({"devices", "labels", "all", "slowest", "schedulerWaits"})
public record BlockView(List<BlockDeviceStats> devices, BlockDeviceStats all, List<BlockIo> slowest,
                        List<SchedulerWait> schedulerWaits,
                        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> labels) {
    public BlockView {
        devices = List.copyOf(devices);
        slowest = List.copyOf(slowest);
        schedulerWaits = List.copyOf(schedulerWaits);
        labels = labels == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(labels));
    }

    public BlockView(List<BlockDeviceStats> devices, BlockDeviceStats all, List<BlockIo> slowest,
                     List<SchedulerWait> schedulerWaits) {
        this(devices, all, slowest, schedulerWaits, Map.of());
    }

    public static BlockView of(BlockSection section, BlockTrace trace) {
        return of(section, trace, d -> d);
    }

    /** With each device's label ({@code label}: a device number to how the report names the device). */
    public static BlockView of(BlockSection section, BlockTrace trace, java.util.function.UnaryOperator<String> label) {
        Map<String, String> labels = new LinkedHashMap<>();
        for (BlockDeviceStats d : section.devices()) {
            String l = label.apply(d.device());
            if (l != null && !l.equals(d.device())) {
                labels.put(d.device(), l);
            }
        }
        return new BlockView(section.devices().stream().map(BlockView::withheld).toList(), withheld(section.all()),
                trace == null ? List.of() : trace.slowest(), trace == null ? List.of() : trace.schedulerWaits(), labels);
    }

    /** How the report names a traced device: its label, else its number. */
    public String label(String device) {
        return labels.getOrDefault(device, device);
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
