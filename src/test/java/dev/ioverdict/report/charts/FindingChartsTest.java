package dev.ioverdict.report.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import dev.ioverdict.pipeline.CaseRequest;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.Mark;
import dev.ioverdict.pipeline.CaseCompiler;
import dev.ioverdict.rules.RuleConfig;
import dev.ioverdict.testing.TestData;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Each finding gets its chart: the judged metric with the rule's limit as a series, or one line saying why not. */
class FindingChartsTest {
    private static CaseCompiler.Compiled compile(String testCase) throws Exception {
        return new CaseCompiler(RuleConfig.DEFAULTS).compile(
                CaseRequest.of(TestData.bundle(testCase).resolve("bundle")).withCaseId(testCase));
    }

    private static List<Chart> findingCharts(String testCase, List<Mark> marks) throws Exception {
        var c = compile(testCase);
        return Charts.draw(c.data(), c.report().findings(), marks).stream()
                .filter(x -> x.section().startsWith("finding-")).toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {"iostat-linux-saturated", "perf-device-latency", "perf-scheduler-latency",
        "perf-request-starvation", "unaligned-on-slow-device", "seed-002-btt-scheduler", "iostat-solaris-seed003"})
    void oneChartPerFindingWithTheLimitAsASeriesOrAReason(String testCase) throws Exception {
        var c = compile(testCase);
        List<Chart> charts = Charts.draw(c.data(), c.report().findings(), List.of()).stream()
                .filter(x -> x.section().startsWith("finding-")).toList();
        assertEquals(c.report().findings().size(), charts.size(), testCase);
        for (int i = 0; i < charts.size(); i++) {
            Chart chart = charts.get(i);
            assertEquals("finding-" + (i + 1), chart.section());
            if (chart.svg() == null) {
                assertTrue(chart.emptyReason().startsWith("No chart: "), chart.emptyReason());
            } else {
                assertTrue(chart.csv().contains("limit"), testCase + ": no limit series in " + chart.id());
            }
        }
    }

    /**
     * Appended direct writes: every io_submit takes 5-10 ms, all in one bucket. Its line rose from (10 ms, 99 %)
     * along the plot's top edge and could not be seen; it now starts at the bucket's lower edge, 0 % at 5 ms. The
     * rule judges the calls' stacks, not their average against a limit, so no limit is drawn or named.
     */
    @Test
    void callsThatAllFallInOneBucketRiseFromItsLowerEdgeAndARuleWithoutALimitDrawsNone() throws Exception {
        Chart chart = findingCharts("grid/dio-append-8ms-ssd", List.of()).get(0);
        assertNotNull(chart.svg());
        assertTrue(chart.csv().contains("\nio_submit (394 calls),5,0\nio_submit (394 calls),10,100"), chart.csv());
        assertTrue(!chart.csv().contains("limit"), chart.csv());
        assertTrue(!chart.caption().contains("limit"), chart.caption());
    }

    @Test
    void saturationDrawsAwaitAndUtilWithBothLimitsAndShadesTheReportsOverThem() throws Exception {
        Chart chart = findingCharts("iostat-linux-saturated", List.of()).get(0);
        assertNotNull(chart.svg());
        assertTrue(chart.csv().contains("limit for r/w await (50.0 ms)"), chart.csv().lines().findFirst().orElse(""));
        assertTrue(chart.csv().contains("limit for %util (20 %)"), chart.csv().lines().findFirst().orElse(""));
        assertTrue(chart.caption().contains("shaded: the 16 reports over both limits"), chart.caption());
    }

    @Test
    void marksAreDrawnOnTimeChartsAndTheOnesThatCannotBeAreNamed() throws Exception {
        List<Chart> charts = findingCharts("iostat-linux-saturated",
                List.of(Mark.parse("12=array failover"), Mark.parse("2020-01-01T00:00:00Z=long ago")));
        Chart chart = charts.get(0);
        assertTrue(chart.svg().contains("array failover"), "the mark's label on the chart");
        assertTrue(chart.caption().contains("Outside this chart's span: long ago"), chart.caption());
        var c = compile("perf-device-latency");
        Chart d2c = Charts.draw(c.data(), c.report().findings(), List.of(Mark.parse("2026-01-01T00:00:00=wall")))
                .stream().filter(x -> x.section().equals("finding-1")).findFirst().orElseThrow();
        assertTrue(d2c.caption().contains("Not drawn: wall (a wall-clock time"), d2c.caption());
    }

    @Test
    void aSingleCompletionIsNoChartButALineSayingSo() throws Exception {
        Chart chart = findingCharts("seed-000-blkparse", List.of()).get(0);
        assertNull(chart.svg());
        assertTrue(chart.emptyReason().contains("only 1 timed completion"), chart.emptyReason());
    }

    @Test
    void aBlockTraceDrawsD2cOverTimeWithTheIntervalsOverTheLimitShaded() throws Exception {
        Chart chart = findingCharts("blkgen-d2c-dominant", List.of()).get(0);
        assertNotNull(chart.svg(), "a block trace: D2C over time");
        assertTrue(chart.caption().contains("shaded"), chart.caption());
    }
}
