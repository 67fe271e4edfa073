package dev.ioverdict.model.block;

import java.util.List;

/**
 * Everything the block analysis derived: btt's figures ({@code section}), the slowest I/Os,
 * timelines and histograms per device, which devices remap onto which (dm/md -> legs), and the
 * scheduler time per direction and process, and the slowest I/Os of each process (to find the
 * I/O an application wait was for).
 * From btt text only {@code section} is known; the lists are then empty.
 */
public record BlockTrace(BlockSection section, List<BlockIo> slowest, List<DeviceTimeline> timelines,
                         List<LatencyHistogram> histograms, List<Remap> remaps, List<SchedulerWait> schedulerWaits,
                         List<BlockIo> slowestByProcess) {
    public BlockTrace {
        slowest = List.copyOf(slowest);
        slowestByProcess = List.copyOf(slowestByProcess);
        timelines = List.copyOf(timelines);
        histograms = List.copyOf(histograms);
        remaps = List.copyOf(remaps);
        schedulerWaits = List.copyOf(schedulerWaits);
    }

    /** Figures without the per-class scheduler waits (btt text, tests). */
    public BlockTrace(BlockSection section, List<BlockIo> slowest, List<DeviceTimeline> timelines,
                      List<LatencyHistogram> histograms, List<Remap> remaps) {
        this(section, slowest, timelines, histograms, remaps, List.of(), List.of());
    }

    /** I/Os remapped from {@code from} (e.g. dm 253,0) onto {@code to} (e.g. 8,32). */
    public record Remap(String from, String to, long ios) {
    }
}
