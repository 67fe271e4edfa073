package dev.ioverdict.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The glossary explains the terms a report prints, and only those. */
class GlossaryTest {
    @TempDir
    Path tmp;

    private String glossary(String testCase) throws Exception {
        Cli.run("report", TestData.bundle(testCase).resolve("bundle").toString(), "-o", tmp.toString(), "--format", "html");
        String html = Files.readString(tmp.resolve("report.html"));
        int at = html.indexOf("id=\"glossary\"");
        assertTrue(at > 0, "a glossary");
        return html.substring(at, html.indexOf("</section>", at));
    }

    @Test
    void aBlockTraceIsExplainedInBttsWords() throws Exception {
        String g = glossary("seed-000-blkparse");
        assertTrue(g.contains(">D2C</dt>") && g.contains(">Q2C</dt>") && g.contains(">M2D</dt>"), g);
        assertFalse(g.contains("svc_t"), "no Solaris iostat in this bundle");
    }

    @Test
    void solarisIostatIsExplainedInItsOwnColumns() throws Exception {
        String g = glossary("iostat-solaris-seed003");
        assertTrue(g.contains("svc_t") && g.contains("%b"), g);
        assertFalse(g.contains(">D2C</dt>"), "no block trace in this bundle");
    }

    @Test
    void theFirstUseOfATermLinksToItsEntryOnce() throws Exception {
        Cli.run("report", TestData.bundle("seed-000-blkparse").resolve("bundle").toString(), "-o", tmp.toString(), "--format", "html");
        String html = Files.readString(tmp.resolve("report.html"));
        String link = "<a class=\"term\" href=\"#term-d2c\">D2C</a>";
        int first = html.indexOf(link);
        assertTrue(first > 0, "D2C linked");
        assertEquals(-1, html.indexOf(link, first + 1), "linked once");
        assertTrue(first < html.indexOf("id=\"glossary\""), "from the body, not the glossary");
        String before = html.substring(html.indexOf("<body"), first).replaceAll("<(h[1-6]|nav|th|a|code|pre|title|summary)\\b.*?</\\1>", "")
                .replaceAll("(?s)<p class=\"headline\">.*?</p>", "");
        assertFalse(before.replaceAll("<[^>]*>", " ").matches("(?s).*(^|[^\\w%/.-])D2C([^\\w%/.-]|$).*"),
                "no earlier use of D2C left unlinked in the text");
        var targets = java.util.regex.Pattern.compile("href=\"#(term-[^\"]+)\"").matcher(html);
        int links = 0;
        while (targets.find()) {
            links++;
            assertTrue(html.contains("<dt id=\"" + targets.group(1) + "\">"), "an entry for " + targets.group(1));
        }
        assertTrue(links >= 3, "several terms linked: " + links);
    }

    @Test
    void aTermIsAWholeWord() {
        assertEquals(-1, GlossaryLinks.wordAt("r_await 12", "await", 0));
        assertEquals(-1, GlossaryLinks.wordAt("%utilization", "%util", 0));
        assertEquals(4, GlossaryLinks.wordAt("the D2C.", "D2C", 0));
    }

    @Test
    void theHeadlineReadsAsAHeadingWithoutLinks() throws Exception {
        Cli.run("report", TestData.bundle("iostat-linux-saturated").resolve("bundle").toString(), "-o", tmp.toString(), "--format", "html");
        String html = Files.readString(tmp.resolve("report.html"));
        int headline = html.indexOf("<p class=\"headline\">");
        assertTrue(headline > 0, "a headline");
        String text = html.substring(headline, html.indexOf("</p>", headline));
        assertFalse(text.contains("<a "), text);
        assertTrue(html.contains("href=\"#term-pct-util\">%util</a>"), "%util linked further down");
    }
}
