package dev.ioverdict.report.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.analysis.Results;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.block.BlockSection;
import dev.ioverdict.model.block.BlockTrace;
import dev.ioverdict.testing.BlockFixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

class BlockChartsTest {
    static CaseData traced(BlockTrace trace) {
        Results r = new Results();
        r.put(BlockTrace.class, trace);
        r.put(BlockSection.class, trace.section());
        return new CaseData("test", List.of(), new Facts(), r);
    }

    @Test
    void tracedDeviceGetsSharesDistributionAndTimeline() {
        List<Chart> charts = new BlockCharts().charts(traced(BlockFixtures.multipath()));
        assertEquals(List.of("block-phases", "block-latency", "block-d2c-time"), charts.stream().map(Chart::id).toList());
        assertTrue(charts.stream().allMatch(c -> c.section().equals("block") && c.svg().startsWith("<svg ")));
        // same input, same bytes
        assertEquals(charts.get(2).svg(), new BlockCharts().charts(traced(BlockFixtures.multipath())).get(2).svg());
    }

    @Test
    void bttOnlyGivesTheSharesChartAndNoBlockDataNone() {
        var section = BlockFixtures.multipath().section();
        Results r = new Results();
        r.put(BlockSection.class, section);
        List<Chart> charts = new BlockCharts().charts(new CaseData("t", List.of(), new Facts(), r));
        assertEquals(List.of("block-phases"), charts.stream().map(Chart::id).toList());
        assertTrue(new BlockCharts().charts(new CaseData("t", List.of(), new Facts(), new Results())).isEmpty());
    }
}
