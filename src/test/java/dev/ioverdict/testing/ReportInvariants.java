package dev.ioverdict.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ioverdict.model.Invariants;
import dev.ioverdict.report.InvariantGate;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;

/**
 * The invariant checker over every view a report folder holds: report.json's figures and
 * sentences, the visible text of report.html, and the text of report.pdf (pdftotext where
 * poppler is installed, PDFBox otherwise).
 */
public final class ReportInvariants {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ReportInvariants() {
    }

    /** Every broken invariant in the views written to {@code dir}. */
    public static List<Invariants.Violation> of(Path dir) throws IOException, InterruptedException {
        List<Invariants.Violation> out = new ArrayList<>();
        Path json = dir.resolve("report.json");
        if (Files.exists(json)) {
            out.addAll(Invariants.check(JSON.readTree(json.toFile())));
        }
        Path html = dir.resolve("report.html");
        if (Files.exists(html)) {
            out.addAll(Invariants.checkText("report.html",
                    InvariantGate.visibleText(Files.readString(html, StandardCharsets.UTF_8))));
        }
        Path pdf = dir.resolve("report.pdf");
        if (Files.exists(pdf)) {
            out.addAll(Invariants.checkText("report.pdf", pdfText(pdf)));
        }
        return out;
    }

    public static void assertNone(Path dir, String what) throws IOException, InterruptedException {
        assertEquals(List.of(), of(dir), what + ": figures that cannot be true");
    }

    private static String pdfText(Path pdf) throws IOException, InterruptedException {
        if (onPath("pdftotext")) {
            Path txt = Files.createTempFile("report", ".txt");
            try {
                Process p = new ProcessBuilder("pdftotext", "-layout", pdf.toString(), txt.toString())
                        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                if (p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0) {
                    // -layout keeps a table's row on one line; the sentences' line breaks become spaces
                    return Files.readString(txt, StandardCharsets.UTF_8).replaceAll("\\s+", " ");
                }
                p.destroyForcibly();
            } finally {
                Files.deleteIfExists(txt);
            }
        }
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            return new PDFTextStripper().getText(doc).replaceAll("\\s+", " ");
        }
    }

    private static boolean onPath(String tool) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (Files.isExecutable(Path.of(d, tool))) {
                return true;
            }
        }
        return false;
    }
}
