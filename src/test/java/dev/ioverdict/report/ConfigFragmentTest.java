package dev.ioverdict.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

/** The config section of report.html: well-formed, one row per filesystem, scheduler and device. */
class ConfigFragmentTest {
    @Test
    void recordedBundleRendersItsConfiguration(@TempDir Path tmp) throws Exception {
        Cli r = Cli.run("report", TestData.bundle("config-xfs-loop").resolve("bundle").toString(), "-o", tmp.toString(),
                "--format", "html");
        assertEquals(0, r.exitCode(), r.err());
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        Document doc = f.newDocumentBuilder().parse(tmp.resolve("report.html").toFile());
        XPath x = XPathFactory.newInstance().newXPath();
        String section = "//*[local-name()='section'][@id='config']";
        NodeList tables = (NodeList) x.evaluate(section + "//*[local-name()='table']", doc, XPathConstants.NODESET);
        assertEquals(3, tables.getLength());
        NodeList fs = (NodeList) x.evaluate("(" + section + "//*[local-name()='table'])[1]/*[local-name()='tbody']/*[local-name()='tr']",
                doc, XPathConstants.NODESET);
        assertEquals(4, fs.getLength());
        String redo = fs.item(2).getTextContent().replaceAll("[\\s\\u00a0]+", " ").strip();
        assertTrue(redo.startsWith("/dev/loop1 /mnt/config-redo xfs 1,024 B 512 B xfs_info-all.txt:17"), redo);
        String sched = x.evaluate("(" + section + "//*[local-name()='table'])[2]/*[local-name()='tbody']/*[local-name()='tr'][1]",
                doc).replaceAll("[\\s\\u00a0]+", " ").strip();
        assertTrue(sched.startsWith("loop0 none [none] mq-deadline kyber bfq"), sched);
        String devices = x.evaluate("(" + section + "//*[local-name()='table'])[3]", doc);
        assertTrue(devices.contains("max_sectors_kb=1280"), devices);
    }
}
