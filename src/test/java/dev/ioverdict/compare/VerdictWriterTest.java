package dev.ioverdict.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The verdict is a whole sentence whatever it has to say, and names findings by what they mean. */
class VerdictWriterTest {
    private static final FindingChange SATURATED = new FindingChange("disk-saturation", "sd0", "critical", "critical",
            null, "title", null, null, null);

    @Test
    void aChangeThatOnlyResolvedAFindingStillReadsAsASentence() {
        var v = VerdictWriter.write(List.of(), new FindingChange.Diff(List.of(SATURATED), List.of(), List.of()), List.of());
        assertEquals("improved", v.outcome());
        assertEquals("The change helped: no longer found: \u201cdisk saturated\u201d on sd0.",
                v.sentence());
        assertFalse(v.sentence().contains(": ;"));
    }

    @Test
    void sharesChangeInPercentagePointsAndTestsShowTheirSampleSizes() {
        Metric share = new Metric("block", "sda (8,0)", "D2C share of Q2C", Metric.POINTS, 2.0, 98.0, null, 96.0, 49.0,
                true, "ratio", null, null, "changed", true, null);
        assertEquals("+96.0 pp", share.changeText());
        Metric q2c = new Metric("block", "sda (8,0)", "Q2C median", "s", 0.012, 0.0003, -97.5, null, 0.025, false,
                "mann-whitney", 0.4, List.of(1943L, 2006L), "none", true, null);
        var none = VerdictWriter.write(List.of(q2c), new FindingChange.Diff(List.of(), List.of(), List.of()), List.of());
        assertEquals("No significant change: Q2C on sda (8,0) median 12.0 ms -> 300 µs (-97.5 %) (Mann-Whitney, "
                + "n 1,943 / 2,006, p = 0.40); no finding before or after.", none.sentence());
    }
}
