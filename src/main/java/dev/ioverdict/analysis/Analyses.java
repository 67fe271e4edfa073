package dev.ioverdict.analysis;

import dev.ioverdict.analysis.block.BlockAnalysis;
import java.util.List;
import java.util.function.Supplier;

/** Every analysis, in the order they finish; each case gets fresh instances. */
public final class Analyses {
    private static final List<Supplier<Analysis>> ALL = List.of(
            BlockAnalysis::new);

    private Analyses() {
    }

    public static List<Analysis> fresh() {
        return ALL.stream().map(Supplier::get).toList();
    }
}
