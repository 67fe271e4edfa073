package dev.ioverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ioverdict.report.RedactionKey;
import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDOutlineItem;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * report --redact on the real sosreport of testdata/sosreport-sar-saturated with the customer's
 * names planted where a customer's capture carries them: the host in hostname, uname, the sar
 * header and the sosreport's folder, a backing file under a home folder, lsblk -J's serials and
 * WWNs (from compare-device-renamed), and a syslog of I/O errors with the host and an iSCSI
 * portal's address. Not one of them may be left in report.json, report.html, the PDF's text, its
 * metadata or the chart CSVs.
 */
class RedactTest {
    private static final String HOST = "db01.acme-prod.example";
    private static final String SOS = "sosreport-vm-2026-11-24-qkzvbnr";

    /** original -> whether it must also be absent as part of a longer word (long, distinctive names). */
    private static final Map<String, Boolean> ORIGINALS = new LinkedHashMap<>();

    static {
        ORIGINALS.put(HOST, true);
        ORIGINALS.put("db01", false);
        ORIGINALS.put("jsmith", false);
        ORIGINALS.put("/home/jsmith", true);
        ORIGINALS.put("S3Z9NB0K123456", true);
        ORIGINALS.put("ZA1B2C3D", true);
        ORIGINALS.put("0x5002538e40a1f0c2", true);
        ORIGINALS.put("5002538e40a1f0c2", true);
        ORIGINALS.put("5000c500a1b2c3d4", true);
        ORIGINALS.put("10.20.30.40", true);
        ORIGINALS.put("fe80::5054:ff:fe12:3456", true);
    }

    @BeforeAll
    static void key() {
        System.setProperty(RedactionKey.PROPERTY, "redact-test-key");
    }

    static Path plantedBundle(Path tmp) throws IOException {
        Path src = TestData.bundle("sosreport-sar-saturated").resolve("bundle");
        Path dst = tmp.resolve("cases").resolve("db01-capture");
        try (Stream<Path> files = Files.walk(src)) {
            for (Path p : files.toList()) {
                Path to = dst.resolve(src.relativize(p).toString().replace(SOS, "sosreport-db01-2026-11-24-qkzvbnr"));
                if (Files.isDirectory(p)) {
                    Files.createDirectories(to);
                } else {
                    String text = Files.readString(p, StandardCharsets.ISO_8859_1)
                            .replace("/tmp/iocap/slowdev/sos-sat", "/home/jsmith/images")
                            .replace("Linux vm ", "Linux " + HOST + " ")
                            .replace("(vm)", "(" + HOST + ")");
                    if (p.getFileName().toString().equals("hostname")) {
                        text = HOST + "\n";
                    }
                    Files.writeString(to, text, StandardCharsets.ISO_8859_1);
                }
            }
        }
        Path sos = dst.resolve("sosreport-db01-2026-11-24-qkzvbnr");
        Files.copy(TestData.bundle("compare-device-renamed").resolve("before").resolve("lsblk.json"),
                sos.resolve("sos_commands/block/lsblk_-J"));
        Files.createDirectories(sos.resolve("var/log"));
        Files.writeString(sos.resolve("var/log/messages"), String.join("\n",
                "Nov 24 02:59:50 db01 kernel: [  310.101010] blk_update_request: I/O error, dev vda, sector 2048 op 0x1:(WRITE) flags 0x800 phys_seg 1 prio class 0",
                "Nov 24 02:59:50 db01 kernel: [  310.101020] Buffer I/O error on dev vda, logical block 256, lost async page write",
                "Nov 24 02:59:51 db01 kernel: [  311.202020] connection1:0: detected conn error (1020) to 10.20.30.40:3260, ping timeout",
                "Nov 24 02:59:51 db01 kernel: [  311.303030] sd 2:0:0:0: [vda] tag#12 FAILED Result: hostbyte=DID_TRANSPORT_DISRUPTED driverbyte=DRIVER_OK (portal 10.20.30.40, fe80::5054:ff:fe12:3456)",
                "Nov 24 02:59:52 db01 kernel: [  312.404040] blk_update_request: I/O error, dev vda, sector 4096 op 0x1:(WRITE) flags 0x800 phys_seg 1 prio class 0",
                ""));
        return dst;
    }

