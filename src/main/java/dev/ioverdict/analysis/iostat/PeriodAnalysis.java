package dev.ioverdict.analysis.iostat;

import dev.ioverdict.analysis.Analysis;
import dev.ioverdict.analysis.Dataflow;
import dev.ioverdict.analysis.Results;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.iostat.IostatSection;
import dev.ioverdict.model.iostat.Periods;

/**
 * The periods of a bundle ({@link PeriodFinder}), found once: the report's periods, the finding titles
 * that name their period and the rows of "Where the time goes" read this one result.
 */
public final class PeriodAnalysis implements Analysis {
    @Override
    public Dataflow dataflow() {
        return Dataflow.writes(Periods.class).reading(IostatSection.class);
    }

    @Override
    public void finish(Facts facts, Results results) {
        results.get(IostatSection.class)
                .ifPresent(section -> results.put(Periods.class, PeriodFinder.of(section.devices())));
    }
}
