package dev.ioverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MarkOptionTest {
    @TempDir
    Path tmp;

    @Test
    void aMalformedMarkIsAUsageErrorThatSaysWhatIsExpected() {
        Cli r = Cli.run("report", TestData.bundle("iostat-linux-saturated").resolve("bundle").toString(), "-o",
                tmp.toString(), "--mark", "yesterday=failover");
        assertEquals(ExitCodes.USAGE, r.exitCode());
        assertTrue(r.err().contains("ISO 8601"), r.err());
    }

    @Test
    void marksReachTheJsonTheFactsAndTheCharts() throws Exception {
        Cli r = Cli.run("report", TestData.bundle("iostat-linux-saturated").resolve("bundle").toString(), "-o",
                tmp.toString(), "--format", "html,json", "--mark", "12=array failover", "--mark",
                "2026-11-21T08:34:05=patch");
        assertEquals(0, r.exitCode(), r.err());
        String json = Files.readString(tmp.resolve("report.json"));
        assertTrue(json.contains("\"label\" : \"array failover\""), "marks in report.json");
        assertTrue(json.contains("read as UTC"), "the zone assumption of a mark without one");
        String html = Files.readString(tmp.resolve("report.html"));
        assertTrue(html.contains("<th>marks</th>"), "marks among the case facts");
        assertTrue(html.split("array failover", -1).length > 3, "the mark on the section's and the finding's chart");
    }
}
