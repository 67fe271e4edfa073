package dev.ioverdict.analysis;

import dev.ioverdict.analysis.block.BlockAnalysis;
import dev.ioverdict.analysis.btt.BttSectionAnalysis;
import dev.ioverdict.analysis.consistency.ConsistencyAnalysis;
import dev.ioverdict.analysis.config.ConfigAnalysis;
import dev.ioverdict.analysis.config.StackAnalysis;
import dev.ioverdict.analysis.host.HostAnalysis;
import dev.ioverdict.analysis.iostat.IostatAnalysis;
import dev.ioverdict.analysis.kernel.KernelLogAnalysis;
import dev.ioverdict.analysis.layers.LayerAnalysis;
import dev.ioverdict.analysis.syscall.LatencySampling;
import dev.ioverdict.analysis.syscall.SleepTiming;
import dev.ioverdict.analysis.syscall.SyscallAnalysis;
import dev.ioverdict.analysis.timemodel.TimeModelAnalysis;
import java.util.List;
import java.util.function.Supplier;

/** Every analysis, in the order they finish; each case gets fresh instances. */
public final class Analyses {
    private static final List<Supplier<Analysis>> ALL = List.of(
            ConfigAnalysis::new,
            HostAnalysis::new,
            IostatAnalysis::new,
            KernelLogAnalysis::new,
            // before the syscall analysis, which reads the sleep stacks it times
            SleepTiming::new,
            SyscallAnalysis::new,
            LatencySampling::new,
            BlockAnalysis::new,
            // after any analysis that computes the block section from a trace: btt text only fills a gap
            BttSectionAnalysis::new,
            // after the configuration and the block trace: which devices sit on which
            StackAnalysis::new,
            // before anything reads figures it may find doubtful
            ConsistencyAnalysis::new,
            // after config, syscalls, iostat and block: assigns the application's wait to the layers
            TimeModelAnalysis::new,
            // last: reads the results of all the others
            LayerAnalysis::new);

    private Analyses() {
    }

    public static List<Analysis> fresh() {
        return ALL.stream().map(Supplier::get).toList();
    }
}
