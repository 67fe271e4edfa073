package dev.ioverdict.parse.iostat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.parse.text.Tokens;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link SarRow} against the reading it stands in for (round four's: the words cut into spans,
 * then each value read from its span, {@link SysstatNumbers#human}), on every line of the sar
 * files of testdata and on rows with each character replaced.
 */
class SarRowTest {
    private static final List<Path> FILES = IostatFiles.SAR_TEXT;

    /** Round four's row reader: null when not a row, else the values; {@code at} as {@link SarRow#at}. */
    private static double[] byWords(String line, double[] scales, boolean devLast, int[] at) {
        Tokens t = new Tokens().of(line);
        int k = SarFormat.timeTokens(t, line);
        int count = scales.length;
        if (k == 0 || t.count() != k + 1 + count || t.is(k, "COM") || line.contains("LINUX RESTART")) {
            return null;
        }
        int first = devLast ? k : k + 1;
        double[] values = new double[count];
        for (int i = 0; i < count; i++) {
            values[i] = SysstatNumbers.human(line, t.start(first + i), t.end(first + i), scales[i]);
            if (Double.isNaN(values[i])) {
                return null;
            }
        }
        int d = devLast ? t.count() - 1 : k;
        at[0] = t.start(0);
        at[1] = t.end(0);
        at[2] = k == 2 ? t.start(1) : -1;
        at[3] = k == 2 ? t.end(1) : -1;
        at[4] = t.start(d);
        at[5] = t.end(d);
        return values;
    }

    private static int compare(String line, double[] scales, boolean devLast) {
        int[] expectedAt = new int[6];
        double[] expected = byWords(line, scales, devLast, expectedAt);
        SarRow row = new SarRow();
        double[] actual = row.read(line, scales, devLast);
        if (expected == null) {
            assertNull(actual, line);
            return 0;
        }
        assertArrayEquals(expected, actual, 0.0, line); // bit for bit: the same rounding
        assertArrayEquals(expectedAt, row.at, line);
        return 1;
    }

    @Test
    void everyLineOfTheSarFilesReadsAsBefore() throws IOException {
        int rows = 0;
        int headers = 0;
        for (Path f : FILES) {
            double[] scales = null;
            boolean devLast = false;
            for (String line : Files.readAllLines(f, StandardCharsets.ISO_8859_1)) {
                List<String> words = Tokens.split(line);
                int dev = SarFormat.devHeader(words);
                if (dev >= 0) {
                    headers++;
                    int k = SarFormat.timeTokens(words);
                    devLast = dev == words.size() - 1;
                    List<String> names = devLast ? words.subList(k, dev) : words.subList(dev + 1, words.size());
                    scales = names.stream().mapToDouble(SysstatNumbers::kBScale).toArray();
                    continue;
                }
                if (scales != null) {
                    rows += compare(line, scales, devLast);
                    compare(line, scales, !devLast); // the other layout's reading too
                }
            }
        }
        assertTrue(headers >= FILES.size(), "headers " + headers);
        assertTrue(rows > 200, "rows " + rows);
    }

    @Test
    void rowsWithACharacterReplacedReadAsBefore() {
        List<String> rows = List.of(
                "00:00:01       107.92      0.00    609.90    198.02      7.49      0.11      0.69      4.36 sdb",
                "11:59:59 PM     sda      9.00      1.2M      0.0k      0.00      4.00      0.60     66.00     10.0%",
                "12:00:01 AM       COM      1.00      2.00      3.00      4.00      5.00      6.00      7.00      8.00",
                "12:00:01 AM       LINUX RESTART\t(2 CPU)",
                "12:00:01 AM       LINUX RESTART 1 2 3 4 5 6 7", // the words of a row, one of them no number
                "08:10:01 dev8-0 -1.5 +2,25 12345678901234567890123 0.00 4.00 0.60 66.00 10.00");
        String replacements = " -+.,k%9\tMA:PGTB";
        int read = 0;
        for (String base : rows) {
            double[] scales = {1, 1, 1.0 / 1024, 2, 1, 1, 1, 1};
            for (int i = 0; i < base.length(); i++) {
                for (char c : replacements.toCharArray()) {
                    String line = base.substring(0, i) + c + base.substring(i + 1);
                    read += compare(line, scales, false);
                    read += compare(line, scales, true);
                }
                read += compare(base.substring(0, i) + base.substring(i + 1), scales, false);
                read += compare(base.substring(0, i), scales, true);
            }
        }
        assertTrue(read > 1000, "rows read " + read);
    }

    @Test
    void theClockAndDeviceAreFound() {
        SarRow row = new SarRow();
        String line = "11:59:59 PM     sda      9.00      1.2M      0.0k      0.00      4.00      0.60     66.00     10.0%";
        double[] v = row.read(line, new double[] {1, 1, 1, 1, 1, 1, 1, 1}, false);
        assertEquals(1.2 * 1024, v[1], 1e-9);
        assertEquals(10.0, v[7]);
        assertEquals("11:59:59", line.substring(row.at[0], row.at[1]));
        assertEquals("PM", line.substring(row.at[2], row.at[3]));
        assertEquals("sda", line.substring(row.at[4], row.at[5]));
    }
}
