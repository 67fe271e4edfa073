package dev.ioverdict.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * report.html as a page: no sideways scrolling of the page at 1280 px nor at 390 px (wide tables
 * and evidence scroll in their own box), the sorting script allowed by the page's policy and at
 * work, a table of contents, and each chart's CSV in the page equal to what --csv writes.
 * Measured in headless Chromium through a frame around the report; skipped without chromium.
 */
class HtmlLayoutTest {
    private static final List<String> CASES = List.of("xfs-unaligned-512b", "seed-000-blkparse",
            "seed-002-btt-scheduler", "iostat-solaris-seed003", "perf-healthy", "seed-001-linuxki");
    private static final Pattern MEASURED = Pattern.compile("data-measured=\"(\\d+) (\\d+) (\\d+)\"");

    @TempDir
    Path tmp;

    @TestFactory
    Stream<DynamicTest> noSidewaysScrollingAt1280And390Px() {
        Assumptions.assumeTrue(BrowserAndPdfRenderTest.onPath("chromium"), "chromium not installed");
        return CASES.stream().map(name -> DynamicTest.dynamicTest(name, () -> {
            Path out = tmp.resolve(name);
            Cli r = Cli.run("report", TestData.root().resolve("testdata/" + name + "/bundle").toString(),
                    "-o", out.toString(), "--format", "html");
            assertTrue(r.exitCode() <= 1 || r.exitCode() == 4, r.err());
            for (int width : new int[] {1280, 390}) {
                int[] m = measure(out.resolve("report.html"), width);
                assertTrue(m[0] <= m[1], name + " at " + width + " px: the page is " + m[0] + " px wide in a "
                        + m[1] + " px window");
                assertTrue(m[2] > 0, name + ": the sorting script did not run");
            }
        }));
    }

    @Test
    void chartDataInThePageIsWhatCsvWrites() throws Exception {
        Path out = tmp.resolve("csv-case");
        Path csv = tmp.resolve("csv");
        Cli r = Cli.run("report", TestData.root().resolve("testdata/xfs-unaligned-512b/bundle").toString(),
                "-o", out.toString(), "--format", "html", "--csv", csv.toString());
        assertEquals(0, r.exitCode(), r.err());
        String html = Files.readString(out.resolve("report.html"));
        Matcher links = Pattern.compile("href=\"data:text/csv;charset=utf-8;base64,([A-Za-z0-9+/=]+)\"\\s+download=\"([^\"]+)\"")
                .matcher(html);
        Map<String, String> inPage = new TreeMap<>();
        while (links.find()) {
            inPage.put(links.group(2), new String(Base64.getDecoder().decode(links.group(1)), StandardCharsets.UTF_8));
        }
        Map<String, String> written = new TreeMap<>();
        try (Stream<Path> files = Files.list(csv)) {
            for (Path p : files.toList()) {
                written.put(p.getFileName().toString(), Files.readString(p));
            }
        }
        assertTrue(inPage.size() >= 5, "charts with data links: " + inPage.keySet());
        assertEquals(inPage, written);
        assertTrue(r.out().contains("wrote " + csv.resolve("block-latency.csv")), r.out());
        assertTrue(written.get("block-latency.csv").startsWith("series,latency (ms),"), written.get("block-latency.csv"));
        assertTrue(html.contains("<nav class=\"toc\" id=\"toc\""), "table of contents");
    }

    /** {scrollWidth, clientWidth, sortable headers} of the report in a frame of the given width. */
    private int[] measure(Path report, int width) throws Exception {
        Path frame = report.resolveSibling("frame-" + width + ".html");
        Files.writeString(frame, "<!DOCTYPE html><html><body style=\"margin:0\"><iframe id=\"f\" src=\""
                + report.getFileName() + "\" style=\"border:0;width:" + width + "px;height:900px\"></iframe><script>"
                + "window.addEventListener('load',function(){var d=document.getElementById('f').contentDocument;"
                + "document.body.setAttribute('data-measured',d.documentElement.scrollWidth+' '+d.documentElement.clientWidth"
                + "+' '+d.querySelectorAll('th.sortable').length);});</script></body></html>");
        Path profile = Files.createTempDirectory(tmp, "chromium");
        Path dump = Files.createTempFile(tmp, "dom", ".html");
        Process p = new ProcessBuilder("chromium", "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync",
                "--allow-file-access-from-files", "--user-data-dir=" + profile, "--window-size=" + (width + 40) + ",1000",
                "--virtual-time-budget=5000", "--dump-dom", frame.toUri().toString())
                .redirectOutput(dump.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("chromium timed out");
        }
        Matcher m = MEASURED.matcher(Files.readString(dump));
        assertTrue(m.find(), "no measurement in the dumped page");
        return new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3))};
    }
}
