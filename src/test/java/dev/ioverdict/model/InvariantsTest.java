package dev.ioverdict.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The checker itself, on the figures that reached real reports before it existed, and on every golden report. */
class InvariantsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theSharesOfTheRecordingThatStartedItAreCaught() {
        // the request-starvation finding of a recording whose completions were lost
        String title = "I/Os wait for a free request on loop0 (7,0): Q2G + G2I is 29600% of Q2C";
        List<Invariants.Violation> v = Invariants.checkText("findings[0].title", title);
        assertEquals(1, v.size(), v.toString());
        assertEquals("a share above 100 %", v.get(0).invariant());
        assertEquals(1, Invariants.checkText("t", "Bios spend 29,600 % of their queue-to-complete time").size());
        assertEquals(1, Invariants.checkText("t", "busy 101% of the time").size());
        assertEquals(List.of(), Invariants.checkText("t", "Q2G + G2I is 66.7% of Q2C; 1,624 of 1,624 writes; 100% of Q2C"));
        // the share a rule computed is no share at all: 170 s "of the 575 ms an I/O takes, over 26 I/Os"
        assertNull(Invariants.sharePct(170 * 26, 0.575 * 26));
        assertEquals(66.7, Invariants.sharePct(0.667, 1.0), 1e-9);
        assertNull(Invariants.sharePct(1, 0));
    }

    @Test
    void percentilesOutOfOrderAndAveragesOutsideTheirExtremesAreCaught() throws Exception {
        // fio's clat p99 (a histogram bin's bound) above the exact max, as perf-device-latency's layers row had it
        JsonNode row = JSON.readTree("{\"layers\": {\"rows\": [{\"what\": \"fio write clat (completion)\", \"n\": 400,"
                + " \"avg\": 0.10055164, \"p99\": 0.10400000000000001, \"max\": 0.103863}]}}");
        List<Invariants.Violation> v = Invariants.check(row);
        assertEquals(1, v.size(), v.toString());
        assertEquals("layers.rows[0]", v.get(0).where());
        // a p99 below the average is no contradiction (blkgen-d2c-dominant's Q2C): a few 0.88 s outliers
        assertEquals(List.of(), Invariants.check(JSON.readTree("{\"Q2C\": {\"n\": 1119, \"min\": 0.000127756,"
                + " \"avg\": 0.001268737, \"max\": 0.883260493, \"p50\": 0.000451327, \"p95\": 0.0009, \"p99\": 0.000995327}}")));
        assertEquals(1, Invariants.check(JSON.readTree("{\"s\": {\"min\": 2, \"avg\": 1, \"max\": 3}}")).size());
    }

    @Test
    void sharesCountsAndUtilisationKeepTheirRange() throws Exception {
        // sosreport-sar-saturated's %util as sar printed it, and the finding that repeated it
        JsonNode sar = JSON.readTree("{\"iostat\": [{\"samples\": 20, \"metrics\": {\"%util\": {\"avg\": 83.2615, \"max\": 100.59}}}],"
                + " \"findings\": [{\"metrics\": {\"maxBusyPct\": 100.59}, \"measurements\": [{\"key\": \"maxBusyPct\","
                + " \"label\": \"highest %util\", \"unit\": \"%\", \"value\": 100.59}], \"impact\": {\"seconds\": -1}}]}");
        List<String> where = Invariants.check(sar).stream().map(Invariants.Violation::where).toList();
        assertEquals(List.of("iostat[0].metrics.%util.max", "findings[0].metrics.maxBusyPct", "findings[0].measurements[0]",
                "findings[0].impact.seconds"), where);
        // what the tool printed, kept beside the clipped figure, is a quote, not a figure of ours
        assertEquals(List.of(), Invariants.check(JSON.readTree("{\"%util\": {\"avg\": 83.2, \"max\": 100.0,"
                + " \"printedMax\": 100.59}}")));
        // nor are captured lines
        assertEquals(List.of(), Invariants.check(JSON.readTree("{\"evidence\": [{\"text\": \"sdb 250% of\"}]}")));
    }

    @Test
    void everyGoldenReportHoldsEveryInvariant() throws Exception {
        try (Stream<Path> cases = Files.list(TestData.root().resolve("testdata"))) {
            for (Path golden : cases.map(c -> c.resolve("report.golden.json")).filter(Files::exists).toList()) {
                List<Invariants.Violation> v = Invariants.check(JSON.readTree(golden.toFile()));
                assertTrue(v.isEmpty(), golden + ": " + v);
            }
        }
    }
}
