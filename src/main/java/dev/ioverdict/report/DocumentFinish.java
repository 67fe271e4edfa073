package dev.ioverdict.report;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What turns the templates' output into a document, whatever the templates say: the table of
 * contents (and the PDF's bookmarks) from the headings, no figure wrapped away from its unit, and
 * on screen wide tables scrolling in their own box and sortable columns. Works on the XHTML text
 * so that user templates get the same.
 */
final class DocumentFinish {
    /** Loaded once: a fixed script whose hash the page's Content-Security-Policy allows, and nothing else. */
    static final String SCRIPT = resource("report/sortable.js");

    private static final Pattern META = Pattern.compile("<meta\\b[^>]*>");
    private static final Pattern TOC_PLACEHOLDER = Pattern.compile("<nav\\b[^>]*\\bid=\"toc\"[^>]*>\\s*</nav>");
    /** A number, a plain space, a unit Figures writes: the space becomes a no-break space. */
    private static final Pattern NUMBER_UNIT = Pattern.compile(
            "(\\d) (?=(?:ns|\u00b5s|ms|s|min|h|B|[KMGTP]iB|[KMGT]B|IOPS|sectors?|reports?)(?![\\p{L}\\p{N}_]))");
    /** Text inside these is quoted as captured or typed by the user (commands, evidence): left as is. */
    private static final Set<String> VERBATIM = Set.of("pre", "code", "script", "style", "svg", "textarea", "title");

    private DocumentFinish() {
    }

    static String finish(String templated, boolean pdf) {
        String html = GlossaryLinks.link(templated);
        Outline outline = Outline.of(html);
        String out = toc(html, outline);
        out = keepUnits(out);
        if (pdf) {
            return fitQuotedLines(out).replaceFirst("</head>", Matcher.quoteReplacement(outline.bookmarksXml()) + "</head>");
        }
        return script(scrollingTables(out));
    }

    private static String toc(String html, Outline outline) {
        if (outline.sections().size() < 2) {
            return html;
        }
        Matcher m = TOC_PLACEHOLDER.matcher(html);
        if (m.find()) {
            return html.substring(0, m.start()) + outline.tocHtml() + html.substring(m.end());
        }
        int header = html.indexOf("</header>");
        return header < 0 ? html
                : html.substring(0, header + 9) + "\n" + outline.tocHtml() + html.substring(header + 9);
    }

    /** "4.76 ms", "137 KiB": a no-break space between number and unit in every text node outside verbatim text. */
    static String keepUnits(String html) {
        StringBuilder out = new StringBuilder(html.length() + 256);
        int i = 0;
        int verbatimDepth = 0;
        String verbatimTag = null;
        while (i < html.length()) {
            int lt = html.indexOf('<', i);
            int textEnd = lt < 0 ? html.length() : lt;
            String text = html.substring(i, textEnd);
            out.append(verbatimDepth > 0 ? text : NUMBER_UNIT.matcher(text).replaceAll("$1\u00a0"));
            if (lt < 0) {
                break;
            }
            int gt = tagEnd(html, lt);
            String tag = html.substring(lt, gt);
            out.append(tag);
            i = gt;
            if (tag.startsWith("<!--") || tag.startsWith("<!") || tag.startsWith("<?")) {
                continue;
            }
            boolean closing = tag.startsWith("</");
            String name = tagName(tag, closing ? 2 : 1);
            boolean selfClosing = tag.endsWith("/>");
            if (verbatimDepth == 0 && !closing && !selfClosing && VERBATIM.contains(name)) {
                verbatimTag = name;
                verbatimDepth = 1;
            } else if (verbatimDepth > 0 && name.equals(verbatimTag)) {
                verbatimDepth += closing ? -1 : selfClosing ? 0 : 1;
            }
        }
        return out.toString();
    }

    /** Index just past the '>' ending the tag or comment at lt; quotes in attributes are respected. */
    static int tagEnd(String html, int lt) {
        if (html.startsWith("<!--", lt)) {
            int end = html.indexOf("-->", lt + 4);
            return end < 0 ? html.length() : end + 3;
        }
        char quote = 0;
        for (int j = lt + 1; j < html.length(); j++) {
            char c = html.charAt(j);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '>') {
                return j + 1;
            }
        }
        return html.length();
    }

    static String tagName(String tag, int from) {
        int j = from;
        while (j < tag.length() && (Character.isLetterOrDigit(tag.charAt(j)) || tag.charAt(j) == '-')) {
            j++;
        }
        return tag.substring(from, j).toLowerCase(Locale.ROOT);
    }

    /** Width in pt a quoted line may take on an A4 page inside a finding or a table cell. */
    private static final double QUOTE_WIDTH_PT = 470;
    /** DejaVu Sans Mono's advance width, in em. */
    private static final double MONO_EM = 0.602;
    private static final double QUOTE_DEFAULT_PT = 8.5;
    private static final double QUOTE_MIN_PT = 6;
    private static final Pattern PRE = Pattern.compile("<pre>([^<]*)</pre>");

    /**
     * On paper a captured line cannot scroll: each quoted block gets the font size at which its
     * longest line fits the page, so columns stay under their header; only lines too long even at
     * 6 pt still wrap.
     */
    static String fitQuotedLines(String html) {
        Matcher m = PRE.matcher(html);
        StringBuilder out = new StringBuilder(html.length() + 1024);
        while (m.find()) {
            int longest = 0;
            for (String line : m.group(1).split("\n", -1)) {
                longest = Math.max(longest, line.replaceAll("&[a-zA-Z#0-9]+;", "x").length());
            }
            double fits = QUOTE_WIDTH_PT / (MONO_EM * Math.max(1, longest));
            String style = fits >= QUOTE_DEFAULT_PT ? null
                    : fits >= QUOTE_MIN_PT ? String.format(Locale.ROOT, "font-size: %.1fpt; white-space: pre", Math.floor(fits * 10) / 10)
                    : String.format(Locale.ROOT, "font-size: %.1fpt", QUOTE_MIN_PT);
            m.appendReplacement(out, Matcher.quoteReplacement(
                    style == null ? m.group() : "<pre style=\"" + style + "\">" + m.group(1) + "</pre>"));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** Each top-level table.grid in a box of its own that scrolls sideways, so the page never does. */
    static String scrollingTables(String html) {
        StringBuilder out = new StringBuilder(html.length() + 1024);
        int depth = 0;
        boolean wrapped = false;
        int i = 0;
        while (true) {
            int open = html.indexOf("<table", i);
            int close = html.indexOf("</table>", i);
            if (open < 0 && close < 0) {
                out.append(html, i, html.length());
                return out.toString();
            }
            if (open >= 0 && (close < 0 || open < close)) {
                int gt = tagEnd(html, open);
                String tag = html.substring(open, gt);
                out.append(html, i, open);
                if (depth == 0 && tag.matches("(?s)<table\\b.*\\bclass=\"[^\"]*\\bgrid\\b.*")) {
                    out.append("<div class=\"table-scroll\">");
                    wrapped = true;
                }
                out.append(tag);
                depth++;
                i = gt;
            } else {
                out.append(html, i, close + 8);
                depth--;
                if (depth == 0 && wrapped) {
                    out.append("</div>");
                    wrapped = false;
                }
                i = close + 8;
            }
        }
    }

    /** The sorting script before the body's end, allowed by its hash in the page's Content-Security-Policy. */
    private static String script(String html) {
        String withPolicy = allowScript(html, "'sha256-" + sha256(SCRIPT) + "'");
        int body = withPolicy.lastIndexOf("</body>");
        if (body < 0) {
            return html;
        }
        return withPolicy.substring(0, body) + "<script>" + SCRIPT + "</script>\n" + withPolicy.substring(body);
    }

    /** The page's policy, whatever else it says, also allows the script with this hash (script-src first). */
    static String allowScript(String html, String source) {
        Matcher m = META.matcher(html);
        while (m.find()) {
            String tag = m.group();
            int content = tag.indexOf("content=\"");
            if (tag.contains("Content-Security-Policy") && content >= 0) {
                int at = m.start() + content + 9;
                return html.substring(0, at) + "script-src " + source + "; " + html.substring(at);
            }
        }
        return html;
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
