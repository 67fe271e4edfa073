package dev.ioverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real batch of two bundles (unaligned direct I/O on XFS; a slow device) is the archive; the
 * report of a third bundle (unaligned direct I/O on a slow device) names both, the unaligned case
 * first; compare from an archived case id is compare from that case's report.json.
 */
class SeenBeforeTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path tmp;

    static Path batch;
    static Path report;
    static Cli reported;

    @BeforeAll
    static void batchTwoThenReportAThird() throws IOException {
        Path cases = Files.createDirectories(tmp.resolve("cases"));
        for (String b : List.of("xfs-unaligned-512b", "perf-device-latency")) {
            TestData.copyTree(TestData.bundle(b).resolve("bundle"), cases.resolve(b));
        }
        batch = tmp.resolve("batch");
        Cli b = Cli.run("batch", cases.toString(), "-o", batch.toString(), "--jobs", "1", "--format", "json,html", "--quiet");
        assertEquals(0, b.exitCode(), b.out() + b.err());
        report = tmp.resolve("report");
        reported = Cli.run("report", TestData.bundle("unaligned-switchout-only").resolve("bundle").toString(),
                "-o", report.toString(), "--format", "json,html", "--archive", batch.resolve("cases.duckdb").toString(), "--quiet");
    }


    @Test
    void theSameDiagnosisIsNearestAndAnotherRanksLower() throws IOException {
        assertEquals(0, reported.exitCode(), reported.out() + reported.err());
        JsonNode seen = JSON.readTree(report.resolve("report.json").toFile()).path("seenBefore");
        assertEquals("cases.duckdb", seen.path("archive").asText());
        assertEquals(2, seen.path("searched").asInt());
        JsonNode cases = seen.path("cases");
        assertEquals(2, cases.size(), seen.toString());
        // both blame unaligned direct I/O; their causes differ by the switch-out case's device-latency share (35.9 %)
        // against the other's device stalls, a note of 4.8 %
        JsonNode first = cases.get(0);
        assertEquals("xfs-unaligned-512b", first.path("caseId").asText());
        assertEquals("critical", first.path("verdict").asText());
        assertEquals(List.of("device-latency", "unaligned-dio-xfs"), strings(first.path("sharedCauses")));
        assertEquals(0.283, first.path("causes").asDouble(), 0.002);
        assertEquals(0.0, first.path("devices").asDouble(), 1e-9); // virtual and ssd on both
        assertTrue(first.path("distance").asDouble() < 0.3, first.toString());
        assertEquals("../batch/xfs-unaligned-512b/report.html", first.path("report").asText());
        // the slow device shares only the smaller cause
        JsonNode second = cases.get(1);
        assertEquals("perf-device-latency", second.path("caseId").asText());
        assertEquals(List.of("device-latency"), strings(second.path("sharedCauses")));
        assertTrue(second.path("distance").asDouble() > first.path("distance").asDouble() + 0.2, seen.toString());
        assertTrue(second.path("distance").asDouble() < 0.6, "only cases sharing a cause are listed");
        String html = Files.readString(report.resolve("report.html"));
        assertTrue(html.contains("<h2>Seen before</h2>"), "the section is in the HTML");
        assertTrue(html.contains("href=\"../batch/xfs-unaligned-512b/report.html\""), "with a link to the case's report");
        assertTrue(html.contains(first.path("distance").asText().substring(0, 3)), "with the distance");
        assertTrue(html.contains("data-rules=\"device-latency unaligned-dio-xfs\""), "the shared causes keep their ids in the data");
        assertFalse(html.contains("<span>unaligned-dio-xfs</span>"), "and show their titles, not rule ids");
    }

    @Test
    void theBriefEditionNamesTheNearestCasesInAParagraph() throws IOException {
        Path brief = tmp.resolve("brief");
        Cli r = Cli.run("report", TestData.bundle("unaligned-switchout-only").resolve("bundle").toString(), "-o",
                brief.toString(), "--brief", "--format", "html", "--archive", batch.toString(), "--quiet");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        String html = Files.readString(brief.resolve("report.html"));
        assertTrue(html.contains("<h2>Seen before</h2>"), "the brief has the section");
        assertTrue(html.contains("href=\"../batch/xfs-unaligned-512b/report.html\""), "with a link to the nearest case");
        assertTrue(html.contains("both found"), "and what both found");
    }

    @Test
    void aCaseNeverMatchesItself() throws IOException {
        Path again = tmp.resolve("again");
        Cli r = Cli.run("report", TestData.bundle("xfs-unaligned-512b").resolve("bundle").toString(), "-o", again.toString(),
                "--case-id", "xfs-unaligned-512b", "--format", "json", "--archive", batch.toString(), "--quiet");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        JsonNode seen = JSON.readTree(again.resolve("report.json").toFile()).path("seenBefore");
        assertEquals(1, seen.path("searched").asInt());
        for (JsonNode c : seen.path("cases")) {
            assertFalse(c.path("caseId").asText().equals("xfs-unaligned-512b"), seen.toString());
        }
    }

    @Test
    void withoutAnArchiveThereIsNoSectionAndAMistypedOneIsAUsageError() throws IOException {
        Cli r = Cli.run("report", TestData.bundle("xfs-unaligned-512b").resolve("bundle").toString(), "-o",
                tmp.resolve("none").toString(), "--format", "json", "--archive", tmp.resolve("no-such").toString(), "--quiet");
        assertEquals(ExitCodes.USAGE, r.exitCode());
        assertTrue(r.err().contains("no such case archive"), r.err());
        assertEquals(1, r.err().strip().lines().count(), "one line: " + r.err());
    }

    @Test
    void compareFromAnArchivedCaseIsCompareFromItsReportJson() throws IOException {
        Path after = report.resolve("report.json");
        Cli fromArchive = Cli.run("compare", batch + "#xfs-unaligned-512b", after.toString(), "-o",
                tmp.resolve("c1").toString(), "--format", "json", "--quiet");
        Cli fromReport = Cli.run("compare", batch.resolve("xfs-unaligned-512b/report.json").toString(), after.toString(),
                "-o", tmp.resolve("c2").toString(), "--format", "json", "--quiet");
        assertEquals(fromReport.exitCode(), fromArchive.exitCode(), fromArchive.err());
        ObjectNode a = (ObjectNode) JSON.readTree(tmp.resolve("c1/compare.json").toFile());
        ObjectNode b = (ObjectNode) JSON.readTree(tmp.resolve("c2/compare.json").toFile());
        assertEquals("archive", a.path("before").path("kind").asText());
        assertEquals(batch + "#xfs-unaligned-512b", a.path("before").path("source").asText());
        // the same comparison: only what the before side was given as differs
        for (ObjectNode side : List.of(a, b)) {
            ((ObjectNode) side.path("before")).remove(List.of("kind", "source"));
        }
        assertEquals(b, a);
        assertFalse(a.path("findings").isMissingNode());
        Cli missing = Cli.run("compare", batch + "#no-such-case", after.toString(), "-o", tmp.resolve("c3").toString(), "--quiet");
        assertEquals(ExitCodes.USAGE, missing.exitCode());
        assertTrue(missing.err().contains("has no case 'no-such-case'"), missing.err());
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
