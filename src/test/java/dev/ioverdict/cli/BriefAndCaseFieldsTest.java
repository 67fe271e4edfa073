package dev.ioverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** report --brief, the case fields on the masthead and in the PDF's metadata, and a window that holds nothing. */
class BriefAndCaseFieldsTest {
    @Test
    void theBriefEditionFitsThreePagesAndSaysEveryFindingWithItsAction(@TempDir Path tmp) throws Exception {
        for (String c : List.of("iostat-solaris-illumos-controllers", "unaligned-on-slow-device", "iostat-solaris-seed003")) {
            Path out = tmp.resolve(c);
            Cli r = Cli.run("report", TestData.bundle(c).resolve("bundle").toString(), "-o", out.toString(), "--brief");
            assertTrue(r.exitCode() <= 1, r.err());
            JsonNode rep = new ObjectMapper().readTree(out.resolve("report.json").toFile());
            assertTrue(rep.path("findings").size() >= 2, c);
            try (PDDocument pdf = Loader.loadPDF(out.resolve("report.pdf").toFile())) {
                assertTrue(pdf.getNumberOfPages() <= 3, c + ": " + pdf.getNumberOfPages() + " pages");
                String text = new PDFTextStripper().getText(pdf).replaceAll("\\s+", " ");
                assertTrue(text.contains("Case facts"), c);
                for (JsonNode f : rep.path("findings")) {
                    String start = f.path("recommendation").asText().replaceAll("\\s+", " ");
                    start = start.substring(0, Math.min(40, start.length()));
                    assertTrue(text.contains(start), c + ": the action of " + f.path("rule").asText());
                }
            }
            String html = Files.readString(out.resolve("report.html"));
            assertTrue(html.contains("brief"), c);
            assertFalse(html.contains("Appendix: rule catalogue"), c + ": the brief leaves the appendix to the full report");
            for (JsonNode f : rep.path("findings")) {
                assertTrue(html.contains("id=\"finding-"), c);
            }
        }
    }

    @Test
    void caseFieldsReachTheMastheadAndThePdfMetadataAndTheBundleGoesByItsOwnName(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("out");
        Path bundle = TestData.bundle("sosreport-sar-saturated").resolve("bundle").toAbsolutePath();
        Cli r = Cli.run("report", bundle.toString(), "-o", out.toString(), "--title", "Slow disks at ACME",
                "--customer", "ACME Corp", "--ref", "CASE-1234", "--analyst", "Ann Analyst");
        assertTrue(r.exitCode() <= 1, r.err());
        JsonNode c = new ObjectMapper().readTree(out.resolve("report.json").toFile()).path("case");
        assertEquals("ACME Corp", c.path("customer").asText());
        assertEquals("CASE-1234", c.path("ref").asText());
        assertEquals("Ann Analyst", c.path("analyst").asText());
        assertEquals("sosreport-sar-saturated/bundle", c.path("bundle").asText());
        assertEquals(bundle.toString(), c.path("source").asText(), "report.json keeps the path as given");
        try (PDDocument pdf = Loader.loadPDF(out.resolve("report.pdf").toFile())) {
            PDDocumentInformation info = pdf.getDocumentInformation();
            assertEquals("Slow disks at ACME", info.getTitle());
            assertEquals("Ann Analyst", info.getAuthor());
            assertEquals("I/O diagnosis of sosreport-sar-saturated/bundle for ACME Corp, CASE-1234", info.getSubject());
            assertTrue(info.getKeywords().contains("CASE-1234"), info.getKeywords());
            String page1 = new PDFTextStripper() {
                {
                    setEndPage(1);
                }
            }.getText(pdf);
            assertTrue(page1.contains("ACME Corp") && page1.contains("CASE-1234") && page1.contains("Ann Analyst"));
            assertFalse(page1.contains(bundle.getParent().getParent().toString()), "the analyst's folders stay off page 1");
        }
        String html = Files.readString(out.resolve("report.html"));
        assertFalse(html.contains(bundle.getParent().getParent().toString()), "nor in the HTML but report.json's source");
    }

    @Test
    void aWindowPastTheEndOfTheCaptureIsExitThreeWithTheCapturesSpan(@TempDir Path tmp) {
        Path bundle = TestData.bundle("compare-blkgen-sched-vs-healthy").resolve("before");
        Cli r = Cli.run("report", bundle.toString(), "--from", "5000", "-o", tmp.toString());
        assertEquals(ExitCodes.NOTHING_USABLE, r.exitCode(), r.out());
        assertTrue(r.err().matches("(?s).*no data in the window 5000-end s \\(the capture runs 0-[0-9.]+ s, .*"), r.err());
        assertFalse(Files.exists(tmp.resolve("report.json")), "no report of nothing");
        Cli compare = Cli.run("compare", bundle.toString(), "--before", "0..0.2", "--after", "5000..6000", "-o",
                tmp.resolve("cmp").toString());
        assertEquals(ExitCodes.NOTHING_USABLE, compare.exitCode(), compare.out());
        assertTrue(compare.err().contains("after: no data in the window 5000-6000 s (the capture runs 0-"), compare.err());
        Cli inside = Cli.run("report", bundle.toString(), "--from", "0.1", "--to", "0.3", "-o", tmp.resolve("in").toString(),
                "--format", "json");
        assertEquals(ExitCodes.OK, inside.exitCode(), inside.err());
    }
}
