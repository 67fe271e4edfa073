package dev.ioverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The smaller failures of hostile input, round two, on real captures: --max-depth as the help says
 * it, a refused archive listed once and named as what it is, links in an archive read once, a full
 * temporary folder as exit 5, UTF-16 named with its cure, a UTF-8 byte order mark passed silently.
 */
class HostileSmallerTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path IOSTAT = TestData.bundle("iostat-linux-saturated").resolve("bundle/iostat-x-t.txt");

    @TempDir
    Path tmp;

    @Test
    void threeLevelsOfArchivesInsideTheBundleAreOpenedAsTheHelpSaysAndAFourthIsRefusedOnce() throws Exception {
        Path three = nested(tmp.resolve("three"), 3);
        Cli r = Cli.run("report", three.toString(), "-o", tmp.resolve("r3").toString(), "--format", "json");
        assertEquals(0, r.exitCode(), r.err());
        JsonNode report = JSON.readTree(tmp.resolve("r3/report.json").toFile());
        assertEquals("l1.tgz/l2.tgz/l3.tgz/iostat-x-t.txt", report.path("inputs").get(0).path("path").asText());

        Path four = nested(tmp.resolve("four"), 4);
        Cli refused = Cli.run("report", four.toString(), "-o", tmp.resolve("r4").toString(), "--format", "json");
        assertEquals(ExitCodes.NOTHING_USABLE, refused.exitCode());
        String why = "tar.gz archive 4 level(s) inside the bundle, deeper than --max-depth 3: not opened";
        assertEquals("ioverdict: " + four + ": nothing usable: none of its 1 file(s) is in a format ioverdict reads (e.g. "
                + "l1.tgz/l2.tgz/l3.tgz/l4.tgz: " + why + "); see 'ioverdict inspect'\n", refused.err());
        Cli inspect = Cli.run("inspect", four.toString(), "--json");
        JsonNode inputs = JSON.readTree(inspect.out());
        assertEquals(1, inputs.size(), "the refused archive is listed once: " + inspect.out());
        assertEquals(why, inputs.get(0).path("detectedBecause").asText());
        // --max-depth 4 opens it
        assertEquals(0, Cli.run("report", four.toString(), "-o", tmp.resolve("r4b").toString(), "--format", "json",
                "--max-depth", "4").exitCode());
    }

    /** The real iostat capture in an archive in an archive ... {@code levels} archives deep, made by tar czf. */
    private Path nested(Path dir, int levels) throws Exception {
        Path inner = Files.createDirectories(dir.resolve("l" + levels));
        Files.copy(IOSTAT, inner.resolve("iostat-x-t.txt"));
        for (int level = levels; level >= 1; level--) {
            Path holder = Files.createDirectories(dir.resolve("l" + (level - 1)));
            tar(dir.resolve("l" + level), holder.resolve("l" + level + ".tgz"), ".");
        }
        Path bundle = dir.resolve("bundle.tgz");
        tar(dir.resolve("l0"), bundle, ".");
        return bundle;
    }

    @Test
    void linksInAnArchiveToOneFileAreReadOnceSoTheEvidenceIsNotRepeated() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("links/case"));
        Files.copy(IOSTAT, dir.resolve("iostat-x-t.txt"));
        Files.createSymbolicLink(dir.resolve("iostat-latest.txt"), Path.of("iostat-x-t.txt"));
        Files.createLink(dir.resolve("iostat-copy.txt"), dir.resolve("iostat-x-t.txt"));
        Path bundle = tmp.resolve("links.tgz");
        tar(tmp.resolve("links"), bundle, "case");
        Cli r = Cli.run("report", bundle.toString(), "-o", tmp.resolve("r").toString(), "--format", "json");
        assertEquals(0, r.exitCode(), r.err());
        JsonNode report = JSON.readTree(tmp.resolve("r/report.json").toFile());
        List<String> evidence = new ArrayList<>();
        Set<String> inputs = new HashSet<>();
        for (JsonNode f : report.path("findings")) {
            for (JsonNode e : f.path("evidence")) {
                evidence.add(e.path("text").asText());
                inputs.add(e.path("input").asText());
            }
        }
        assertFalse(evidence.isEmpty());
        assertEquals(new HashSet<>(evidence).size(), evidence.size(), "no line twice: " + evidence);
        assertEquals(1, inputs.size(), inputs.toString());
        List<String> formats = new ArrayList<>();
        report.path("inputs").forEach(i -> formats.add(i.path("path").asText() + " " + i.path("format").asText()));
        assertEquals(1, formats.stream().filter(f -> f.endsWith(" iostat")).count(), formats.toString());
        // the plain capture gives the same evidence
        Cli plain = Cli.run("report", IOSTAT.toString(), "-o", tmp.resolve("p").toString(), "--format", "json");
        assertEquals(0, plain.exitCode(), plain.err());
        List<String> plainEvidence = new ArrayList<>();
        JSON.readTree(tmp.resolve("p/report.json").toFile()).path("findings")
                .forEach(f -> f.path("evidence").forEach(e -> plainEvidence.add(e.path("text").asText())));
        assertEquals(plainEvidence, evidence);
    }

    @Test
    void aTemporaryFolderThatCannotBeWrittenIsExit5NotNothingUsable() throws Exception {
        Path bundle = tmp.resolve("b.tgz");
        Files.createDirectories(tmp.resolve("b"));
        Files.copy(IOSTAT, tmp.resolve("b/iostat-x-t.txt"));
        tar(tmp.resolve("b"), bundle, ".");
        // java.io.tmpdir is read once per JVM: a JVM of its own, whose temporary "folder" is a file
        Path notAFolder = Files.writeString(tmp.resolve("not-a-folder"), "x");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-Djava.io.tmpdir=" + notAFolder, "-Djava.awt.headless=true", "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "report", bundle.toString(), "-o",
                tmp.resolve("r").toString(), "--format", "json")
                .redirectErrorStream(true).redirectOutput(tmp.resolve("out").toFile()).start();
        assertTrue(p.waitFor(2, TimeUnit.MINUTES));
        String out = Files.readString(tmp.resolve("out"));
        assertEquals(ExitCodes.CANNOT_WRITE, p.exitValue(), out);
        assertTrue(out.contains("ioverdict: " + bundle + ": cannot create a temporary folder to extract the archive into ("
                + notAFolder + "): "), out);
    }

    @Test
    void utf16TextIsNamedWithHowToConvertIt() throws Exception {
        String text = Files.readString(IOSTAT);
        for (var charset : List.of(StandardCharsets.UTF_16, StandardCharsets.UTF_16LE)) { // with its BOM, and without
            Path f = Files.write(tmp.resolve("iostat-" + charset.name() + ".txt"), text.getBytes(charset));
            Cli r = Cli.run("report", f.toString(), "-o", tmp.resolve("r").toString(), "--format", "json");
            assertEquals(ExitCodes.NOTHING_USABLE, r.exitCode(), charset.name());
            assertTrue(r.err().contains(": UTF-16 text: convert it with 'iconv -f UTF-16 -t UTF-8 FILE > FILE.txt' "
                    + "(ioverdict reads UTF-8)"), r.err());
            assertFalse(r.err().contains("binary"), r.err());
        }
    }

    @Test
    void aUtf8ByteOrderMarkIsNoPartOfTheFirstLine() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("bom"));
        byte[] bom = {(byte) 0xef, (byte) 0xbb, (byte) 0xbf};
        byte[] body = Files.readAllBytes(IOSTAT);
        byte[] both = new byte[bom.length + body.length];
        System.arraycopy(bom, 0, both, 0, bom.length);
        System.arraycopy(body, 0, both, bom.length, body.length);
        Files.write(dir.resolve("iostat-x-t.txt"), both);
        Cli r = Cli.run("report", dir.toString(), "-o", tmp.resolve("r").toString(), "--format", "json");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        JsonNode input = JSON.readTree(tmp.resolve("r/report.json").toFile()).path("inputs").get(0);
        assertEquals("iostat", input.path("format").asText());
        assertEquals(0, input.path("warnings").size(), input.toString());
        assertEquals(104, input.path("records").asInt(), "every report read, as without the mark");
        assertTrue(input.path("detectedBecause").asText().contains("after a sysstat banner"), input.toString());
    }

    private static void tar(Path dir, Path archive, String what) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder("tar", "czf", archive.toString(), what).directory(dir.toFile())
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            assumeTrue(false, "GNU tar is not installed");
            return;
        }
        assertEquals(0, p.waitFor());
    }
}
