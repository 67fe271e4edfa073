package dev.ioverdict.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
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
        var view = EvidenceView.lines(List.of(Map.of("input", "strace.txt", "line", 9, "text", "io_submit(0x7f, 1, [...]) = 1 <0.2>")),
                Map.of("limitResponse", 0.01));
        assertEquals("io_submit(0x7f, 1, [...]) = 1 &lt;0.2&gt;", view.get(0).get("html"));
    }

    @Test
    void aRowOfAnotherShapeIsNotForcedUnderTheHeader() {
        var view = EvidenceView.lines(List.of(
                Map.of("input", "iostat.txt", "line", 1, "text", "Device r/s w/s await %util"),
                Map.of("input", "iostat.txt", "line", 2, "text", "sda 1.0 2.0 3.0 95.0"),
                Map.of("input", "iostat.txt", "line", 3, "text", "sdb 1.0 2.0 3.0")), Map.of("limitBusy", 90.0));
        assertEquals("Device  %util", view.get(0).get("html"), "only the busy column: the finding judged nothing else");
        assertEquals("sda      <mark>95.0</mark>", view.get(1).get("html"));
        assertEquals("sdb 1.0 2.0 3.0", view.get(2).get("html"));
    }
}
