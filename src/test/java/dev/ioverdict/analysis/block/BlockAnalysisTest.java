package dev.ioverdict.analysis.block;

import dev.ioverdict.model.block.Phase;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.analysis.Results;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.block.BlockAction;
import dev.ioverdict.model.block.BlockEvent;
import dev.ioverdict.model.block.BlockInput;
import dev.ioverdict.model.block.BlockProcessTimes;
import dev.ioverdict.model.block.BlockSection;
import dev.ioverdict.model.block.BlockTrace;
import java.util.List;
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
        assertEquals(1, section.all().phase(Phase.D2C).n());
        assertEquals(100e-6, section.all().phase(Phase.D2C).max());
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
        assertEquals(5003e-6, section.all().phase(Phase.Q2C).avg());
    }

    /** A write queued at {@code t} µs and dispatched 1 µs later. */
    private static void dispatched(Facts facts, long t, long sector) {
        facts.add(event("perf.txt", BlockAction.QUEUE, t, sector));
        facts.add(event("perf.txt", BlockAction.ISSUE, t + 1, sector));
    }

    private static void completed(Facts facts, long t, long sector) {
        facts.add(event("perf.txt", BlockAction.COMPLETE, t, sector));
    }

    /** What the block analysis derives from the events {@code trace} adds. */
    private static Results analysed(java.util.function.Consumer<Facts> trace) {
        Facts facts = new Facts();
        BlockAnalysis analysis = new BlockAnalysis();
        analysis.attach(facts);
        trace.accept(facts);
        Results results = new Results();
        analysis.finish(facts, results);
        return results;
    }

    @Test
    void eachRequestsD2cIsCountedByHowManyWereAheadOfItOnlyWhereThatIsKnown() {
        Results results = analysed(facts -> {
            // a request dispatched before the trace began completes at 1.5 ms: the two dispatched before that were
            // not alone in the device, whatever the trace saw of it
            dispatched(facts, 0, 800);
            dispatched(facts, 500, 1600);
            completed(facts, 1_500, 9_999_000);
            completed(facts, 2_001, 800);
            completed(facts, 4_501, 1600);
            // then one alone (2 ms), and two at once, served in turn: 2 ms for the first, 4 ms with one ahead
            io(facts, "perf.txt", 10_000, 2400, 2000);
            dispatched(facts, 20_000, 3200);
            dispatched(facts, 20_002, 4000);
            completed(facts, 22_001, 3200);
            completed(facts, 24_003, 4000);
        });
        BlockProcessTimes.Baseline b = results.get(BlockProcessTimes.class).orElseThrow().baselines().get(0);
        assertEquals(5, b.n());
        assertEquals(List.of(new BlockProcessTimes.DepthLevel("write", 0, 2, 0.004),
                new BlockProcessTimes.DepthLevel("write", 1, 1, 0.004)), b.byDepth());
        assertEquals(new BlockProcessTimes.Dispatched(2, 0.002), b.dispatchedBelow("write", 1));
        assertEquals(new BlockProcessTimes.Dispatched(0, Double.NaN), b.dispatched("read"));
    }

    @Test
    void aRequestHadTheDeviceToItselfWithNothingInItAtItsDispatchAndNothingDispatchedBeforeItsCompletion() {
        Results results = analysed(facts -> {
            // a request dispatched before the trace began completes at 1.5 ms: the one dispatched before it was not
            // alone
            dispatched(facts, 0, 800);
            completed(facts, 1_500, 9_999_000);
            completed(facts, 2_001, 800);
            // alone (2 ms); then two side by side: the first saw the second dispatched, the second found the first
            io(facts, "perf.txt", 10_000, 2400, 2000);
            dispatched(facts, 20_000, 3200);
            dispatched(facts, 21_000, 4000);
            completed(facts, 23_001, 3200);
            completed(facts, 24_001, 4000);
            // alone again after them (3 ms)
            io(facts, "perf.txt", 30_000, 4800, 3000);
        });
        List<BlockProcessTimes.Entry> entries = results.get(BlockProcessTimes.class).orElseThrow().entries();
        assertEquals(5, entries.stream().mapToLong(BlockProcessTimes.Entry::n).sum());
        assertEquals(2, entries.stream().mapToLong(BlockProcessTimes.Entry::alone).sum());
        assertEquals(0.005, entries.stream().mapToDouble(BlockProcessTimes.Entry::aloneD2c).sum(), 1e-12);
    }

    @Test
    void aRequestsOwnTurnIsItsD2cAfterTheDevicesCompletionBeforeIt() {
        Results results = analysed(facts -> {
            // dispatched at 1 µs, a request the trace never saw dispatched completes at 1.5 ms: its turn is 501 µs of
            // its 2 ms
            dispatched(facts, 0, 800);
            completed(facts, 1_500, 9_999_000);
            completed(facts, 2_001, 800);
            // alone: all of its 2 ms; two dispatched 1 ms apart: the first's 3 ms, the second's 1 ms after it
            io(facts, "perf.txt", 10_000, 2400, 2000);
            dispatched(facts, 20_000, 3200);
            dispatched(facts, 21_000, 4000);
            completed(facts, 23_001, 3200);
            completed(facts, 24_001, 4000);
            io(facts, "perf.txt", 30_000, 4800, 3000);
        });
        List<BlockProcessTimes.Entry> entries = results.get(BlockProcessTimes.class).orElseThrow().entries();
        assertEquals(5, entries.stream().mapToLong(BlockProcessTimes.Entry::turns).sum());
        assertEquals(0.009501, entries.stream().mapToDouble(BlockProcessTimes.Entry::sinceLastCompletion).sum(), 1e-12);
    }

    private static BlockEvent at(int major, int minor, BlockAction action, long timeUs, long sector, int fromMajor,
                                 int fromMinor, long fromSector, long line) {
        return new BlockEvent("b.txt", line, "line " + line, major, minor, 0, timeUs * 1000, 7, action, "W", sector, 8,
                4096, "dd", 0, fromMajor, fromMinor, fromSector);
    }

    @Test
    void slowestIoFollowsAStackOfVolumesDownToTheDisk() {
        Facts facts = new Facts();
        BlockAnalysis analysis = new BlockAnalysis();
        analysis.attach(facts);
        facts.add(new BlockInput("b.txt", BlockInput.BLKPARSE));
        facts.add(at(253, 1, BlockAction.QUEUE, 0, 100, -1, -1, -1, 1));
        facts.add(at(253, 0, BlockAction.REMAP, 1, 200, 253, 1, 100, 2));
        facts.add(at(253, 0, BlockAction.QUEUE, 2, 200, -1, -1, -1, 3));
        facts.add(at(8, 16, BlockAction.REMAP, 3, 300, 253, 0, 200, 4));
        facts.add(at(8, 16, BlockAction.QUEUE, 4, 300, -1, -1, -1, 5));
        facts.add(at(8, 16, BlockAction.GETRQ, 5, 300, -1, -1, -1, 6));
        facts.add(at(8, 16, BlockAction.INSERT, 6, 300, -1, -1, -1, 7));
        facts.add(at(8, 16, BlockAction.ISSUE, 8, 300, -1, -1, -1, 8));
        facts.add(at(8, 16, BlockAction.COMPLETE, 1000, 300, -1, -1, -1, 9));
        facts.add(at(253, 0, BlockAction.COMPLETE, 1001, 200, -1, -1, -1, 10));
        facts.add(at(253, 1, BlockAction.COMPLETE, 1002, 100, -1, -1, -1, 11));
        Results results = new Results();
        analysis.finish(facts, results);
        BlockTrace trace = results.get(BlockTrace.class).orElseThrow();
        assertEquals(1, trace.slowest().size());
        var io = trace.slowest().get(0);
        assertEquals("253,1 -> 253,0 -> 8,16", io.path());
        assertEquals("{Q2A=1.0E-6, Q2G=1.0E-6, G2I=1.0E-6, I2D=2.0E-6, D2C=9.92E-4, Q2C=0.001002}", io.phases().toString());
        assertEquals(11, io.lines().size());
        assertEquals(List.of(new BlockTrace.Remap("253,1", "253,0", 1), new BlockTrace.Remap("253,0", "8,16", 1)),
                trace.remaps());
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
