package dev.ioverdict.parse.blkparse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The eight-bytes-at-once answers against a byte-by-byte reading, on every kind of byte. */
class DigitsTest {
    /** Bytes that sit next to the classes' edges: '/', '0', '9', ':', ' ', '\t', '\n', 0x80 + '0', 0xFF, 0. */
    private static final byte[] EDGES = {'/', '0', '5', '9', ':', ' ', '\t', '\n', (byte) 0xB0, (byte) 0xA0,
        (byte) 0x89, (byte) 0xFF, 0, '+', '[', ','};

    @Test
    void leadingDigitsBlanksAndValuesAgreeWithAByteByByteReading() {
        Random random = new Random(23);
        byte[] b = new byte[8];
        for (int round = 0; round < 2_000_000; round++) {
            for (int i = 0; i < 8; i++) {
                b[i] = random.nextInt(3) == 0 ? (byte) random.nextInt(256) : EDGES[random.nextInt(EDGES.length)];
            }
            long w = Digits.word(b, 0);
            int digits = 0;
            while (digits < 8 && b[digits] >= '0' && b[digits] <= '9') {
                digits++;
            }
            int blanks = 0;
            while (blanks < 8 && (b[blanks] == ' ' || b[blanks] == '\t')) {
                blanks++;
            }
            assertEquals(digits, Digits.leadingDigits(w), () -> new String(b, StandardCharsets.ISO_8859_1));
            assertEquals(blanks, Digits.leadingBlanks(w), () -> new String(b, StandardCharsets.ISO_8859_1));
            if (digits > 0) {
                long expected = Long.parseLong(new String(b, 0, digits, StandardCharsets.US_ASCII));
                assertEquals(expected, Digits.value(w, digits), () -> new String(b, StandardCharsets.ISO_8859_1));
            }
        }
    }
}
