package dev.ioverdict.analysis.block;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.analysis.Results;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.block.BlockAction;
import dev.ioverdict.model.block.BlockEvent;
import dev.ioverdict.model.block.BlockInput;
import dev.ioverdict.model.block.BlockSection;
import dev.ioverdict.model.block.BlockTrace;
import org.junit.jupiter.api.Test;

class BlockAnalysisTest {
    private static BlockEvent event(String input, BlockAction action, long timeUs, long sector) {
        return new BlockEvent(input, 1, "", 8, 16, 0, timeUs * 1000, 7, action, "W", sector, 8, 4096, "dd", 0, -1, -1, -1);
    }

    private static void io(Facts facts, String input, long t, long sector, long d2cUs) {
        facts.add(event(input, BlockAction.QUEUE, t, sector));
        facts.add(event(input, BlockAction.GETRQ, t + 1, sector));
        facts.add(event(input, BlockAction.INSERT, t + 2, sector));
        facts.add(event(input, BlockAction.ISSUE, t + 3, sector));
        facts.add(event(input, BlockAction.COMPLETE, t + 3 + d2cUs, sector));
    }

    @Test
    void eventsArePassedOnNotKeptAndEachOriginIsTrackedApart() {
        Facts facts = new Facts();
        BlockAnalysis analysis = new BlockAnalysis();
        analysis.attach(facts);
        facts.add(new BlockInput("blkparse.txt", BlockInput.BLKPARSE));
        io(facts, "blkparse.txt", 0, 800, 100);
        io(facts, "perf.txt", 0, 800, 5000);
        io(facts, "perf.txt", 10_000, 1600, 5000);
        assertTrue(facts.all(BlockEvent.class).isEmpty());
        Results results = new Results();
        analysis.finish(facts, results);
        BlockSection section = results.get(BlockSection.class).orElseThrow();
        assertEquals("blkparse", section.all().source());
        assertEquals(1, section.all().phase("D2C").n());
        assertEquals(100e-6, section.all().phase("D2C").max());
        assertEquals(section, results.get(BlockTrace.class).orElseThrow().section());
    }

    @Test
    void perfEventsAloneArePerfScriptsFigures() {
        Facts facts = new Facts();
        BlockAnalysis analysis = new BlockAnalysis();
        analysis.attach(facts);
        io(facts, "perf.txt", 0, 800, 5000);
        Results results = new Results();
        analysis.finish(facts, results);
        BlockSection section = results.get(BlockSection.class).orElseThrow();
        assertEquals("perf-script", section.all().source());
        assertEquals("perf-script", section.devices().get(0).source());
        assertEquals(5003e-6, section.all().phase("Q2C").avg());
    }

    @Test
    void noEventsNoResult() {
        Facts facts = new Facts();
        BlockAnalysis analysis = new BlockAnalysis();
        analysis.attach(facts);
        Results results = new Results();
        analysis.finish(facts, results);
        assertTrue(results.get(BlockSection.class).isEmpty());
    }
}
