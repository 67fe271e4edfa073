package dev.ioverdict.report;

import java.util.ArrayList;
import java.util.List;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/**
 * The document's outline as the rendered XHTML shows it, whatever the templates hold: every
 * element with an id whose first child is an h2 is a section, every element with an id under it
 * whose first child is an h3 (a finding, a sub-section) an entry of that section. The table of
 * contents of the HTML and PDF and the PDF's bookmarks are all drawn from it, so they never drift
 * from the headings.
 */
record Outline(List<Entry> sections) {
    /** One heading: its element's id, its text, and the entries under it (sections only). */
    record Entry(String id, String label, List<Entry> children) {
    }

    static Outline of(String xhtml) {
        return of(Xhtml.parse(xhtml));
    }

    static Outline of(Document doc) {
        List<Entry> sections = new ArrayList<>();
        Element root = doc.firstElementChild();
        if (root != null) {
            collect(root, sections);
        }
        return new Outline(List.copyOf(sections));
    }

    private static void collect(Element e, List<Entry> out) {
        for (Element child : e.children()) {
            Element h2 = heading(child, "h2");
            if (h2 != null) {
                List<Entry> entries = new ArrayList<>();
                collectEntries(child, entries);
                out.add(new Entry(child.id(), label(h2), List.copyOf(entries)));
            } else {
                collect(child, out);
            }
        }
    }

    private static void collectEntries(Element e, List<Entry> out) {
        for (Element child : e.children()) {
            Element h3 = heading(child, "h3");
            if (h3 != null) {
                out.add(new Entry(child.id(), label(h3), List.of()));
            } else {
                collectEntries(child, out);
            }
        }
    }

    /** The element's first child element when it is the wanted heading and the element has an id. */
    private static Element heading(Element e, String tag) {
        if (e.id().isEmpty() || e.nameIs("nav")) {
            return null;
        }
        Element first = e.firstElementChild();
        return first != null && first.nameIs(tag) ? first : null;
    }

    /** A heading's words: a severity badge becomes a prefix, a rule id in the heading is left out. */
    private static String label(Element heading) {
        StringBuilder badge = new StringBuilder();
        StringBuilder text = new StringBuilder();
        walk(heading, badge, text);
        String t = squeeze(text.toString());
        String b = squeeze(badge.toString());
        return b.isEmpty() ? t : b + ": " + t;
    }

    private static void walk(Element e, StringBuilder badge, StringBuilder text) {
        for (Node c : e.childNodes()) {
            if (c instanceof Element el) {
                if (el.hasClass("rule-id") || el.hasClass("toc-skip")) {
                    continue;
                }
                if (el.hasClass("badge")) {
                    badge.append(el.wholeText());
                    continue;
                }
                walk(el, badge, text);
            } else if (c instanceof TextNode t) {
                text.append(t.getWholeText());
            }
        }
    }

    private static String squeeze(String s) {
        return s.replaceAll("[\\s\\u00a0]+", " ").strip();
    }

    /** The table of contents: sections, and under each its findings or sub-sections. */
    Element toc() {
        Element nav = new Element("nav").attr("class", "toc").attr("id", "toc").attr("aria-label", "Contents");
        nav.appendElement("div").attr("class", "toc-title").text("Contents");
        Element list = nav.appendElement("ol");
        for (Entry s : sections) {
            Element item = list.appendElement("li");
            link(item, s);
            if (!s.children().isEmpty()) {
                Element sub = item.appendElement("ol");
                s.children().forEach(c -> link(sub.appendElement("li"), c));
            }
        }
        return nav;
    }

    /** openhtmltopdf's bookmarks element (it goes in the head): the PDF's outline. */
    Element bookmarks() {
        Element all = new Element("bookmarks");
        for (Entry s : sections) {
            Element b = bookmark(all, s);
            s.children().forEach(c -> bookmark(b, c));
        }
        return all;
    }

    private static Element bookmark(Element parent, Entry e) {
        return parent.appendElement("bookmark").attr("name", e.label()).attr("href", "#" + e.id());
    }

    private static void link(Element item, Entry e) {
        item.appendElement("a").attr("href", "#" + e.id()).text(e.label());
    }
}
