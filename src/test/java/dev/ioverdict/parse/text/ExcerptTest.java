package dev.ioverdict.parse.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
}
