package dev.ioverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Resume keeps a case only when every report it wrote is still whole: the stamp records each
 * report's size and SHA-256. A report.html cut to 1,000 bytes or an emptied report.pdf is redone;
 * part files a killed run left behind are removed by the next.
 */
class ResumeTrustsNothingTest {
    @TempDir
    Path tmp;

    @Test
    void aCutOrEmptiedReportIsRedoneAndLeftOverPartFilesAreRemoved() throws Exception {
        Path cases = Files.createDirectories(tmp.resolve("cases"));
        for (String c : List.of("a", "b")) {
            Files.createDirectories(cases.resolve(c));
            Files.copy(TestData.bundle("iostat-linux-saturated").resolve("bundle/iostat-x-t.txt"),
                    cases.resolve(c + "/iostat-x-t.txt"));
        }
        Path out = tmp.resolve("out");
        List<String> batch = List.of("batch", cases.toString(), "-o", out.toString(), "--format", "html,pdf,json",
                "--jobs", "1");
        Cli first = Cli.run(batch.toArray(String[]::new));
        assertEquals(0, first.exitCode(), first.out() + first.err());
        long htmlSize = Files.size(out.resolve("a/report.html"));
        long pdfSize = Files.size(out.resolve("b/report.pdf"));
        assertTrue(htmlSize > 1000 && pdfSize > 0);

        Cli unchanged = Cli.run(batch.toArray(String[]::new));
        assertEquals(2, unchanged.out().lines().filter(l -> l.contains("not redone")).count(), unchanged.out());

        // a's HTML cut short, b's PDF emptied, and a killed run's part file left in b
        try (FileChannel ch = FileChannel.open(out.resolve("a/report.html"), StandardOpenOption.WRITE)) {
            ch.truncate(1000);
        }
        Files.write(out.resolve("b/report.pdf"), new byte[0]);
        Path part = Files.writeString(out.resolve("b/.report.pdf.3f9a0c12d4e5b6a7.part"), "%PDF-1.7\n");
        Cli resumed = Cli.run(batch.toArray(String[]::new));
        assertEquals(0, resumed.exitCode(), resumed.out() + resumed.err());
        assertEquals(0, resumed.out().lines().filter(l -> l.contains("not redone")).count(), resumed.out());
        // whole again (a PDF carries its creation time: its size may differ by a digit, not by a cut)
        assertTrue(Math.abs(htmlSize - Files.size(out.resolve("a/report.html"))) < 64, "a's report written whole again");
        assertTrue(Files.readString(out.resolve("a/report.html")).stripTrailing().endsWith("</html>"));
        assertTrue(Math.abs(pdfSize - Files.size(out.resolve("b/report.pdf"))) < 64, "b's report written whole again");
        byte[] pdf = Files.readAllBytes(out.resolve("b/report.pdf"));
        assertTrue(new String(pdf, 0, 5, java.nio.charset.StandardCharsets.US_ASCII).equals("%PDF-")
                && new String(pdf, java.nio.charset.StandardCharsets.ISO_8859_1).stripTrailing().endsWith("%%EOF"));
        assertFalse(Files.exists(part), "the part file of the killed run is gone");

        // the same size but other bytes (an edit) is no whole report either
        byte[] json = Files.readAllBytes(out.resolve("a/report.json"));
        json[json.length / 2] = (byte) (json[json.length / 2] == 'x' ? 'y' : 'x');
        Files.write(out.resolve("a/report.json"), json);
        Cli edited = Cli.run(batch.toArray(String[]::new));
        assertTrue(edited.out().lines().anyMatch(l -> l.contains(" a ") && !l.contains("not redone")), edited.out());
        assertTrue(edited.out().lines().anyMatch(l -> l.contains(" b ") && l.contains("not redone")), edited.out());
        try (var s = Files.list(out.resolve("a"))) {
            assertEquals(List.of(".ioverdict-case.json", "report.html", "report.json", "report.pdf"),
                    s.map(p -> p.getFileName().toString()).sorted().toList(), "nothing else is left in the case's folder");
        }
    }
}
