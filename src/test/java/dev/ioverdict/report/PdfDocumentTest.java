package dev.ioverdict.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.graphics.PDXObject;
import org.apache.pdfbox.pdmodel.graphics.form.PDFormXObject;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotation;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotationLink;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDOutlineItem;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.verapdf.gf.foundry.VeraGreenfieldFoundryProvider;
import org.verapdf.pdfa.Foundries;
import org.verapdf.pdfa.PDFAParser;
import org.verapdf.pdfa.PDFAValidator;
import org.verapdf.pdfa.flavours.PDFAFlavour;
import org.verapdf.pdfa.results.TestAssertion;
import org.verapdf.pdfa.results.ValidationResult;

/**
 * report.pdf as a document: bookmarks for every section and finding, a table of contents that
 * links into the document, every font embedded, report.json attached, PDF/A-3b as veraPDF sees
 * it, and no more pages than the content needs.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PdfDocumentTest {
    private static final String RICH = "xfs-unaligned-512b";
    private static final String TINY = "seed-000-blkparse"; // five blkparse lines and a btt report
    /** veraPDF logs every oddity it meets through java.util.logging; the assertions say what matters. */
    private static final java.util.logging.Logger VERAPDF_LOG = java.util.logging.Logger.getLogger("org.verapdf");

    static {
        VERAPDF_LOG.setLevel(java.util.logging.Level.OFF);
    }

    @TempDir(cleanup = org.junit.jupiter.api.io.CleanupMode.ALWAYS)
    static Path tmp;

    @BeforeAll
    void render() {
        for (String name : List.of(RICH, TINY)) {
            Cli r = Cli.run("report", TestData.root().resolve("testdata/" + name + "/bundle").toString(),
                    "-o", tmp.resolve(name).toString());
            assertTrue(r.exitCode() <= 1, r.err());
        }
    }

    @Test
    void outlineHasEverySectionAndEveryFinding() throws IOException {
        JsonNode report = json(RICH);
        try (PDDocument doc = pdf(RICH)) {
            var outline = doc.getDocumentCatalog().getDocumentOutline();
            List<String> top = new ArrayList<>();
            List<String> findings = new ArrayList<>();
            for (PDOutlineItem item : outline.children()) {
                top.add(item.getTitle());
                if (item.getTitle().equals("Findings")) {
                    item.children().forEach(c -> findings.add(c.getTitle()));
                }
                assertTrue(item.getDestination() != null || item.getAction() != null, item.getTitle() + " goes nowhere");
            }
            for (String section : List.of("Findings", "iostat", "Block layer", "System calls", "Inputs")) {
                assertTrue(top.contains(section), section + " missing from " + top);
            }
            List<String> expected = new ArrayList<>();
            report.get("findings").forEach(f -> expected.add(f.get("severity").asText()
                    + ": " + f.get("title").asText()));
            assertEquals(expected, findings.stream().filter(t -> t.contains(": ")).limit(expected.size()).toList());
        }
    }

    @Test
    void tableOfContentsLinksIntoTheDocument() throws IOException {
        try (PDDocument doc = pdf(RICH)) {
            // the front page, then the contents: links on the first two pages
            int internal = 0;
            for (int page = 0; page < 2; page++) {
                for (PDAnnotation a : doc.getPage(page).getAnnotations()) {
                    if (a instanceof PDAnnotationLink link && (link.getDestination() != null || link.getAction() != null)) {
                        internal++;
                    }
                }
            }
            assertTrue(internal >= 8, "links on pages 1-2: " + internal);
        }
    }

    @Test
    void everyFontIsEmbedded() throws IOException {
        for (String name : List.of(RICH, TINY)) {
            try (PDDocument doc = pdf(name)) {
                Set<String> notEmbedded = new TreeSet<>();
                Set<String> all = new TreeSet<>();
                for (PDPage page : doc.getPages()) {
                    fonts(page.getResources(), all, notEmbedded, 0);
                }
                assertTrue(!all.isEmpty(), "no font found");
                assertEquals(Set.of(), notEmbedded, name + ": fonts not embedded");
            }
        }
    }

    /** A process name copied or searched in the PDF matches the page: no "ﬁ" of the font's ligatures. */
    @Test
    void textReadsAsItIsWritten() throws IOException {
        try (PDDocument doc = pdf(RICH)) {
            String text = new org.apache.pdfbox.text.PDFTextStripper().getText(doc);
            assertTrue(text.contains("fio 19467"), "no 'fio 19467' in the PDF's text");
            assertTrue(text.chars().noneMatch(c -> c >= 0xFB00 && c <= 0xFB06), "a ligature in the PDF's text");
        }
    }

    @Test
    void reportJsonIsAttachedAsData() throws IOException {
        try (PDDocument doc = pdf(RICH)) {
            var files = doc.getDocumentCatalog().getNames().getEmbeddedFiles().getNames();
            var spec = files.get("report.json");
            assertTrue(spec != null, "attachments: " + files.keySet());
            assertEquals("Data", spec.getCOSObject().getNameAsString(COSName.getPDFName("AFRelationship")));
            assertEquals("application/json", spec.getEmbeddedFile().getSubtype());
            assertTrue(doc.getDocumentCatalog().getCOSObject().getCOSArray(COSName.getPDFName("AF")).size() == 1);
            JsonNode attached = new ObjectMapper().readTree(spec.getEmbeddedFile().toByteArray());
            assertEquals(json(RICH), attached);
        }
    }

    @Test
    void aTinyInputGivesAFewPages() throws IOException {
        try (PDDocument doc = pdf(TINY)) {
            assertTrue(doc.getNumberOfPages() <= 6, "pages: " + doc.getNumberOfPages());
        }
    }

    @Test
    void noPageHoldsOnlyItsFooter() throws IOException {
        for (String name : List.of(RICH, TINY)) {
            try (PDDocument doc = pdf(name)) {
                var text = new org.apache.pdfbox.text.PDFTextStripper();
                for (int p = 1; p <= doc.getNumberOfPages(); p++) {
                    text.setStartPage(p);
                    text.setEndPage(p);
                    String body = text.getText(doc).replaceAll("ioverdict \\S+|page \\d+ of \\d+|\\s+", "");
                    assertTrue(body.length() > 40, name + " page " + p + " is empty but for its footer: " + body);
                }
            }
        }
    }

    @Test
    void conformsToPdfA3b() throws Exception {
        VeraGreenfieldFoundryProvider.initialise();
        for (String name : List.of(RICH, TINY)) {
            PDFAFlavour flavour = PDFAFlavour.fromString("3b");
            try (InputStream in = Files.newInputStream(tmp.resolve(name).resolve("report.pdf"));
                 PDFAParser parser = Foundries.defaultInstance().createParser(in, flavour);
                 PDFAValidator validator = Foundries.defaultInstance().createValidator(flavour, false)) {
                ValidationResult result = validator.validate(parser);
                List<String> failed = result.getTestAssertions().stream()
                        .filter(a -> a.getStatus() == TestAssertion.Status.FAILED)
                        .map(a -> a.getRuleId().getClause() + "-" + a.getRuleId().getTestNumber() + ": " + a.getMessage())
                        .distinct().limit(20).toList();
                assertTrue(result.isCompliant(), name + " is not PDF/A-3b: " + failed);
            }
        }
    }

    /** The cross-reference counts every object once (/Size is one past the highest), and qpdf --check finds nothing. */
    @Test
    void qpdfFindsNothingToWarnAbout() throws Exception {
        for (String name : List.of(RICH, TINY)) {
            Path pdf = tmp.resolve(name).resolve("report.pdf");
            try (PDDocument doc = org.apache.pdfbox.Loader.loadPDF(pdf.toFile())) {
                long highest = doc.getDocument().getXrefTable().keySet().stream()
                        .mapToLong(org.apache.pdfbox.cos.COSObjectKey::getNumber).max().orElseThrow();
                assertEquals(highest + 1, doc.getDocument().getTrailer().getLong(org.apache.pdfbox.cos.COSName.SIZE),
                        name + ": /Size");
                assertEquals(1.7f, doc.getVersion(), name + ": the PDF version PDF/A-3 is built on");
            }
            if (BrowserAndPdfRenderTest.onPath("qpdf")) {
                Process p = new ProcessBuilder("qpdf", "--check", pdf.toString()).redirectErrorStream(true).start();
                String said = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
                assertEquals(0, p.waitFor(), name + ": " + said);
                assertTrue(!said.contains("WARNING"), name + ": " + said);
            }
        }
    }

    @Test
    void veraPdfTellsAPlainPdfFromPdfA() throws Exception {
        VeraGreenfieldFoundryProvider.initialise();
        java.io.ByteArrayOutputStream plain = new java.io.ByteArrayOutputStream();
        try (PDDocument doc = new PDDocument()) {
            doc.addPage(new PDPage());
            doc.save(plain);
        }
        PDFAFlavour flavour = PDFAFlavour.fromString("3b");
        try (PDFAParser parser = Foundries.defaultInstance().createParser(
                new java.io.ByteArrayInputStream(plain.toByteArray()), flavour);
             PDFAValidator validator = Foundries.defaultInstance().createValidator(flavour, false)) {
            assertTrue(!validator.validate(parser).isCompliant(), "the check would pass anything");
        }
    }

    private static void fonts(PDResources res, Set<String> all, Set<String> notEmbedded, int depth) throws IOException {
        if (res == null || depth > 8) {
            return;
        }
        for (COSName n : res.getFontNames()) {
            PDFont f = res.getFont(n);
            all.add(f.getName());
            if (!f.isEmbedded()) {
                notEmbedded.add(f.getName());
            }
        }
        for (COSName n : res.getXObjectNames()) {
            PDXObject x = res.getXObject(n);
            if (x instanceof PDFormXObject form) {
                fonts(form.getResources(), all, notEmbedded, depth + 1);
            }
        }
    }

    private PDDocument pdf(String name) throws IOException {
        return Loader.loadPDF(tmp.resolve(name).resolve("report.pdf").toFile());
    }

    private JsonNode json(String name) throws IOException {
        return new ObjectMapper().readTree(tmp.resolve(name).resolve("report.json").toFile());
    }
}