    @Test
    void noOriginalIsLeftInAnyOutputFile(@TempDir Path tmp) throws Exception {
        Path bundle = plantedBundle(tmp);
        Path out = tmp.resolve("out");
        Cli r = Cli.run("report", bundle.toString(), "-o", out.toString(), "--redact", "--csv", out.resolve("csv").toString(),
                "--customer", "ACME", "--ref", "CASE-1234", "--analyst", "A. Analyst");
        assertTrue(r.exitCode() <= 1, r.err());

        // the plain report names them: the planted names do reach the outputs
        Path plain = tmp.resolve("plain");
        assertTrue(Cli.run("report", bundle.toString(), "-o", plain.toString(), "--format", "json").exitCode() <= 1);
        String plainJson = Files.readString(plain.resolve("report.json"));
        for (String shown : List.of(HOST, "jsmith", "S3Z9NB0K123456", "0x5002538e40a1f0c2", "10.20.30.40")) {
            assertTrue(plainJson.contains(shown), shown + " is in the plain report (else this test proves nothing)");
        }

        Map<String, String> texts = new LinkedHashMap<>();
        texts.put("report.json", Files.readString(out.resolve("report.json")));
        texts.put("report.html", Files.readString(out.resolve("report.html")));
        try (PDDocument pdf = Loader.loadPDF(out.resolve("report.pdf").toFile())) {
            texts.put("report.pdf text", new PDFTextStripper().getText(pdf));
            PDDocumentInformation info = pdf.getDocumentInformation();
            texts.put("report.pdf info", info.getTitle() + "\n" + info.getSubject() + "\n" + info.getKeywords() + "\n"
                    + info.getAuthor());
            texts.put("report.pdf XMP", new String(pdf.getDocumentCatalog().getMetadata().toByteArray(),
                    StandardCharsets.UTF_8));
            texts.put("report.pdf attached report.json", new String(pdf.getDocumentCatalog().getNames().getEmbeddedFiles()
                    .getNames().get("report.json").getEmbeddedFile().toByteArray(), StandardCharsets.UTF_8));
            StringBuilder bookmarks = new StringBuilder();
            ArrayDeque<PDOutlineItem> items = new ArrayDeque<>();
            pdf.getDocumentCatalog().getDocumentOutline().children().forEach(items::add);
            while (!items.isEmpty()) {
                PDOutlineItem item = items.pop();
                bookmarks.append(item.getTitle()).append('\n');
                item.children().forEach(items::add);
            }
            texts.put("report.pdf bookmarks", bookmarks.toString());
        }
        try (Stream<Path> csv = Files.list(out.resolve("csv"))) {
            for (Path p : csv.toList()) {
                texts.put("csv " + p.getFileName(), p.getFileName() + "\n" + Files.readString(p));
            }
        }
        List<String> leaks = new ArrayList<>();
        ORIGINALS.forEach((original, anywhere) -> {
            Pattern p = Pattern.compile((anywhere ? "" : "(?<![A-Za-z0-9_])") + Pattern.quote(original)
                    + (anywhere ? "" : "(?![A-Za-z0-9_])"), Pattern.CASE_INSENSITIVE);
            texts.forEach((file, text) -> {
                if (p.matcher(text).find()) {
                    leaks.add(original + " in " + file);
                }
            });
        });
        assertEquals(List.of(), leaks);

        JsonNode rep = new ObjectMapper().readTree(texts.get("report.json"));
        JsonNode redaction = rep.path("redaction");
        List<String> kinds = new ArrayList<>();
        redaction.path("kinds").forEach(k -> kinds.add(k.path("kind").asText()));
        assertTrue(kinds.containsAll(List.of("host", "user", "path", "serial", "wwid", "ip")), kinds.toString());
        String hostPseudonym = rep.path("case").path("host").path("hostname").asText();
        assertTrue(hostPseudonym.matches("host-[0-9a-f]{6}"), hostPseudonym);
        assertTrue(redaction.toString().contains(hostPseudonym));
        // the pseudonym is the same in every view
        assertTrue(texts.get("report.html").contains(hostPseudonym));
        assertTrue(texts.get("report.pdf text").contains(hostPseudonym));
        // the masthead names the bundle by its own name, not the analyst's path to it
        assertEquals("db01-capture", rep.path("case").path("bundle").asText().toLowerCase(Locale.ROOT).replaceAll(
                "host-[0-9a-f]{6}", "db01"));
    }

