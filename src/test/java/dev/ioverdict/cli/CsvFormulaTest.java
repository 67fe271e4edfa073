package dev.ioverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Device names taken from a bundle's lsblk reach the chart data ({@code --csv}, the HTML's download
 * links): named as spreadsheet formulas, they are written as text, and no cell of any CSV starts a
 * formula, while the figures stay numbers (negative ones too).
 */
class CsvFormulaTest {
    static final String DDE = "@SUM(1+1)*cmd|'/Ccalc'!A0";
    static final String LINK = "=HYPERLINK(\"http://x.example\",\"y\")";

    @Test
    void noCellOfAnyCsvStartsAFormula(@TempDir Path tmp) throws IOException {
        Path bundle = tmp.resolve("bundle");
        Path from = TestData.bundle("perf-device-latency").resolve("bundle");
        Files.createDirectories(bundle);
        try (Stream<Path> s = Files.list(from)) {
            for (Path p : s.toList()) {
                Files.copy(p, bundle.resolve(p.getFileName().toString()));
            }
        }
        // the real lsblk of the capture, its loop0 and vda renamed
        String lsblk = Files.readString(bundle.resolve("lsblk.txt"))
                .replace("\nloop0 ", "\n" + DDE + " ").replace("\nvda   ", "\n" + LINK + " ");
        Files.writeString(bundle.resolve("lsblk.txt"), lsblk);
        Path csv = tmp.resolve("csv");
        Cli r = Cli.run("report", bundle.toString(), "-o", tmp.resolve("out").toString(), "--format", "json",
                "--csv", csv.toString());
        assertTrue(r.exitCode() <= 1, r.err());

        List<String> cells = new ArrayList<>();
        String all = "";
        try (Stream<Path> s = Files.list(csv)) {
            for (Path p : s.sorted().toList()) {
                String text = Files.readString(p, StandardCharsets.UTF_8);
                all += text;
                cells.addAll(cells(text));
            }
        }
        assertTrue(all.contains("\"'" + LINK.replace("\"", "\"\"") + " (254,0, /)\""), "the vda series, as text");
        assertTrue(all.contains("\"'" + DDE + " (7,0, /mnt/blkrules-slow)\""), "the loop0 category, as text");
        int numbers = 0;
        for (String c : cells) {
            if (!c.isEmpty() && "=+-@\t\r".indexOf(c.charAt(0)) >= 0) {
                assertTrue(c.matches("-?[0-9.]+"), "a cell that a spreadsheet would run: " + c);
            }
            numbers += c.matches("-?[0-9.]+") ? 1 : 0;
        }
        assertTrue(numbers > 100, "the figures are written as numbers: " + numbers);
        assertFalse(cells.contains(DDE));
        assertEquals(0, cells.stream().filter(c -> c.startsWith(LINK)).count());
    }

    /** The cells of a CSV as a spreadsheet reads them (RFC 4180: quotes, doubled quotes inside). */
    static List<String> cells(String text) {
        List<String> out = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cell.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',' || c == '\n') {
                out.add(cell.toString());
                cell.setLength(0);
            } else if (c != '\r') {
                cell.append(c);
            }
        }
        return out;
    }
}
