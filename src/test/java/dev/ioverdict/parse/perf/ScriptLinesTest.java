package dev.ioverdict.parse.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.ioverdict.parse.Lines;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ScriptLinesTest {
    /** Terminators, UTF-8 and broken bytes, lines longer than the limit and than the read buffer. */
    @Test
    void givesTheLinesTheCutsAndTheNumbersOfLines() throws IOException {
        Random random = new Random(13);
        byte[] pieces = "ab \t:0f\n\r\u00e9\u4e00".getBytes(StandardCharsets.UTF_8);
        for (int round = 0; round < 300; round++) {
            int size = round % 10 == 0 ? 70_000 + random.nextInt(70_000) : random.nextInt(400);
            byte[] data = new byte[size];
            for (int i = 0; i < size; i++) {
                data[i] = random.nextInt(20) == 0 ? (byte) random.nextInt(256) : pieces[random.nextInt(pieces.length)];
            }
            if (round % 3 == 0) {
                Arrays.fill(data, 0, Math.min(size, 100), (byte) 'x'); // a long ASCII run: whole words at a time
            }
            int max = round % 2 == 0 ? 1 + random.nextInt(40) : Lines.DEFAULT_MAX_LENGTH;
            assertSame(data, max);
        }
    }

    private static void assertSame(byte[] data, int max) throws IOException {
        List<String> cutsByLines = new ArrayList<>();
        List<String> cutsByScript = new ArrayList<>();
        try (Lines lines = new Lines(new ByteArrayInputStream(data), max,
                (n, len, kept) -> cutsByLines.add(n + " " + len + " " + kept));
             ScriptLines script = new ScriptLines(new ByteArrayInputStream(data), max,
                     (n, len, kept) -> cutsByScript.add(n + " " + len + " " + kept))) {
            String expected;
            while ((expected = lines.next()) != null) {
                assertEquals(true, script.next());
                assertEquals(expected, script.text());
                assertEquals(lines.number(), script.number());
                if (script.inBytes()) {
                    assertEquals(expected, new String(script.bytes(), 0, script.length(), StandardCharsets.ISO_8859_1));
                }
            }
            assertFalse(script.next());
        }
        assertEquals(cutsByLines, cutsByScript);
    }
}
