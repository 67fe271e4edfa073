package dev.ioverdict.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import dev.ioverdict.report.model.CaseStatus;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.report.model.BatchSummary;
import dev.ioverdict.report.model.BatchSummary.CaseResult;
import dev.ioverdict.report.model.BatchSummary.FindingRef;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

class BatchIndexTest {
    private static CaseResult c(String id, int critical, int warning, int info, String... links) {
        List<FindingRef> refs = new java.util.ArrayList<>();
        for (int i = 0; i < critical; i++) {
            refs.add(new FindingRef("device-latency", "critical", "slow <device>", "sda"));
        }
        for (int i = 0; i < info; i++) {
            refs.add(new FindingRef("name-cache", "info", "cache", null));
        }
        return new CaseResult(id, "/x/" + id, CaseStatus.OK, "", critical, warning, info, List.of(), id + "/report.html", null,
                refs, List.of(links));
    }

    private static final BatchSummary SUMMARY = new BatchSummary("ioverdict.batch/1", List.of(
            c("b-clean", 0, 0, 0, "b-clean/report.html"),
            c("a-info", 0, 0, 2, "a-info/report.html", "a-info/report.pdf", "a-info/report.json"),
            c("c-bad", 4, 0, 0, "c-bad/report.html", "javascript:alert(1)", "/etc/passwd"),
            new CaseResult("d-failed", "/x/d", CaseStatus.FAILED, "time limit of 5 s exceeded", 0, 0, 0, List.of(), null)));

    @Test
    void theInlineScriptIsTheOneTheCspAllows() throws Exception {
        String html = BatchIndex.html(SUMMARY);
        String script = html.substring(html.indexOf("<script>") + 8, html.indexOf("</script>"));
        String hash = "sha256-" + Base64.getEncoder().encodeToString(
                MessageDigest.getInstance("SHA-256").digest(script.getBytes(StandardCharsets.UTF_8)));
        assertTrue(html.contains("script-src '" + hash + "'"), "CSP names the script's hash");
        assertTrue(html.contains("default-src 'none'"));
        assertFalse(html.contains("http:") || html.contains("https:"), "loads nothing");
    }

    @Test
    void worstFirstCountsZerosGreyAndOnlyRelativeLinks() {
        String html = BatchIndex.html(SUMMARY);
        int bad = html.indexOf("data-id=\"c-bad\"");
        int failed = html.indexOf("data-id=\"d-failed\"");
        int info = html.indexOf("data-id=\"a-info\"");
        int clean = html.indexOf("data-id=\"b-clean\"");
        assertTrue(bad < failed && failed < info && info < clean, "critical, failed, info, clean");
        assertTrue(html.contains("<td class=\"n zero\">0</td>"));
        assertFalse(html.contains("<td class=\"n critical\">0</td>"), "a zero is never red");
        assertTrue(html.contains("href=\"./a-info/report.pdf\">PDF</a>"));
        assertFalse(html.contains("javascript:") && html.contains("href=\"javascript"), "no scheme links");
        assertFalse(html.contains("href=\"/etc/passwd\""));
        assertTrue(html.contains("slow &lt;device&gt;"));
        assertEquals(html, BatchIndex.html(new BatchSummary("ioverdict.batch/1", SUMMARY.cases().reversed())),
                "the same cases give the same page");
        assertNull(BatchIndex.safeLink("x:y/z"));
    }

    @Test
    void theVerdictFollowsTheFindings() {
        assertEquals("critical", SUMMARY.cases().get(2).verdict());
        assertEquals("info", SUMMARY.cases().get(1).verdict());
        assertEquals("clean", SUMMARY.cases().get(0).verdict());
        assertEquals("failed", SUMMARY.cases().get(3).verdict());
    }

