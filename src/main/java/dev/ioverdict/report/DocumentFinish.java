package dev.ioverdict.report;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import org.jsoup.nodes.DataNode;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/**
 * What turns the templates' output into a document, whatever the templates say: the table of
 * contents (and the PDF's bookmarks) from the headings, no figure wrapped away from its unit, and
 * on screen wide tables scrolling in their own box and sortable columns. Works on the document
 * tree (jsoup) so that user templates get the same.
 */
final class DocumentFinish {
    /** Loaded once: a fixed script whose hash the page's Content-Security-Policy allows, and nothing else. */
    static final String SCRIPT = resource("report/sortable.js");
    /**
     * The script element's text as written: in a CDATA section behind line comments, so the page
     * stays XML and a browser runs the same text the hash is of.
     */
    static final String SCRIPT_TEXT = "//<![CDATA[\n" + SCRIPT + "\n//]]>";

    /** A number, a plain space, a unit Figures writes (in a text node): the space becomes a no-break space. */
    private static final Pattern NUMBER_UNIT = Pattern.compile(
            "(\\d) (?=(?:ns|\u00b5s|ms|s|min|h|B|[KMGTP]iB|[KMGT]B|IOPS|sectors?|reports?)(?![\\p{L}\\p{N}_]))");
    /** Text inside these is quoted as captured or typed by the user (commands, evidence): left as is. */
    private static final Set<String> VERBATIM = Set.of("pre", "code", "script", "style", "svg", "textarea", "title");

    private DocumentFinish() {
    }

    static String finish(String templated, boolean pdf) {
        return finish(templated, pdf, false);
    }

    /**
     * As above; {@code setBodyClass}: the page was templated once for both views, and the body's
     * class says which one this is ("screen" or "pdf", as the templates' {@code ${pdf}} would).
     */
    static String finish(String templated, boolean pdf, boolean setBodyClass) {
        Document doc = Xhtml.parse(templated);
        if (setBodyClass) {
            Element body = doc.selectFirst("body");
            if (body != null) {
                body.removeClass("screen").removeClass("pdf").addClass(pdf ? "pdf" : "screen");
            }
        }
        cutLongTokens(doc);
        GlossaryLinks.link(doc);
        Outline outline = Outline.of(doc);
        toc(doc, outline);
        keepUnits(doc);
        if (pdf) {
            keepBrackets(doc);
            anchorsOnHeadings(doc);
            fitQuotedLines(doc);
            Element head = doc.selectFirst("head");
            if (head != null) {
                head.appendChild(outline.bookmarks());
            }
        } else {
            scrollingTables(doc);
            script(doc);
        }
        return Xhtml.write(doc);
    }

    /** The contents in the templates' empty {@code nav id="toc"}, else right after the masthead. */
    private static void toc(Document doc, Outline outline) {
        if (outline.sections().size() < 2) {
            return;
        }
        Element placeholder = doc.getElementById("toc");
        if (placeholder != null && placeholder.nameIs("nav") && placeholder.children().isEmpty()
                && placeholder.wholeText().isBlank()) {
            placeholder.replaceWith(outline.toc());
            return;
        }
        Element header = doc.selectFirst("header");
        if (header != null) {
            header.after(outline.toc());
            header.after(new TextNode("\n"));
        }
    }

    /**
     * On paper a link lands where its target's box begins. A section's box begins on the page before
     * its heading when the heading is pushed over to keep it with what follows (its
     * page-break-min-height): the id moves from the section to its heading, so the contents, the
     * bookmarks and the front page's links land on the heading's page.
     */
    static void anchorsOnHeadings(Document doc) {
        for (Element e : doc.select("[id]")) {
            Element first = e.firstElementChild();
            if (!e.nameIs("nav") && first != null && (first.nameIs("h2") || first.nameIs("h3")) && first.id().isEmpty()) {
                first.id(e.id());
                e.removeAttr("id");
            }
        }
    }

    /** The longest run of non-blank characters a page lays out (a deep but real path fits). */
    static final int TOKEN_MAX = 160;

    /**
     * Every long token (a path, a process or device name, in prose, evidence and attributes alike)
     * cut with an ellipsis before anything is laid out: the same cut everywhere, so an anchor and
     * its link still agree; report.json keeps the whole value. Style and script are left alone
     * (their data are the page's own).
     */
    static void cutLongTokens(Node root) {
        root.nodeStream(TextNode.class).forEach(t -> {
            String text = t.getWholeText();
            if (text.length() > TOKEN_MAX) {
                String cut = dev.ioverdict.parse.text.Excerpt.tokens(text, TOKEN_MAX);
                if (cut != text) {
                    t.text(cut);
                }
            }
        });
        root.nodeStream(Element.class).forEach(e -> {
            if (e.nameIs("path") || e.nameIs("style") || e.nameIs("img") || e.nameIs("image")) {
                return; // drawing data and inline images, not words
            }
            for (var a : e.attributes()) {
                String v = a.getValue();
                if (v.length() > TOKEN_MAX && !a.getKey().equals("style") && !a.getKey().equals("d")
                        && !a.getKey().equals("points") && !v.startsWith("data:")) {
                    a.setValue(dev.ioverdict.parse.text.Excerpt.tokens(v, TOKEN_MAX));
                }
            }
        });
    }

