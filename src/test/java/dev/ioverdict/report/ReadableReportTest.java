package dev.ioverdict.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ioverdict.model.syscall.SyscallStat;
import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.destination.PDPageDestination;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDOutlineItem;
import org.apache.pdfbox.text.PDFTextStripper;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report as a consultant sends it: findings by page 3 of the PDF, bookmarks on their
 * heading's page, header rows on every page of a long table, no doubled word in any testdata
 * report, strace's binary buffers shown as their length, housekeeping calls in one "other" row,
 * rule ids off the finding cards, and each healthy verdict with its figures and a confidence.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReadableReportTest {
    /** The longest testdata reports before the findings: two processes' time model, ten wait paths, many devices. */
    private static final List<String> CASES = List.of("busy-parallel-healthy", "perf-request-starvation",
            "xfs-unaligned-512b", "iostat-linux-saturated", "seed-001-linuxki");
    private static final Pattern DOUBLED = Pattern.compile("(?i)\\b(\\p{L}+)\\s+\\1\\b");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir(cleanup = org.junit.jupiter.api.io.CleanupMode.ALWAYS)
    static Path tmp;

    @BeforeAll
    void render() {
        for (String name : CASES) {
            Cli r = Cli.run("report", TestData.bundle(name).resolve("bundle").toString(), "-o", tmp.resolve(name).toString(),
                    "--format", "html,pdf");
            assertTrue(r.exitCode() <= 1 || r.exitCode() == 4, r.err());
        }
    }

    @Test
    void findingsBeginByPageThreeAndEveryBookmarkLandsOnItsHeadingsPage() throws IOException {
        for (String name : CASES) {
            try (PDDocument doc = Loader.loadPDF(tmp.resolve(name).resolve("report.pdf").toFile())) {
                boolean findings = false;
                for (PDOutlineItem item : doc.getDocumentCatalog().getDocumentOutline().children()) {
                    int page = doc.getPages().indexOf(((PDPageDestination) item.getDestination()).getPage()) + 1;
                    PDFTextStripper text = new PDFTextStripper();
                    text.setStartPage(page);
                    text.setEndPage(page);
                    assertTrue(text.getText(doc).contains(item.getTitle()),
                            name + ": bookmark '" + item.getTitle() + "' sends the reader to page " + page
                                    + ", which does not hold its heading");
                    if (item.getTitle().equals("Findings")) {
                        findings = true;
                        assertTrue(page <= 3, name + ": findings begin on page " + page);
                    }
                }
                assertTrue(findings, name + ": no Findings bookmark");
            }
        }
    }

    @Test
    void longTablesHaveAHeaderRowThePdfRepeats() throws IOException {
        int long_ = 0;
        for (String name : CASES) {
            Document page = Jsoup.parse(Files.readString(tmp.resolve(name).resolve("report.html")));
            for (Element table : page.select("table.grid")) {
                if (table.select("> tbody > tr").size() > 8) {
                    long_++;
                    assertEquals(1, table.select("> thead").size(),
                            name + ": a long table without a header row to repeat: " + table.text().substring(0, 60));
                }
            }
            assertTrue(page.select("style").html().contains("-fs-table-paginate: paginate"), name);
        }
        assertTrue(long_ >= 5, "the cases hold long tables: " + long_);
    }

    @Test
    void noDoubledWordInAnyTestdataReport() throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> goldens = Files.list(TestData.root().resolve("testdata"))) {
            for (Path golden : goldens.map(d -> d.resolve("report.golden.json")).filter(Files::exists).toList()) {
                doubled(JSON.readTree(golden.toFile()), golden.getParent().getFileName().toString(), found);
            }
        }
        for (String name : CASES) {
            Document page = Jsoup.parse(Files.readString(tmp.resolve(name).resolve("report.html")));
            page.select("pre, script, style, code").remove();
            for (Element block : page.select("p, li, td, th, h1, h2, h3, dd, summary, figcaption")) {
                Matcher m = DOUBLED.matcher(block.ownText().isEmpty() ? "" : block.text());
                while (m.find()) {
                    found.add(name + ".html: '" + m.group() + "' in " + block.text());
                }
            }
        }
        assertEquals(List.of(), found);
    }

    /** Every text of the report, evidence as captured and names as given aside. */
    private static void doubled(JsonNode node, String where, List<String> found) {
        if (node.isTextual()) {
            Matcher m = DOUBLED.matcher(node.asText());
            while (m.find()) {
                found.add(where + ": '" + m.group() + "' in " + node.asText());
            }
        }
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            if (!List.of("evidence", "text", "lines", "call", "inputs", "examples", "frames").contains(e.getKey())) {
                doubled(e.getValue(), where, found);
            }
        }
        if (node.isArray()) {
            node.forEach(n -> doubled(n, where, found));
        }
    }

    @Test
    void straceBuffersShowAsTheirLength() throws IOException {
        List<String> strace = Files.readAllLines(TestData.bundle("reads-starved-behind-writes").resolve("bundle/strace-fio.txt"));
        String elf = strace.get(9);
        assertTrue(elf.contains("\"\\177ELF"), elf);
        assertEquals("31012 00:54:27.695192 read(4, <832 bytes>, 832) = 832 <0.000017>", new EvidenceView().text(elf));
        String iocb = Files.readAllLines(TestData.bundle("busy-parallel-healthy").resolve("bundle/strace-fio.txt")).stream()
                .filter(l -> l.contains("aio_buf=\"")).findFirst().orElseThrow();
        String shown = new EvidenceView().text(iocb);
        assertTrue(shown.contains("aio_buf=<8192 bytes>, aio_nbytes=8192"), shown);
        assertFalse(shown.contains("\\0"), shown);
        // a file name is text: it stays
        String open = "27448 00:52:35.331181 openat(AT_FDCWD, \"/mnt/cap-busy/file\", O_RDWR|O_DIRECT) = 8 <0.000020>";
        assertEquals(open, new EvidenceView().text(open));
    }

    @Test
    void perfScriptQuotesLoseOnlyTheirSharedIndent() {
        assertEquals("  fio 1 [000] 1.0: a\nksoftirqd/1 22 [001] 2.0: b",
                EvidenceView.dedent("    fio 1 [000] 1.0: a\n  ksoftirqd/1 22 [001] 2.0: b"));
    }

    @Test
    void housekeepingCallsShareOneOtherRow() throws IOException {
        JsonNode golden = JSON.readTree(TestData.root().resolve("testdata/reads-starved-behind-writes/report.golden.json").toFile());
        List<SyscallStat> byName = new ArrayList<>();
        for (JsonNode s : golden.path("syscalls").path("byName")) {
            byName.add(JSON.treeToValue(s, SyscallStat.class));
        }
        List<SyscallRows.Row> rows = new SyscallRows().of(byName);
        assertTrue(rows.stream().noneMatch(r -> r.members() == null && SyscallRows.HOUSEKEEPING.contains(r.name())),
                "no housekeeping call on a row of its own");
        List<SyscallRows.Row> other = rows.stream().filter(r -> r.members() != null).toList();
        assertFalse(other.isEmpty(), "fio's mmap, futex ... are in the trace");
        long housekeeping = byName.stream().filter(s -> SyscallRows.HOUSEKEEPING.contains(s.name()))
                .mapToLong(SyscallStat::count).sum();
        assertEquals(housekeeping, other.stream().mapToLong(SyscallRows.Row::count).sum());
        assertTrue(rows.stream().anyMatch(r -> r.name().equals("io_getevents")), "I/O calls keep their rows");
    }

    @Test
    void ruleIdsStayOffTheFindingCards() throws IOException {
        Document page = Jsoup.parse(Files.readString(tmp.resolve("iostat-linux-saturated").resolve("report.html")));
        List<Element> cards = page.select("article.finding");
        assertFalse(cards.isEmpty());
        for (Element card : cards) {
            assertFalse(card.text().contains(card.attr("data-rule")), card.attr("data-rule") + " printed on its card");
        }
        assertTrue(page.select("#rules").text().contains("disk-saturation"), "the appendix keeps the ids");
    }

    @Test
    void healthyVerdictsGiveTheirFiguresAndConfidence() throws IOException {
        JsonNode golden = JSON.readTree(TestData.root().resolve("testdata/busy-parallel-healthy/report.golden.json").toFile());
        JsonNode healthy = golden.path("summary").path("healthy");
        assertEquals(golden.path("summary").path("checked").size(), healthy.size());
        JsonNode saturation = null;
        for (JsonNode h : healthy) {
            assertFalse(h.path("reason").asText().isBlank(), h.toString());
            assertTrue(List.of("high", "medium", "low").contains(h.path("confidence").asText()), h.toString());
            if (h.path("rule").asText().equals("disk-saturation")) {
                saturation = h;
            }
        }
        // loop0 ran at 100 %util with ~8 requests in flight and 2.5 ms waits: parallel service, not saturation
        assertTrue(saturation != null && saturation.path("reason").asText().contains("%util up to 100")
                && saturation.path("reason").asText().contains("requests in flight")
                && saturation.path("reason").asText().contains("counts the time anything is in flight"), String.valueOf(saturation));
        Document page = Jsoup.parse(Files.readString(tmp.resolve("busy-parallel-healthy").resolve("report.html")));
        assertTrue(page.select("details.checked li").text().contains("confidence"));
    }

    @Test
    void healthyBlockLinesCountEachRequestWhereBttLeavesOutSplitBios() throws IOException {
        // 1 MiB reads cut into two 512 KiB requests each: btt's D2C row is empty; 1,621 requests completed
        Path bundle = tmp.resolve("seqread-block");
        Files.createDirectories(bundle);
        for (Path f : TestData.gridFilesWithout("seqread-1m-qd8-4ms-s2-ssd", "strace", "perf-syscalls", "iostat", "fio")) {
            Files.copy(f, bundle.resolve(f.getFileName()));
        }
        Path out = tmp.resolve("seqread-block-report");
        assertEquals(0, Cli.run("report", bundle.toString(), "-o", out.toString(), "--format", "json").exitCode());
        JsonNode healthy = JSON.readTree(out.resolve("report.json").toFile()).path("summary").path("healthy");
        String latency = "";
        for (JsonNode h : healthy) {
            if (h.path("rule").asText().equals("device-latency")) {
                latency = h.path("reason").asText();
            }
        }
        assertTrue(latency.contains("D2C avg 27.6 ms, p99 31.1 ms over 1,621 I/Os (each request's; btt's D2C leaves them "
                + "out: bios split after they were queued"), latency);
    }
}
