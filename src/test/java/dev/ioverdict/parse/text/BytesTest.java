package dev.ioverdict.parse.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BytesTest {
    /** The eight-byte searches find what a byte-by-byte loop finds, at every offset and length. */
    @Test
    void searchesAndComparisonAgreeWithAPlainLoop() {
        Random random = new Random(23);
        byte[] alphabet = {' ', '+', ':', '/', 'a', 0, 1, (byte) 0x80, (byte) 0xff, (byte) 0xa0};
        for (int round = 0; round < 3000; round++) {
            byte[] b = new byte[random.nextInt(40)];
            for (int i = 0; i < b.length; i++) {
                b[i] = alphabet[random.nextInt(random.nextBoolean() ? 3 : alphabet.length)];
            }
            for (int from = 0; from <= b.length; from++) {
                for (int to = from; to <= b.length; to++) {
                    for (byte c : alphabet) {
                        assertEquals(plainIndexOf(b, from, to, c), Bytes.indexOf(b, from, to, c));
                    }
                    assertEquals(plainEndAt(b, from, to, (byte) ' ', (byte) '+'), Bytes.endAt(b, from, to, (byte) ' ', (byte) '+'));
                    int any = plainEndAt(b, from, to, (byte) ':', (byte) '/');
                    any = Math.min(any, plainEndAt(b, from, to, (byte) 0x80, (byte) 0x80));
                    assertEquals(any, firstFlagged(b, from, to, (byte) ':', (byte) '/', (byte) 0x80));
                    byte[] k = Arrays.copyOfRange(b, from, to);
                    assertEquals(true, Bytes.same(k, b, from));
                    if (k.length > 0) {
                        k[random.nextInt(k.length)] ^= (byte) (1 + random.nextInt(255));
                        assertEquals(false, Bytes.same(k, b, from));
                    }
                }
            }
        }
    }

    /** The first of three bytes as a search by {@link Bytes#word} and {@link Bytes#flags} finds it, or {@code to}. */
    private static int firstFlagged(byte[] b, int from, int to, byte c, byte d, byte e) {
        for (int i = from; i < to; i += 8) {
            long w = Bytes.word(b, i, to);
            long hits = Bytes.flags(w, Bytes.pattern(c)) | Bytes.flags(w, Bytes.pattern(d)) | Bytes.flags(w, Bytes.pattern(e));
            if (hits != 0) {
                return i + (Long.numberOfTrailingZeros(hits) >>> 3);
            }
        }
        return to;
    }

    /** A word read at any place gives the bytes there, those at or past the end zero, whether the array holds eight more or not. */
    @Test
    void aWordHoldsTheBytesUpToTheEnd() {
        Random random = new Random(6);
        for (int round = 0; round < 2000; round++) {
            byte[] b = new byte[random.nextInt(24)];
            random.nextBytes(b);
            for (int i = 0; i <= b.length; i++) {
                for (int to = i; to <= b.length; to++) {
                    long expected = 0;
                    for (int k = Math.min(to - i, 8) - 1; k >= 0; k--) {
                        expected = expected << 8 | (b[i + k] & 0xff);
                    }
                    assertEquals(expected, Bytes.word(b, i, to));
                }
            }
        }
    }

    private static int plainIndexOf(byte[] b, int from, int to, byte c) {
        for (int i = from; i < to; i++) {
            if (b[i] == c) {
                return i;
            }
        }
        return -1;
    }

    private static int plainEndAt(byte[] b, int from, int to, byte c, byte d) {
        for (int i = from; i < to; i++) {
            if (b[i] == c || b[i] == d) {
                return i;
            }
        }
        return to;
    }
}
