package dev.ioverdict.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The first use of each glossary term in the body links to its entry, so a reader who meets "D2C"
 * in a finding gets the explanation one click away (openhtmltopdf turns the same {@code href="#id"}
 * into a PDF link). Works on the finished XHTML so that user templates get it too: every
 * {@code <dt>} of the element with id "glossary" gets an id, and each term it names is linked once,
 * in text outside headings, links, quoted or clickable text and the glossary itself.
 */
final class GlossaryLinks {
    /** Text inside these (and the front page's headline) is a heading, a link, a control or quoted as captured: a link there would not read. */
    private static final Set<String> SKIP = Set.of("h1", "h2", "h3", "h4", "h5", "h6", "a", "pre", "code", "kbd",
            "samp", "script", "style", "svg", "textarea", "title", "head", "nav", "th", "summary", "button",
            "option", "dt", "label");
    /** Entries named by a plain English word as well: linking "wait" or "impact" in prose would mislead. */
    private static final Set<String> PLAIN_WORDS = Set.of("wait", "actv", "confidence", "impact");

    private GlossaryLinks() {
    }

    static String link(String html) {
        int glossary = glossaryStart(html);
        if (glossary < 0) {
            return html;
        }
        Map<String, String> terms = new LinkedHashMap<>();
        String withIds = entryIds(html, glossary, terms);
        return terms.isEmpty() ? withIds : linkFirstUses(withIds, terms);
    }

    private static int glossaryStart(String html) {
        int id = html.indexOf("id=\"glossary\"");
        return id < 0 ? -1 : html.lastIndexOf('<', id);
    }

    /** Gives each plain {@code <dt>} of the glossary an id and collects the terms it names. */
    private static String entryIds(String html, int glossary, Map<String, String> terms) {
        int end = html.indexOf("</dl>", glossary);
        if (end < 0) {
            return html;
        }
        StringBuilder out = new StringBuilder(html.length() + 512);
        out.append(html, 0, glossary);
        int i = glossary;
        while (true) {
            int dt = html.indexOf("<dt>", i);
            if (dt < 0 || dt > end) {
                break;
            }
            int close = html.indexOf("</dt>", dt);
            if (close < 0) {
                break;
            }
            String text = html.substring(dt + 4, close);
            List<String> names = names(text);
            if (names.isEmpty() || text.indexOf('<') >= 0) {
                out.append(html, i, close);
                i = close;
                continue;
            }
            String id = "term-" + slug(names.get(0));
            out.append(html, i, dt).append("<dt id=\"").append(id).append("\">");
            for (String name : names) {
                if (!PLAIN_WORDS.contains(name)) {
                    terms.putIfAbsent(name, id);
                }
            }
            i = dt + 4;
        }
        out.append(html, i, html.length());
        return out.toString();
    }

    /** "aqu-sz (avgqu-sz)" names aqu-sz and avgqu-sz; "Q2G, G2I" names both. */
    private static List<String> names(String dtText) {
        List<String> names = new ArrayList<>();
        StringBuilder name = new StringBuilder();
        for (int j = 0; j <= dtText.length(); j++) {
            char c = j < dtText.length() ? dtText.charAt(j) : ',';
            if (c == ',' || c == '(' || c == ')') {
                String n = name.toString().strip();
                if (!n.isEmpty()) {
                    names.add(n);
                }
                name.setLength(0);
            } else {
                name.append(c);
            }
        }
        return names;
    }

    private static String slug(String name) {
        StringBuilder s = new StringBuilder();
        for (char c : name.toLowerCase(Locale.ROOT).toCharArray()) {
            if (Character.isLetterOrDigit(c)) {
                s.append(c);
            } else if (c == '%') {
                s.append("pct-");
            } else if (!s.isEmpty() && s.charAt(s.length() - 1) != '-') {
                s.append('-');
            }
        }
        return s.toString();
    }

    private static String linkFirstUses(String html, Map<String, String> terms) {
        Map<String, String> unlinked = new LinkedHashMap<>(terms);
        StringBuilder out = new StringBuilder(html.length() + 64 * terms.size());
        int i = 0;
        int skipDepth = 0;
        String skipTag = null;
        while (i < html.length()) {
            int lt = html.indexOf('<', i);
            int textEnd = lt < 0 ? html.length() : lt;
            if (skipDepth == 0 && !unlinked.isEmpty() && textEnd > i) {
                linkText(html.substring(i, textEnd), unlinked, out);
            } else {
                out.append(html, i, textEnd);
            }
            if (lt < 0) {
                break;
            }
            int gt = DocumentFinish.tagEnd(html, lt);
            String tag = html.substring(lt, gt);
            out.append(tag);
            i = gt;
            if (tag.startsWith("<!") || tag.startsWith("<?")) {
                continue;
            }
            boolean closing = tag.startsWith("</");
            String name = DocumentFinish.tagName(tag, closing ? 2 : 1);
            boolean selfClosing = tag.endsWith("/>");
            if (skipDepth == 0 && !closing && !selfClosing
                    && (SKIP.contains(name) || tag.contains("id=\"glossary\"") || tag.contains("class=\"headline\""))) {
                skipTag = name;
                skipDepth = 1;
            } else if (skipDepth > 0 && name.equals(skipTag)) {
                skipDepth += closing ? -1 : selfClosing ? 0 : 1;
            }
        }
        return out.toString();
    }

    /** Links, in one text node, the first use of each term not linked yet, earliest first. */
    private static void linkText(String text, Map<String, String> unlinked, StringBuilder out) {
        int from = 0;
        while (!unlinked.isEmpty()) {
            int best = -1;
            String bestTerm = null;
            for (String term : unlinked.keySet()) {
                int at = wordAt(text, term, from);
                if (at >= 0 && (best < 0 || at < best || at == best && term.length() > bestTerm.length())) {
                    best = at;
                    bestTerm = term;
                }
            }
            if (best < 0) {
                break;
            }
            out.append(text, from, best).append("<a class=\"term\" href=\"#").append(unlinked.remove(bestTerm))
                    .append("\">").append(bestTerm).append("</a>");
            from = best + bestTerm.length();
        }
        out.append(text, from, text.length());
    }

    /** Where term occurs as a whole word (not inside r_await, %utilization or a file name). */
    static int wordAt(String text, String term, int from) {
        int at = text.indexOf(term, from);
        while (at >= 0) {
            boolean startOk = at == 0 || !wordChar(text.charAt(at - 1));
            int after = at + term.length();
            boolean endOk = after == text.length() || !wordChar(text.charAt(after))
                    || text.charAt(after) == '.' && (after + 1 == text.length() || !wordChar(text.charAt(after + 1)));
            if (startOk && endOk) {
                return at;
            }
            at = text.indexOf(term, at + 1);
        }
        return -1;
    }

    private static boolean wordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '%' || c == '-' || c == '/' || c == '.';
    }
}
