package dev.ioverdict.report;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

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
        Document doc = parse(xhtml);
        List<Entry> sections = new ArrayList<>();
        collect(doc.getDocumentElement(), sections);
        return new Outline(List.copyOf(sections));
    }

    private static void collect(Element e, List<Entry> out) {
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element child) {
                Element h2 = heading(child, "h2");
                if (h2 != null) {
                    List<Entry> entries = new ArrayList<>();
                    collectEntries(child, entries);
                    out.add(new Entry(child.getAttribute("id"), label(h2), List.copyOf(entries)));
                } else {
                    collect(child, out);
                }
            }
        }
    }

    private static void collectEntries(Element e, List<Entry> out) {
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element child) {
                Element h3 = heading(child, "h3");
                if (h3 != null) {
                    out.add(new Entry(child.getAttribute("id"), label(h3), List.of()));
                } else {
                    collectEntries(child, out);
                }
            }
        }
    }

    /** The element's first child element when it is the wanted heading and the element has an id. */
    private static Element heading(Element e, String tag) {
        if (e.getAttribute("id").isEmpty() || "nav".equals(e.getTagName())) {
            return null;
        }
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element first) {
                return tag.equals(first.getTagName()) ? first : null;
            }
        }
        return null;
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

    private static void walk(Node n, StringBuilder badge, StringBuilder text) {
        for (Node c = n.getFirstChild(); c != null; c = c.getNextSibling()) {
            if (c instanceof Element el) {
                String cls = " " + el.getAttribute("class") + " ";
                if (cls.contains(" rule-id ") || cls.contains(" toc-skip ")) {
                    continue;
                }
                if (cls.contains(" badge ")) {
                    badge.append(el.getTextContent());
                    continue;
                }
                walk(el, badge, text);
            } else if (c.getNodeType() == Node.TEXT_NODE || c.getNodeType() == Node.CDATA_SECTION_NODE) {
                text.append(c.getNodeValue());
            }
        }
    }

    private static String squeeze(String s) {
        return s.replaceAll("[\\s\\u00a0]+", " ").strip();
    }

    /** The table of contents as an XHTML nav: sections, and under each its findings or sub-sections. */
    String tocHtml() {
        StringBuilder sb = new StringBuilder("<nav class=\"toc\" id=\"toc\" aria-label=\"Contents\"><div class=\"toc-title\">Contents</div><ol>");
        for (Entry s : sections) {
            sb.append("<li>").append(link(s));
            if (!s.children().isEmpty()) {
                sb.append("<ol>");
                s.children().forEach(c -> sb.append("<li>").append(link(c)).append("</li>"));
                sb.append("</ol>");
            }
            sb.append("</li>");
        }
        return sb.append("</ol></nav>").toString();
    }

    /** openhtmltopdf's bookmarks element (it goes in the head): the PDF's outline. */
    String bookmarksXml() {
        StringBuilder sb = new StringBuilder("<bookmarks>");
        for (Entry s : sections) {
            sb.append("<bookmark name=\"").append(attr(s.label())).append("\" href=\"#").append(attr(s.id())).append("\">");
            s.children().forEach(c -> sb.append("<bookmark name=\"").append(attr(c.label())).append("\" href=\"#")
                    .append(attr(c.id())).append("\"></bookmark>"));
            sb.append("</bookmark>");
        }
        return sb.append("</bookmarks>").toString();
    }

    private static String link(Entry e) {
        return "<a href=\"#" + attr(e.id()) + "\">" + text(e.label()) + "</a>";
    }

    private static String text(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    private static String attr(String s) {
        return text(s).replace("\"", "&quot;");
    }

    private static Document parse(String xhtml) {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(false);
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            f.setExpandEntityReferences(false);
            var builder = f.newDocumentBuilder();
            builder.setErrorHandler(null);
            return builder.parse(new InputSource(new StringReader(xhtml)));
        } catch (ParserConfigurationException | SAXException | IOException e) {
            throw new IllegalStateException("the report's XHTML is not well-formed: " + e.getMessage(), e);
        }
    }
}
