package dev.ioverdict.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

/** The syscalls section of the HTML report, read back as XML: its tables carry the seed's figures. */
class SyscallsFragmentTest {
    @TempDir
    Path tmp;

    @Test
    void seed001SectionShowsTheAioViewAlignmentAndSleepStacks() throws Exception {
        Cli r = Cli.run("report", TestData.bundle("seed-001-linuxki").resolve("bundle").toString(), "-o", tmp.toString(),
                "--format", "html");
        assertEquals(0, r.exitCode(), r.err());
        var f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        Document doc = f.newDocumentBuilder().parse(Files.newInputStream(tmp.resolve("report.html")));
        var xp = XPathFactory.newInstance().newXPath();
        NodeList tables = (NodeList) xp.evaluate("//*[@id='syscalls']//*[local-name()='table']", doc, XPathConstants.NODESET);
        assertEquals(4, tables.getLength());
        String aio = tables.item(0).getTextContent().replace('\u00a0', ' '); // figures keep their units with a no-break space
        assertTrue(aio.contains("ora_lgwr_PROD1") && aio.contains("2.53 ms") && aio.contains("69.9%"), aio);
        String alignment = tables.item(2).getTextContent();
        assertTrue(alignment.contains("fd 277 (pid 6108)") && alignment.contains("2K: 1"), alignment);
        String stacks = tables.item(3).getTextContent();
        assertTrue(stacks.contains("inode_dio_wait \u2190 xfs_file_dio_aio_write"), stacks);
    }
}