    @Test
    void readsAsAReportCausesInWordsNotRuleIds() {
        String html = BatchIndex.html(SUMMARY, java.time.Instant.parse("2026-11-26T17:45:00Z"));
        assertTrue(html.contains("written 2026-11-26 17:45 UTC"), "the date it was written");
        assertTrue(html.contains("from <b>x</b>"), "the source by its own name");
        assertEquals("Of 4 cases, 1 shows time is spent below the driver (device, HBA, array) (1 critical); "
                + "1 shows directory name lookup cache hit rate is low; 1 is clean; 1 failed.", BatchIndex.inWords(SUMMARY.cases()),
                BatchIndex.inWords(SUMMARY.cases()));
        assertFalse(html.contains("device-latency: "), "no rule id as a label");
        assertTrue(html.contains("data-rules=\"device-latency\""), "filtering by rule id still works");
    }

    private static BatchSummary many(int n) {
        List<CaseResult> cases = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
            String id = String.format("case-%06d", i);
            cases.add(c(id, i % 7 == 0 ? 1 + i % 3 : 0, 0, i % 2, id + "/report.html", id + "/report.json"));
        }
        return new BatchSummary("ioverdict.batch/1", cases);
    }

    @Test
    void theIndexOfABigBatchStaysWithinABoundAndItsPagesListEveryCaseOnceInOrder() {
        String small = BatchIndex.html(many(BatchIndex.LISTED));
        assertEquals(BatchIndex.LISTED, small.split("<tr data-order=", -1).length - 1, "a small batch lists every case");
        assertFalse(small.contains(BatchIndex.pageName(1)));
        assertEquals(0, BatchIndex.pageCount(BatchIndex.LISTED));

        int bound = 200 * 1024;
        for (int n : new int[] {BatchIndex.LISTED + 1, 5_000, 20_000}) {
            BatchSummary summary = many(n);
            String index = BatchIndex.html(summary, java.time.Instant.parse("2026-11-26T17:45:00Z"));
            assertTrue(index.length() < bound, n + " cases: index.html of " + index.length() + " characters");
            assertEquals(BatchIndex.LISTED, index.split("<tr data-order=", -1).length - 1, "the worst cases only");
            int pages = BatchIndex.pageCount(n);
            assertEquals((n + BatchIndex.PER_PAGE - 1) / BatchIndex.PER_PAGE, pages);
            assertTrue(index.contains("href=\"./" + BatchIndex.pageName(pages) + "\""), "links to the last page");
            assertTrue(index.startsWith("<!DOCTYPE html>\n<html lang=\"en\"><head>"), index.substring(0, 80));
            assertTrue(index.contains("<title>ioverdict batch: " + n + " cases</title>"));
            if (n > 5_000) {
                continue; // the pages of the 20,000 are as those of the 5,000: the bound is what is asserted
            }
            // every case once, across the pages, in index.html's order: the worst (critical) first
            java.util.List<String> ids = new java.util.ArrayList<>();
            for (int p = 1; p <= pages; p++) {
                String page = BatchIndex.page(summary, p);
                assertTrue(page.contains("href=\"./index.html\""));
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("data-id=\"([^\"]+)\"").matcher(page);
                while (m.find()) {
                    ids.add(m.group(1));
                }
            }
            assertEquals(n, ids.size());
            assertEquals(n, new java.util.HashSet<>(ids).size());
            String worstListed = index.substring(index.indexOf("data-id=\"") + 9, index.indexOf('"', index.indexOf("data-id=\"") + 9));
            assertEquals(worstListed, ids.get(0), "page 1 begins where index.html begins");
        }
    }

    @Test
    void writingABatchIndexRemovesThePagesOfABiggerEarlierBatch(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        BatchIndex.write(dir, many(2_500), null);
        for (int p = 1; p <= 3; p++) {
            assertTrue(java.nio.file.Files.isRegularFile(dir.resolve(BatchIndex.pageName(p))), "page " + p);
        }
        BatchIndex.write(dir, many(1_200), null);
        assertTrue(java.nio.file.Files.isRegularFile(dir.resolve(BatchIndex.pageName(2))));
        assertFalse(java.nio.file.Files.exists(dir.resolve(BatchIndex.pageName(3))), "a stale page is removed");
        BatchIndex.write(dir, many(10), null);
        assertFalse(java.nio.file.Files.exists(dir.resolve(BatchIndex.pageName(1))));
        assertEquals(BatchIndex.html(many(10)), java.nio.file.Files.readString(dir.resolve("index.html")));
    }
}
