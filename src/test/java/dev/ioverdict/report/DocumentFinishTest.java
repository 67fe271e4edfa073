package dev.ioverdict.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class DocumentFinishTest {
    private static final String PAGE = """
            <!DOCTYPE html>
            <html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'" /><title>t</title></head>
            <body><header class="masthead"><h1>Case</h1></header>
            <nav class="toc" id="toc"></nav>
            <section id="findings"><h2>Findings</h2>
              <article class="finding" id="finding-1"><h3><span class="badge">critical</span> <span>Disk sdb saturated</span>
                <code class="rule-id">disk-saturation</code></h3><p>await 64.2 ms at 99.8%</p></article>
              <div id="consistency"><h3>Data consistency</h3></div>
            </section>
            <section id="inputs"><h2>Inputs</h2><table class="grid"><tr><td><table class="grid"><tr><td>1 s</td></tr></table></td></tr></table></section>
            </body></html>
            """;

    @Test
    void outlineHasSectionsAndTheirEntries() {
        Outline o = Outline.of(PAGE);
        assertEquals(List.of("Findings", "Inputs"), o.sections().stream().map(Outline.Entry::label).toList());
        assertEquals(List.of("critical: Disk sdb saturated", "Data consistency"),
                o.sections().get(0).children().stream().map(Outline.Entry::label).toList());
        assertTrue(o.bookmarksXml().contains("<bookmark name=\"critical: Disk sdb saturated\" href=\"#finding-1\">"));
    }

    @Test
    void figuresKeepTheirUnitsButQuotedTextIsLeftAlone() {
        String out = DocumentFinish.keepUnits("<p>took 4.76 ms, 137 KiB in 3 reports; 10 slowest</p><pre>sdb 4 ms</pre>"
                + "<code>sleep 5 s</code><p title=\"1 s\">2 h</p>");
        assertEquals("<p>took 4.76\u00a0ms, 137\u00a0KiB in 3\u00a0reports; 10 slowest</p><pre>sdb 4 ms</pre>"
                + "<code>sleep 5 s</code><p title=\"1 s\">2\u00a0h</p>", out);
    }

    @Test
    void outerGridTablesScrollInTheirOwnBox() {
        String out = DocumentFinish.scrollingTables(PAGE);
        assertEquals(1, out.split("<div class=\"table-scroll\">", -1).length - 1);
        assertTrue(out.contains("</table></td></tr></table></div></section>"), out);
    }

    @Test
    void screenPageGetsTocScriptAndItsHash() {
        String out = DocumentFinish.finish(PAGE, false);
        assertTrue(out.contains("<nav class=\"toc\" id=\"toc\" aria-label=\"Contents\">"), out);
        assertTrue(out.contains("content=\"script-src 'sha256-" + DocumentFinish.sha256(DocumentFinish.SCRIPT) + "'; default-src 'none';"), out);
        assertTrue(out.contains("<script>" + DocumentFinish.SCRIPT + "</script>"));
        assertTrue(!DocumentFinish.SCRIPT.contains("<") && !DocumentFinish.SCRIPT.contains("&"), "the page stays XML");
    }

    @Test
    void pdfGetsBookmarksAndNoScript() {
        String out = DocumentFinish.finish(PAGE, true);
        assertTrue(out.contains("<bookmarks><bookmark name=\"Findings\" href=\"#findings\">"), out);
        assertTrue(!out.contains("<script"));
    }

    @Test
    void longQuotedLinesShrinkOnPaperInsteadOfWrapping() {
        String line = "x".repeat(120);
        String out = DocumentFinish.fitQuotedLines("<pre>short</pre><pre>" + line + "</pre><pre>" + "y".repeat(400) + "</pre>");
        assertTrue(out.startsWith("<pre>short</pre><pre style=\"font-size: 6.5pt; white-space: pre\">"), out);
        assertTrue(out.contains("<pre style=\"font-size: 6.0pt\">y"), out);
    }
}
