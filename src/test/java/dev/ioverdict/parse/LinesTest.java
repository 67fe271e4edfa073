package dev.ioverdict.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LinesTest {

    @Test
    void everyTerminatorAtEveryOffsetOfAWordGivesBufferedReadersLines() throws IOException {
        // lines of 0..40 characters end in \n, \r\n or \r, so terminators fall on every byte of an
        // 8-byte word and (with 65,536-byte buffers) across buffer ends too
        StringBuilder text = new StringBuilder();
        String[] ends = {"\n", "\r\n", "\r"};
        int k = 0;
        while (text.length() < 200_000) {
            int length = k % 41;
            for (int i = 0; i < length; i++) {
                text.append((char) ('a' + (k + i) % 26));
            }
            text.append(ends[k % 3]);
            k++;
        }
        text.append("last line without a terminator");
        assertEquals(readLines(text.toString()), linesOf(text.toString().getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void utf8LinesAreDecodedAndBadBytesBecomeReplacementCharacters() throws IOException {
        byte[] bytes = "fio écrit\nplain\n".getBytes(StandardCharsets.UTF_8);
        byte[] bad = {'a', (byte) 0xff, 'b', '\n'};
        byte[] all = new byte[bytes.length + bad.length];
        System.arraycopy(bytes, 0, all, 0, bytes.length);
        System.arraycopy(bad, 0, all, bytes.length, bad.length);
        assertEquals(List.of("fio écrit", "plain", "a\uFFFDb"), linesOf(all));
    }

    @Test
    void aLineLongerThanTheLimitIsCutAndReported() throws IOException {
        List<long[]> cuts = new ArrayList<>();
        try (Lines lines = new Lines(new ByteArrayInputStream("short\n0123456789abcdef\nend\n".getBytes(StandardCharsets.UTF_8)),
                10, (n, length, kept) -> cuts.add(new long[] {n, length, kept}))) {
            assertEquals("short", lines.next());
            assertEquals("0123456789", lines.next());
            assertEquals(2, lines.number());
            assertEquals("end", lines.next());
            assertNull(lines.next());
        }
        assertEquals(1, cuts.size());
        assertEquals(List.of(2L, 16L, 10L), List.of(cuts.get(0)[0], cuts.get(0)[1], cuts.get(0)[2]));
    }

    private static List<String> linesOf(byte[] bytes) throws IOException {
        List<String> out = new ArrayList<>();
        try (Lines lines = new Lines(new ByteArrayInputStream(bytes))) {
            String line;
            while ((line = lines.next()) != null) {
                out.add(line);
                assertEquals(out.size(), lines.number());
            }
        }
        return out;
    }

    private static List<String> readLines(String text) throws IOException {
        List<String> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new StringReader(text))) {
            String line;
            while ((line = r.readLine()) != null) {
                out.add(line);
            }
        }
        return out;
    }

    /**
     * A parser reading bytes ({@code advance}) gets the lines, cuts and numbers a parser reading
     * Strings gets: terminators, UTF-8 and broken bytes, lines longer than the limit and than the
     * read buffer.
     */
    @Test
    void theByteViewGivesTheLinesTheCutsAndTheNumbersOfNext() throws IOException {
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
            assertByteViewAgrees(data, max);
        }
    }

    private static void assertByteViewAgrees(byte[] data, int max) throws IOException {
        List<String> cutsByNext = new ArrayList<>();
        List<String> cutsByAdvance = new ArrayList<>();
        try (Lines strings = new Lines(new ByteArrayInputStream(data), max,
                (n, len, kept) -> cutsByNext.add(n + " " + len + " " + kept));
             Lines bytes = new Lines(new ByteArrayInputStream(data), max,
                     (n, len, kept) -> cutsByAdvance.add(n + " " + len + " " + kept))) {
            String expected;
            while ((expected = strings.next()) != null) {
                assertTrue(bytes.advance());
                if (bytes.inBytes()) { // before text(): the bytes alone must say it
                    assertEquals(expected, new String(bytes.bytes(), 0, bytes.length(), StandardCharsets.ISO_8859_1));
                }
                assertEquals(expected, bytes.text());
                assertEquals(strings.number(), bytes.number());
            }
            assertFalse(bytes.advance());
        }
        assertEquals(cutsByNext, cutsByAdvance);
    }
}
