package dev.ioverdict.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.Confidence;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Measurement;
import dev.ioverdict.model.Severity;
import dev.ioverdict.model.Unit;
import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** iostat evidence reads under its header, trimmed to what the rule judged, the proving value marked. */
class EvidenceViewTest {
    @TempDir
    Path tmp;

    @Test
    void saturatedLoopDeviceShowsItsUtilUnderTheHeader() throws Exception {
        Path bundle = TestData.bundle("iostat-linux-saturated").resolve("bundle");
        Cli.run("report", bundle.toString(), "-o", tmp.toString(), "--format", "html,json");
        String html = Files.readString(tmp.resolve("report.html"));
        assertTrue(html.contains("<span class=\"loc\">iostat-x-t.txt:117</span><pre>Device  r_await  w_await  aqu-sz   %util</pre>"), html);
        assertTrue(html.contains("<span class=\"loc\">iostat-x-t.txt:118</span><pre>loop0      0.00    <mark>70.02</mark>   64.00  <mark>100.00</mark></pre>"), html);
        String json = Files.readString(tmp.resolve("report.json"));
        assertTrue(json.contains("loop0            0.00      0.00     0.00   0.00    0.00     0.00  914.00   3656.00"),
                "report.json keeps the line as captured");
    }

    @Test
    void linesWithoutAHeaderAreShownAsCaptured() {
        var view = new EvidenceView().of(finding(Measurement.number("limitResponse", "limit", Unit.SECONDS, 0.01),
                new Evidence("strace.txt", 9, "io_submit(0x7f, 1, [...]) = 1 <0.2>")));
        assertEquals("io_submit(0x7f, 1, [...]) = 1 &lt;0.2&gt;", view.get(0).html());
        assertEquals("strace.txt", view.get(0).input());
        assertEquals(9, view.get(0).line());
    }

    @Test
    void aRowOfAnotherShapeIsNotForcedUnderTheHeader() {
        var view = new EvidenceView().of(finding(Measurement.number("limitBusy", "limit", Unit.PERCENT, 90.0),
                new Evidence("iostat.txt", 1, "Device r/s w/s await %util"),
                new Evidence("iostat.txt", 2, "sda 1.0 2.0 3.0 95.0"),
                new Evidence("iostat.txt", 3, "sdb 1.0 2.0 3.0")));
        assertEquals("Device  %util", view.get(0).html(), "only the busy column: the finding judged nothing else");
        assertEquals("sda      <mark>95.0</mark>", view.get(1).html());
        assertEquals("sdb 1.0 2.0 3.0", view.get(2).html());
    }

    private static Finding finding(Measurement limit, Evidence... evidence) {
        return new Finding("disk-saturation", Severity.WARNING, Confidence.HIGH, List.of(), List.of(), null, "title",
                "summary", "recommendation", List.of(limit), List.of(evidence), null, List.of(), List.of());
    }
}
