package dev.ioverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ioverdict.report.ReportWriter;
import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The CLI under hostile names and contents: nothing written outside -o, no raw control character printed. */
@Timeout(120)
class HostileCliTest {
    @TempDir
    Path tmp;

    private Path vmstat() {
        return TestData.bundle("solaris-dnlc-low").resolve("bundle/vmstat-s.txt");
    }

    @Test
    void batchCaseNamesNeverBecomeUnsafePathsOrLinks() throws Exception {
        Path cases = Files.createDirectories(tmp.resolve("in/cases"));
        zip(cases.resolve("...zip"));
        zip(cases.resolve("foo.zip"));
        zip(cases.resolve("foo.tgz.zip"));
        for (String name : List.of("foo", "FOO", "javascript:alert(1);void(0)", "evil\u001b]0;pwned\u0007\nwrote x",
                "con", ".hidden")) {
            Path d = Files.createDirectories(cases.resolve(name));
            Files.copy(vmstat(), d.resolve("vmstat-s.txt"));
        }
        Path out = tmp.resolve("in/out");
        Cli r = Cli.run("batch", cases.toString(), "-o", out.toString(), "--jobs", "2", "--format", "json,html");
        assertEquals(ExitCodes.OK, r.exitCode(), r.out() + r.err());
        try (Stream<Path> s = Files.list(tmp.resolve("in"))) {
            assertEquals(Set.of("cases", "out"), new HashSet<>(s.map(p -> p.getFileName().toString()).toList()),
                    "nothing written beside the output folder");
        }
        JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        Set<String> ids = new HashSet<>();
        for (JsonNode c : summary.path("cases")) {
            String id = c.path("caseId").asText();
            assertTrue(ids.add(id.toLowerCase()), "unique: " + id);
            assertTrue(id.matches("[A-Za-z0-9_][A-Za-z0-9._-]*"), id);
            assertTrue(Files.isRegularFile(out.resolve(id).resolve("report.json")), id);
        }
        assertEquals(9, ids.size(), ids.toString());
        String index = Files.readString(out.resolve("index.html"));
        assertTrue(index.contains("Content-Security-Policy"), "CSP in the index");
        assertFalse(index.contains("href=\"javascript"), index);
        assertTrue(index.contains("href=\"./javascript_alert_1__void_0_/report.html\""), index);
        assertNoRawControls(r.out() + r.err());
        for (String line : r.out().split("\n")) {
            assertFalse(line.startsWith("wrote x"), "a newline in a name forged a line: " + r.out());
        }
    }

    @Test
    void controlCharactersInNamesAndLinesReachNeitherThePdfNorTheTerminal() throws Exception {
        Path b = Files.createDirectories(tmp.resolve("b"));
        Files.copy(vmstat(), b.resolve("vmstat\u001b[31m\u0007.txt"));
        Files.writeString(b.resolve("notes\nwrote x.txt"), "a\u0000b\u001b]0;title\u0007\n");
        Path out = tmp.resolve("out");
        Cli r = Cli.run("report", b.toString(), "-o", out.toString());
        assertTrue(r.exitCode() == ExitCodes.OK || r.exitCode() == ExitCodes.DAMAGED_INPUT, r.out() + r.err());
        assertTrue(Files.size(out.resolve("report.pdf")) > 1000);
        assertTrue(Files.size(out.resolve("report.json")) > 100);
        assertNoRawControls(r.out() + r.err());
        Cli i = Cli.run("inspect", b.toString());
        assertNoRawControls(i.out() + i.err());
        assertTrue(i.out().contains("\\x1b"), i.out());
        assertFalse(i.out().lines().anyMatch(l -> l.startsWith("wrote")), i.out());
    }

