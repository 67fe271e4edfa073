package dev.ioverdict.report;

import java.nio.charset.StandardCharsets;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Entities;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.parser.Parser;
import org.jsoup.parser.Tag;
import org.jsoup.parser.TagSet;

/**
 * The templates' XHTML as a jsoup tree and back: parsed as XML (so the tree is the document the
 * templates wrote, SVG's case kept, nothing moved), written as XML (so openhtmltopdf and XPath
 * read it, and a browser reads it as the same HTML). Style and script hold data, not text: a
 * CSS child selector's {@code >} stays as written.
 */
final class Xhtml {
    private Xhtml() {
    }

    static Document parse(String xhtml) {
        Parser parser = Parser.xmlParser().tagSet(new TagSet().onNewTag(t -> {
            if (t.normalName().equals("style") || t.normalName().equals("script")) {
                t.set(Tag.Data);
            }
        }));
        Document doc = Jsoup.parse(xhtml, "", parser);
        doc.outputSettings().prettyPrint(false).syntax(Document.OutputSettings.Syntax.xml)
                .escapeMode(Entities.EscapeMode.xhtml).charset(StandardCharsets.UTF_8);
        return doc;
    }

    static String write(Document doc) {
        return doc.outerHtml();
    }

    /** Whether the node sits inside an element the test accepts (the node itself included, when an element). */
    static boolean within(Node node, java.util.function.Predicate<Element> test) {
        for (Node n = node; n != null; n = n.parent()) {
            if (n instanceof Element e && !(n instanceof Document) && test.test(e)) {
                return true;
            }
        }
        return false;
    }

    /** The document's text nodes in document order, collected first so that callers may replace them. */
    static java.util.List<TextNode> textNodes(Node root) {
        java.util.List<TextNode> out = new java.util.ArrayList<>();
        root.nodeStream(TextNode.class).forEach(out::add);
        return out;
    }
}
