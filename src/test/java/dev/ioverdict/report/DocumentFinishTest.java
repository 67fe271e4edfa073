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
        var bookmark = o.bookmarks().selectFirst("bookmark[href=#finding-1]");
        assertEquals("critical: Disk sdb saturated", bookmark.attr("name"));
        assertEquals("bookmark", bookmark.parent().tagName(), "under its section's bookmark");
    }

    @Test
    void figuresKeepTheirUnitsButQuotedTextIsLeftAlone() {
        var doc = Xhtml.parse("<p>took 4.76 ms, 137 KiB in 3 reports; 10 slowest</p><pre>sdb 4 ms</pre>"
                + "<code>sleep 5 s</code><p title=\"1 s\">2 h</p>");
        DocumentFinish.keepUnits(doc);
        assertEquals("<p>took 4.76&#xa0;ms, 137&#xa0;KiB in 3&#xa0;reports; 10 slowest</p><pre>sdb 4 ms</pre>"
                + "<code>sleep 5 s</code><p title=\"1 s\">2&#xa0;h</p>", Xhtml.write(doc));
    }

    @Test
    void bracketsAndMarksJoinThePlainElementBesideThem() {
        var doc = Xhtml.parse("<p>It explains <b>1.98 s</b> (<span>estimated</span>; <span>high confidence</span>).</p>"
                + "<p><b>Disk saturated</b>: busy; <span class=\"sev\">critical</span>, sure (<a class=\"term\">D2C</a>)</p>"
                + "<pre>f(<span>x</span>)</pre>");
        String before = doc.text();
        DocumentFinish.keepBrackets(doc);
        assertEquals("<p>It explains <b>1.98 s</b> <span>(estimated;</span> <span>high confidence).</span></p>"
                + "<p><b>Disk saturated:</b> busy; <span class=\"sev\">critical</span>, sure (<a class=\"term\">D2C</a>)</p>"
                + "<pre>f(<span>x</span>)</pre>", Xhtml.write(doc));
        assertEquals(before, doc.text(), "the same words in the same order");
    }

    @Test
    void outerGridTablesScrollInTheirOwnBox() {
        var doc = Xhtml.parse(PAGE);
        DocumentFinish.scrollingTables(doc);
        String out = Xhtml.write(doc);
        assertEquals(1, out.split("<div class=\"table-scroll\">", -1).length - 1);
        assertTrue(out.contains("</table></td></tr></table></div></section>"), out);
    }

    @Test
    void screenPageGetsTocScriptAndItsHash() {
        String out = DocumentFinish.finish(PAGE, false);
        assertTrue(out.contains("<nav class=\"toc\" id=\"toc\" aria-label=\"Contents\">"), out);
        assertTrue(out.contains("content=\"script-src 'sha256-" + DocumentFinish.sha256(DocumentFinish.SCRIPT_TEXT) + "'; default-src 'none';"), out);
        // the hash is of the script element's text as a browser reads the page (HTML) and as XML reads it
        String script = org.jsoup.Jsoup.parse(out).selectFirst("script").data();
        assertEquals(DocumentFinish.SCRIPT_TEXT, script);
        assertTrue(Xhtml.parse(out).selectFirst("script").data().contains(DocumentFinish.SCRIPT));
        assertTrue(!DocumentFinish.SCRIPT.contains("<") && !DocumentFinish.SCRIPT.contains("&"), "the page stays XML");
    }

    @Test
    void pdfGetsBookmarksAndNoScript() {
        String out = DocumentFinish.finish(PAGE, true);
        assertTrue(out.contains("<bookmarks><bookmark name=\"Findings\" href=\"#findings\">"), out);
        assertTrue(out.contains("</bookmarks></head>"), out);
        assertTrue(!out.contains("<script"));
    }

    @Test
    void longQuotedLinesShrinkOnPaperInsteadOfWrapping() {
        String line = "x".repeat(120);
        var doc = Xhtml.parse("<pre>short</pre><pre>" + line + "</pre><pre>" + "y".repeat(400) + "</pre>");
        DocumentFinish.fitQuotedLines(doc);
        String out = Xhtml.write(doc);
        // never below 7 pt: a line longer than fits at 7 pt wraps
        assertTrue(out.startsWith("<pre>short</pre><pre style=\"font-size: 7.0pt\">x"), out);
        assertTrue(out.contains("<pre style=\"font-size: 7.0pt\">y"), out);
        String fits = "z".repeat(100);
        var shorter = Xhtml.parse("<pre>" + fits + "</pre>");
        DocumentFinish.fitQuotedLines(shorter);
        assertTrue(Xhtml.write(shorter).startsWith("<pre style=\"font-size: 7.8pt; white-space: pre\">"), Xhtml.write(shorter));
    }

    @Test
    void stylesheetsKeepTheirChildSelectorsAndTheTreeWritesBackAsXml() {
        String page = "<html><head><style>nav.toc > ol { columns: 2 }</style></head><body><p>a &amp; b<br /></p><div></div></body></html>";
        String out = Xhtml.write(Xhtml.parse(page));
        assertTrue(out.contains("nav.toc > ol { columns: 2 }"), out);
        assertTrue(out.contains("<p>a &amp; b<br /></p><div></div>"), "void elements closed, empty ones not: " + out);
    }

    @Test
    void glossaryTermsAreLinkedOnceInProseNeverInQuotedText() {
        var doc = Xhtml.parse("""
                <html><body><p>In <code>D2C 5</code> and D2C, then D2C again.</p>
                <section id="glossary"><h2>Glossary</h2><dl><dt>D2C</dt><dd>Dispatch to complete, D2C.</dd></dl></section></body></html>
                """);
        GlossaryLinks.link(doc);
        String out = Xhtml.write(doc);
        assertTrue(out.contains("<p>In <code>D2C 5</code> and <a class=\"term\" href=\"#term-d2c\">D2C</a>, then D2C again.</p>"), out);
        assertTrue(out.contains("<dt id=\"term-d2c\">D2C</dt><dd>Dispatch to complete, D2C.</dd>"), out);
    }
}
