package dev.ioverdict.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

/** The rendered views of every testdata case: standalone, well-formed, complete (GoldenReportsTest pins what they say). */
class ReportOutputTest {
    @TempDir
    Path tmp;

    static List<Path> cases() throws Exception {
        try (Stream<Path> s = Files.list(TestData.root().resolve("testdata"))) {
            return s.filter(p -> Files.isDirectory(p.resolve("bundle"))).sorted().toList();
        }
    }

    @TestFactory
    Stream<DynamicTest> htmlIsWellFormedStandaloneAndShowsEveryFinding() throws Exception {
        return cases().stream().map(c -> DynamicTest.dynamicTest(c.getFileName().toString(), () -> {
            Path out = tmp.resolve(c.getFileName().toString());
            Cli r = Cli.run("report", c.resolve("bundle").toString(), "-o", out.toString(), "--format", "json,html");
            assertTrue(r.exitCode() <= 1 || r.exitCode() == 4, r.err());
            String html = Files.readString(out.resolve("report.html"));
            Document doc = parse(html);
            var xp = XPathFactory.newInstance().newXPath();
            // No attribute may point anywhere: everything is inline.
            NodeList refs = (NodeList) xp.evaluate("//*[@src or @href or @xlink:href]".replace("@xlink:href",
                    "@*[local-name()='href']"), doc, XPathConstants.NODESET);
            List<String> external = new ArrayList<>();
            for (int i = 0; i < refs.getLength(); i++) {
                var attrs = refs.item(i).getAttributes();
                for (int j = 0; j < attrs.getLength(); j++) {
                    String name = attrs.item(j).getLocalName() == null ? attrs.item(j).getNodeName() : attrs.item(j).getLocalName();
                    String v = attrs.item(j).getNodeValue();
                    if ((name.equals("src") || name.equals("href")) && !v.startsWith("#") && !v.startsWith("data:")) {
                        external.add(name + "=" + v);
                    }
                }
            }
            assertEquals(List.of(), external);
            assertTrue(!html.contains("@import") && !html.contains("url(http"), "no remote CSS");
            var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(out.resolve("report.json").toFile());
            Number shown = (Number) xp.evaluate("count(//*[contains(concat(' ', @class, ' '), ' finding ')])", doc,
                    XPathConstants.NUMBER);
            assertEquals(json.path("findings").size(), shown.intValue(), "every finding has a card");
            Number inputs = (Number) xp.evaluate("count(//*[local-name()='section'][@id='inputs']//*[local-name()='tbody']/*[local-name()='tr']"
                    + "[not(contains(@class,'warnings-row'))])",
                    doc, XPathConstants.NUMBER);
            assertEquals(json.path("inputs").size(), inputs.intValue(), "every input is listed");
        }));
    }

    @Test
    void pdfIsWrittenWithPages() throws Exception {
        Path out = tmp.resolve("pdf");
        Cli r = Cli.run("report", TestData.bundle("solaris-dnlc-low").resolve("bundle").toString(), "-o", out.toString(),
                "--format", "pdf");
        assertEquals(0, r.exitCode(), r.err());
        byte[] pdf = Files.readAllBytes(out.resolve("report.pdf"));
        assertTrue(new String(pdf, 0, 5, java.nio.charset.StandardCharsets.US_ASCII).equals("%PDF-"));
        assertTrue(pdf.length > 5000);
    }

    @Test
    void userTemplatesOverrideBuiltInOnesFileByFile() throws Exception {
        Path templates = Files.createDirectories(tmp.resolve("tpl/fragments"));
        Files.writeString(templates.resolve("style.html"), """
                <!DOCTYPE html><html xmlns:th="http://www.thymeleaf.org"><head>
                <style th:fragment="style">body { background: #abcdef; }</style></head><body></body></html>
                """);
        Path out = tmp.resolve("custom");
        Cli r = Cli.run("report", TestData.bundle("solaris-dnlc-low").resolve("bundle").toString(), "-o", out.toString(),
                "--format", "html", "--templates", tmp.resolve("tpl").toString());
        assertEquals(0, r.exitCode(), r.err());
        String html = Files.readString(out.resolve("report.html"));
        assertTrue(html.contains("#abcdef"), "user fragment used");
        assertTrue(html.contains("name-cache"), "built-in report template still used");
    }

    static Document parse(String html) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        return f.newDocumentBuilder().parse(new java.io.ByteArrayInputStream(html.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }
}