    @Test
    void compareReplacesTheSameNamesWithTheSamePseudonymsAsTheReport(@TempDir Path tmp) throws Exception {
        Path pair = TestData.bundle("compare-device-renamed");
        Path cmp = tmp.resolve("cmp");
        Cli c = Cli.run("compare", pair.resolve("before").toString(), pair.resolve("after").toString(), "-o", cmp.toString(),
                "--redact");
        assertTrue(c.exitCode() <= 1, c.err());
        Path rep = tmp.resolve("rep");
        assertTrue(Cli.run("report", pair.resolve("before").toString(), "-o", rep.toString(), "--redact", "--format", "json")
                .exitCode() <= 1);
        Map<String, String> texts = new LinkedHashMap<>();
        texts.put("compare.json", Files.readString(cmp.resolve("compare.json")));
        texts.put("compare.html", Files.readString(cmp.resolve("compare.html")));
        try (PDDocument pdf = Loader.loadPDF(cmp.resolve("compare.pdf").toFile())) {
            texts.put("compare.pdf", new PDFTextStripper().getText(pdf));
        }
        for (String original : List.of("S3Z9NB0K123456", "ZA1B2C3D", "5002538e40a1f0c2", "5000c500a1b2c3d4")) {
            texts.forEach((file, text) -> assertFalse(text.toLowerCase(Locale.ROOT).contains(original.toLowerCase(Locale.ROOT)),
                    original + " in " + file));
        }
        ObjectMapper m = new ObjectMapper();
        JsonNode report = m.readTree(rep.resolve("report.json").toFile());
        JsonNode compare = m.readTree(texts.get("compare.json"));
        assertTrue(report.path("config").findValue("serial").asText().matches("serial-[0-9a-f]{6}"));
        // the disk compare matched by its WWN (0x5000c500a1b2c3d4: sdc before, sdf after) under the report's pseudonym
        String wwn = report.path("config").findValues("wwn").stream().map(JsonNode::asText).filter(
                w -> compare.path("devices").get(0).path("note").asText().contains(w)).findFirst().orElse("none");
        assertTrue(wwn.matches("wwid-[0-9a-f]{6}"), compare.path("devices").toString());
        assertTrue(compare.path("redaction").toString().contains(wwn));
        assertEquals(report.path("redaction").path("key"), compare.path("redaction").path("key"));
    }

    @Test
    void theSameNameGetsTheSamePseudonymInEveryReport(@TempDir Path tmp) throws Exception {
        Path bundle = plantedBundle(tmp);
        Path one = tmp.resolve("one");
        Path two = tmp.resolve("two");
        assertTrue(Cli.run("report", bundle.toString(), "-o", one.toString(), "--redact", "--format", "json").exitCode() <= 1);
        assertTrue(Cli.run("report", bundle.toString(), "-o", two.toString(), "--redact", "--format", "json",
                "--from", "0").exitCode() <= 1);
        ObjectMapper m = new ObjectMapper();
        JsonNode a = m.readTree(one.resolve("report.json").toFile());
        JsonNode b = m.readTree(two.resolve("report.json").toFile());
        assertEquals(a.path("case").path("host"), b.path("case").path("host"));
        assertEquals(a.path("redaction").path("key"), b.path("redaction").path("key"));
        assertFalse(a.path("redaction").path("kinds").isEmpty());
    }
}
