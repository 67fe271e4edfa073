package dev.ioverdict.parse.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class InternerTest {
    @Test
    void thePieceFoundFromBytesIsTheOneFoundFromText() {
        Interner names = new Interner(16); // room for every piece: none falls back to a fresh String
        String line = "\tffffffff821f5618 __schedule+0x618 ([kernel.kallsyms]) fio x ab abc abcd abcde";
        byte[] bytes = line.getBytes(StandardCharsets.ISO_8859_1);
        // every length from 0 to 12 characters, at every start, first from text then from bytes and back
        for (int from = 0; from + 12 <= line.length(); from++) {
            for (int to = from; to <= from + 12; to++) {
                String fromText = names.of(line, from, to);
                assertEquals(line.substring(from, to), fromText);
                assertSame(fromText, names.of(bytes, from, to));
                assertSame(fromText, names.of(line, from, to));
            }
        }
    }

    @Test
    void aFullTableStillGivesTheText() {
        Interner tiny = new Interner(1);
        byte[] bytes = "a b c d e f".getBytes(StandardCharsets.ISO_8859_1);
        for (int i = 0; i < bytes.length; i += 2) {
            assertEquals(String.valueOf((char) bytes[i]), tiny.of(bytes, i, i + 1));
        }
        assertEquals("f", tiny.of("f", 0, 1));
    }
}
