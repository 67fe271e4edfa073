package dev.ioverdict.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import dev.ioverdict.pipeline.CaseRequest;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.TimeWindow;
import dev.ioverdict.pipeline.CaseComparer;
import dev.ioverdict.pipeline.CaseCompiler;
import dev.ioverdict.rules.RuleConfig;
import dev.ioverdict.testing.TestData;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Two windows of one capture, and the window itself as `report --from/--to` applies it. */
class WindowedCompareTest {
    private static final Path HEALTHY = TestData.bundle("compare-blkgen-two-seeds").resolve("before");
    private static final Path SCHEDULER = TestData.bundle("compare-blkgen-sched-vs-healthy").resolve("before");

    @Test
    void twoHalvesOfOneSteadyTraceAreNoSignificantChange() throws Exception {
        var compared = new CaseComparer(RuleConfig.DEFAULTS).compare(
                new CaseComparer.SideSpec(HEALTHY, "first half", TimeWindow.parse("0..0.13")),
                new CaseComparer.SideSpec(HEALTHY, "second half", TimeWindow.parse("0.13..0.27")));
        Comparison c = compared.comparison();
        assertEquals("no significant change", c.outcome(), c.verdict());
        assertFalse(c.regressed());
        assertEquals(0.13, c.before().window().to());
        assertEquals(0.13, c.after().window().from());
        assertEquals("blkparse", c.before().window().inputs().get(0).format());
        assertTrue(c.before().window().inputs().get(0).clock().contains("trace started"));
        Metric q2c = c.metrics().stream().filter(m -> m.metric().equals("Q2C median")).findFirst().orElseThrow();
        assertTrue(q2c.n().get(0) > 700 && q2c.n().get(1) > 700, q2c.toString());
        assertTrue(q2c.n().get(0) + q2c.n().get(1) <= 2030, "each I/O in one window only: " + q2c);
    }

    @Test
    void windowDropsRecordsBeforeTheAnalysesSeeThem() throws Exception {
        var whole = new CaseCompiler(RuleConfig.DEFAULTS).compile(CaseRequest.of(SCHEDULER));
        var part = new CaseCompiler(RuleConfig.DEFAULTS).compile(CaseRequest.of(SCHEDULER).withWindow(TimeWindow.parse("0.2..0.4")));
        long all = whole.report().block().all().phase(dev.ioverdict.model.block.Phase.Q2C).n();
        long some = part.report().block().all().phase(dev.ioverdict.model.block.Phase.Q2C).n();
        assertTrue(some > 0 && some < all / 2, some + " of " + all);
        var w = part.report().window();
        assertEquals(0.2, w.from());
        assertTrue(w.inputs().get(0).dropped() > 0 && w.inputs().get(0).kept() > 0, w.toString());
        assertEquals(null, whole.report().window());
        // the rules see the window too: the scheduler still dominates inside it
        assertTrue(part.report().findings().stream().anyMatch(f -> f.rule().equals("scheduler-latency")));
    }

    @Test
    void windowSyntax() {
        assertEquals(new TimeWindow(30.0, 90.0), TimeWindow.parse("30..90"));
        assertEquals(new TimeWindow(null, 5.0), TimeWindow.parse("..5s"));
        assertEquals(new TimeWindow(2.5, null), TimeWindow.parse("2.5.."));
        for (String bad : new String[] {"30", "..", "9..3", "a..b"}) {
            try {
                TimeWindow.parse(bad);
                throw new AssertionError("accepted " + bad);
            } catch (IllegalArgumentException expected) {
                assertFalse(expected.getMessage().isBlank());
            }
        }
    }
}