    /** "4.76 ms", "137 KiB": a no-break space between number and unit in every text node outside verbatim text. */
    static void keepUnits(Node root) {
        for (TextNode t : Xhtml.textNodes(root)) {
            if (!Xhtml.within(t, e -> VERBATIM.contains(e.normalName()))) {
                String kept = NUMBER_UNIT.matcher(t.getWholeText()).replaceAll("$1\u00a0");
                if (!kept.equals(t.getWholeText())) {
                    t.text(kept);
                }
            }
        }
    }

    /**
     * The inline elements a bracket or a mark may join: plain text in another weight or slant, not
     * links (it would be underlined), code (another font) or a styled span (a badge's background).
     */
    private static final Set<String> JOINABLE = Set.of("span", "b", "strong", "em", "i");

    private static boolean joinable(Element e) {
        return JOINABLE.contains(e.normalName()) && !e.hasAttr("class") && !e.hasAttr("style");
    }
    private static final String OPENING = "([";
    private static final String CLOSING = ")].,;:!?";

    /**
     * openhtmltopdf may break a line at an element's edge where there is no space: "(" at one line's
     * end and "estimated; high confidence)" at the next, or ")" and ":" at a line's start. In the
     * PDF an opening bracket that ends a text node goes into the element right after it, and the
     * closing brackets and marks that start a text node go into the element right before it, when
     * that element begins or ends with text of its own. The words and their order are unchanged.
     */
    static void keepBrackets(Node root) {
        for (TextNode t : Xhtml.textNodes(root)) {
            if (Xhtml.within(t, e -> VERBATIM.contains(e.normalName()))) {
                continue;
            }
            String text = t.getWholeText();
            if (text.length() > 0 && OPENING.indexOf(text.charAt(text.length() - 1)) >= 0
                    && t.nextSibling() instanceof Element next && joinable(next)
                    && next.childNodeSize() > 0 && next.childNode(0) instanceof TextNode first) {
                first.text(text.charAt(text.length() - 1) + first.getWholeText());
                text = text.substring(0, text.length() - 1);
                t.text(text);
            }
            int marks = 0;
            while (marks < text.length() && CLOSING.indexOf(text.charAt(marks)) >= 0) {
                marks++;
            }
            if (marks > 0 && t.previousSibling() instanceof Element before && joinable(before)
                    && before.childNodeSize() > 0 && before.childNode(before.childNodeSize() - 1) instanceof TextNode last) {
                last.text(last.getWholeText() + text.substring(0, marks));
                t.text(text.substring(marks));
            }
        }
    }

    /** Width in pt a quoted line may take on an A4 page inside a finding or a table cell. */
    private static final double QUOTE_WIDTH_PT = 470;
    /** DejaVu Sans Mono's advance width, in em. */
    private static final double MONO_EM = 0.602;
    private static final double QUOTE_DEFAULT_PT = 8.5;
    /** The smallest print a captured line gets: below 7 pt a printed page is no longer read. */
    private static final double QUOTE_MIN_PT = 7;

    /**
     * On paper a captured line cannot scroll: each quoted block (a plain {@code pre} of text only)
     * gets the font size at which its longest line fits the page, so columns stay under their
     * header; only lines too long even at 7 pt still wrap.
     */
    static void fitQuotedLines(Node root) {
        root.nodeStream(Element.class).filter(e -> e.nameIs("pre") && e.attributesSize() == 0 && e.children().isEmpty())
                .toList().forEach(pre -> {
                    int longest = 0;
                    for (String line : pre.wholeText().split("\n", -1)) {
                        longest = Math.max(longest, line.length());
                    }
                    double fits = QUOTE_WIDTH_PT / (MONO_EM * Math.max(1, longest));
                    if (fits < QUOTE_DEFAULT_PT) {
                        pre.attr("style", fits >= QUOTE_MIN_PT
                                ? String.format(Locale.ROOT, "font-size: %.1fpt; white-space: pre", Math.floor(fits * 10) / 10)
                                : String.format(Locale.ROOT, "font-size: %.1fpt", QUOTE_MIN_PT));
                    }
                });
    }

    /** Each top-level table.grid in a box of its own that scrolls sideways, so the page never does. */
    static void scrollingTables(Node root) {
        root.nodeStream(Element.class)
                .filter(t -> t.nameIs("table") && t.hasClass("grid") && !Xhtml.within(t.parent(), e -> e.nameIs("table")))
                .toList().forEach(t -> t.wrap("<div class=\"table-scroll\"></div>"));
    }

    /** The sorting script at the body's end, allowed by its hash in the page's Content-Security-Policy. */
    private static void script(Document doc) {
        Element body = doc.selectFirst("body");
        if (body == null) {
            return;
        }
        allowScript(doc, "'sha256-" + sha256(SCRIPT_TEXT) + "'");
        body.appendElement("script").appendChild(new DataNode(SCRIPT_TEXT));
        body.appendText("\n");
    }

    /** The page's policy, whatever else it says, also allows the script with this hash (script-src first). */
    static void allowScript(Document doc, String source) {
        for (Element meta : doc.select("meta[content]")) {
            if (meta.attributes().asList().stream().anyMatch(a -> a.getValue().contains("Content-Security-Policy"))) {
                meta.attr("content", "script-src " + source + "; " + meta.attr("content"));
                return;
            }
        }
    }

    private static String resource(String name) {
        try (var in = DocumentFinish.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static String sha256(String s) {
        try {
            return Base64.getEncoder().encodeToString(
                    MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
