package dev.ioverdict.report.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import dev.ioverdict.pipeline.Progress;
import dev.ioverdict.pipeline.CaseReader;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.bundle.BundleReader;
import dev.ioverdict.pipeline.CaseCompiler;
import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

class IostatChartsTest {
    private static List<Chart> charts(String bundle) throws Exception {
        try (var b = BundleReader.open(TestData.bundle(bundle).resolve("bundle"))) {
            CaseData data = CaseReader.read(b, null, Progress.NONE);
            return new IostatCharts().charts(data);
        }
    }

    @Test
    void busiestDevicesFirstIdleOnesLeftOutAndSaid() throws Exception {
        List<Chart> cs = charts("iostat-linux-saturated");
        assertEquals(List.of("loop0 (iostat-x-t.txt)", "vda (iostat-x-t.txt)"), cs.stream().map(Chart::title).toList());
        assertTrue(cs.get(0).caption().contains("2 of 4 devices charted, busiest first; 2 idle."), cs.get(0).caption());
        assertTrue(cs.get(0).svg().startsWith("<svg viewBox=\"0 0 760 260\""));
        assertEquals(cs.get(0).svg(), charts("iostat-linux-saturated").get(0).svg(), "same input, same SVG");
    }

    @Test
    void atMostSixDevicesAndNoneForSingleReports() throws Exception {
        List<Chart> cs = charts("iostat-sysstat-old-rhel6");
        assertEquals(IostatCharts.MAX_DEVICES, cs.size());
        assertEquals("sda (iostat-x-t.txt)", cs.get(0).title());
        assertTrue(cs.get(0).caption().contains("6 of 11 devices charted, busiest first; 5 more not charted (at most 6)."));
        assertTrue(charts("iostat-solaris-seed003").isEmpty());
    }

    @Test
    void sectionIsWellFormedWithATablePerBusyDevice(@TempDir Path tmp) throws Exception {
        Cli r = Cli.run("report", TestData.bundle("iostat-linux-saturated").resolve("bundle").toString(),
                "-o", tmp.toString(), "--format", "html");
        assertEquals(0, r.exitCode(), r.err());
        var f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        Document doc = f.newDocumentBuilder().parse(Files.newInputStream(tmp.resolve("report.html")));
        var xpath = XPathFactory.newInstance().newXPath();
        NodeList devices = (NodeList) xpath.evaluate("//*[@id='iostat']//*[@class='iostat-title']/*[1]", doc,
                XPathConstants.NODESET);
        assertEquals(2, devices.getLength(), "loop0 and vda; loop1 and loop2 are idle");
        assertEquals("loop0", devices.item(0).getTextContent());
        assertEquals("70.37", xpath.evaluate("(//*[@id='iostat']//table)[1]/tbody/tr[2]/td[6]", doc));
        assertEquals("130.04", xpath.evaluate("(//*[@id='iostat']//table)[1]/tbody/tr[3]/td[6]", doc), "since boot");
        assertEquals(2.0, (Double) xpath.evaluate("count(//*[@id='iostat']//figure)", doc, XPathConstants.NUMBER));
    }
}
