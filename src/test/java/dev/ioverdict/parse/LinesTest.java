package dev.ioverdict.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
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
}
