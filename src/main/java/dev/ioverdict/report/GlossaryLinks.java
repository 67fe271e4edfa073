package dev.ioverdict.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/**
 * The first use of each glossary term in the body links to its entry, so a reader who meets "D2C"
 * in a finding gets the explanation one click away (openhtmltopdf turns the same {@code href="#id"}
 * into a PDF link). Works on the finished document tree so that user templates get it too: every
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

    static void link(Document doc) {
        Element glossary = doc.getElementById("glossary");
        if (glossary == null) {
            return;
        }
        Map<String, String> terms = entryIds(glossary);
        if (!terms.isEmpty()) {
            linkFirstUses(doc, terms);
        }
    }

    /** Gives each plain {@code <dt>} of the glossary's list an id and collects the terms it names. */
    private static Map<String, String> entryIds(Element glossary) {
        Map<String, String> terms = new LinkedHashMap<>();
        Element list = glossary.selectFirst("dl");
        if (list == null) {
            return terms;
        }
        for (Element dt : list.select("dt")) {
            List<String> names = names(dt.wholeText());
            if (names.isEmpty() || dt.attributesSize() > 0 || dt.childNodes().stream().anyMatch(n -> !(n instanceof TextNode))) {
                continue;
            }
            String id = "term-" + slug(names.get(0));
            dt.attr("id", id);
            for (String name : names) {
                if (!PLAIN_WORDS.contains(name)) {
                    terms.putIfAbsent(name, id);
                }
            }
        }
        return terms;
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

    private static void linkFirstUses(Document doc, Map<String, String> terms) {
        Map<String, String> unlinked = new LinkedHashMap<>(terms);
        for (TextNode t : Xhtml.textNodes(doc)) {
            if (unlinked.isEmpty()) {
                return;
            }
            if (!Xhtml.within(t, GlossaryLinks::skipped)) {
                linkText(t, unlinked);
            }
        }
    }

    private static boolean skipped(Element e) {
        return SKIP.contains(e.normalName()) || e.id().equals("glossary") || e.attr("class").equals("headline");
    }

    /** Links, in one text node, the first use of each term not linked yet, earliest first. */
    private static void linkText(TextNode node, Map<String, String> unlinked) {
        String text = node.getWholeText();
        List<Node> pieces = new ArrayList<>();
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
            if (best > from) {
                pieces.add(new TextNode(text.substring(from, best)));
            }
            pieces.add(new Element("a").attr("class", "term").attr("href", "#" + unlinked.remove(bestTerm)).text(bestTerm));
            from = best + bestTerm.length();
        }
        if (pieces.isEmpty()) {
            return;
        }
        if (from < text.length()) {
            pieces.add(new TextNode(text.substring(from)));
        }
        Node at = node;
        for (Node piece : pieces) {
            at.after(piece);
            at = piece;
        }
        node.remove();
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