    @Test
    void aValidFileBesideABombAndAnEndlessLineIsKept() throws Exception {
        Path b = Files.createDirectories(tmp.resolve("b"));
        Files.copy(vmstat(), b.resolve("vmstat-s.txt"));
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(b.resolve("bomb.gz")))) {
            byte[] zeros = new byte[1 << 20];
            for (int i = 0; i < 200; i++) {
                out.write(zeros);
            }
        }
        try (OutputStream out = Files.newOutputStream(b.resolve("long.txt"))) {
            out.write(Files.readAllBytes(vmstat()));
            byte[] xs = "x".repeat(1 << 20).getBytes(StandardCharsets.US_ASCII);
            for (int i = 0; i < 8; i++) {
                out.write(xs);
            }
            out.write("\n  1318405 system calls\n".getBytes(StandardCharsets.US_ASCII));
        }
        Path out = tmp.resolve("out");
        Cli r = Cli.run("report", b.toString(), "-o", out.toString(), "--format", "json", "--max-line-length", "100000");
        assertEquals(ExitCodes.DAMAGED_INPUT, r.exitCode(), r.out() + r.err());
        JsonNode report = new ObjectMapper().readTree(out.resolve("report.json").toFile());
        String inputs = report.path("inputs").toString();
        assertTrue(inputs.contains("cut to its first 100000"), inputs);
        for (JsonNode in : report.path("inputs")) {
            if (in.path("path").asText().equals("vmstat-s.txt")) {
                assertTrue(in.path("records").asLong() > 0, in.toString());
            }
        }
    }

    @Test
    void aFifoAsBundleIsAUsageErrorAndAFileAsOutputFolderIsExitFive() throws Exception {
        Path pipe = tmp.resolve("pipe");
        if (new ProcessBuilder("mkfifo", pipe.toString()).start().waitFor() == 0) {
            Cli r = Cli.run("report", pipe.toString(), "-o", tmp.resolve("o").toString());
            assertEquals(ExitCodes.USAGE, r.exitCode(), r.err());
            assertTrue(r.err().contains("FIFO"), r.err());
        }
        Path b = Files.createDirectories(tmp.resolve("b"));
        Files.copy(vmstat(), b.resolve("vmstat-s.txt"));
        Path file = Files.writeString(tmp.resolve("afile"), "x");
        Cli r = Cli.run("report", b.toString(), "-o", file.toString(), "--format", "json");
        assertEquals(ExitCodes.CANNOT_WRITE, r.exitCode(), r.err());
        assertTrue(r.err().startsWith("ioverdict: could not write the report into") && r.err().contains("not a folder"),
                r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
    }

    @Test
    void aFailedWriteLeavesTheOldFileAndNoPart() throws Exception {
        Path target = Files.writeString(tmp.resolve("report.html"), "old whole report");
        try {
            ReportWriter.atomically(target, f -> {
                Files.writeString(f, "half a rep");
                throw new IOException("No space left on device");
            });
        } catch (IOException expected) {
            // the disk filled up
        }
        assertEquals("old whole report", Files.readString(target));
        try (Stream<Path> s = Files.list(tmp)) {
            assertEquals(1, s.count());
        }
    }

    private void zip(Path p) throws IOException {
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(p))) {
            z.putNextEntry(new ZipEntry("vmstat-s.txt"));
            z.write(Files.readAllBytes(vmstat()));
        }
    }

    static void assertNoRawControls(String text) {
        for (char c : text.toCharArray()) {
            assertFalse(c < 0x20 && c != '\n' || c == 0x7f || c >= 0x80 && c <= 0x9f,
                    "raw control character " + (int) c + " in: " + text);
        }
    }

    @Test
    void pastTwoHundredInputsTheInventoryListsWhatMattersAndCountsTheRest() throws Exception {
        Path b = Files.createDirectories(tmp.resolve("many"));
        Files.copy(TestData.bundle("iostat-linux-saturated").resolve("bundle/iostat-x-t.txt"), b.resolve("iostat.txt"));
        for (int i = 0; i < 1200; i++) {
            Files.writeString(b.resolve(String.format("note-%04d.txt", i)), "line " + i + "\n");
        }
        Files.writeString(b.resolve("note-bad.txt"), "\u001b]0;title\u0007 not an input\n");
        Path out = tmp.resolve("many-out");
        Cli r = Cli.run("report", b.toString(), "-o", out.toString(), "--format", "html,json");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        String html = Files.readString(out.resolve("report.html"));
        assertTrue(html.contains("<code>iostat.txt</code>"), "the recognised file is listed");
        assertTrue(html.contains("1,002 more files, not listed one by one"), "the rest counted");
        long listed = html.split("<code>note-", -1).length - 1;
        assertEquals(199, listed, "200 files listed one by one");
        JsonNode json = new ObjectMapper().readTree(out.resolve("report.json").toFile());
        assertEquals(1202, json.path("inputs").size(), "report.json keeps every input");
        assertTrue(html.length() < 400_000, "a page of reasonable size: " + html.length());
    }
}
