package dev.ioverdict.parse.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class ExcerptTest {
    @Test
    void quotesALineOnOneLineWithoutItsBlanksAndCutsItAtEightyCharacters() {
        assertEquals("8,0 1 2 0.5 Q W", Excerpt.of("   8,0 1 2 0.5 Q W  \r"));
        assertEquals("write(3, \"ab\", 2 <unfinished ...> = 2", Excerpt.of("write(3, \"ab\", 2 <unfinished ...>\n= 2"));
        String line = "x".repeat(200);
        assertEquals("x".repeat(77) + "...", Excerpt.of(line));
        assertEquals(80, Excerpt.of(line).length());
        assertEquals("y".repeat(80), Excerpt.of("y".repeat(80)));
    }

    @Test
    void cutsEachLongTokenInItsMiddleAndLeavesShortOnesAndTheBlanksAlone() {
        String path = "/data/" + "p".repeat(1 << 20) + "/redo01.log";
        String cut = Excerpt.tokens("openat(AT_FDCWD, " + path + ") = 5", 160);
        String token = path + ")";
        // two thirds of the room for the start, a third for the end (a path's file name)
        assertEquals("openat(AT_FDCWD, " + token.substring(0, 106) + "\u2026" + token.substring(token.length() - 53) + " = 5", cut);
        assertEquals(17 + 160 + 4, cut.length());
        String plain = "sdb 0.00 12.5 " + "x".repeat(160);
        assertSame(plain, Excerpt.tokens(plain, 160));
    }
}
