package dev.ioverdict.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class SafeTextTest {
    @Test
    void terminalEscapesControlsAndBidiOverridesAndKeepsCleanTextAsItIs() {
        String clean = "sdb: 12 ms";
        assertSame(clean, SafeText.terminal(clean));
        assertEquals("a\\x1b]0;title\\x07\\nwrote x", SafeText.terminal("a\u001b]0;title\u0007\nwrote x"));
        assertEquals("x\\u202ey\\u2028", SafeText.terminal("x\u202ey\u2028"));
        assertEquals("null", SafeText.terminal(null));
    }

    @Test
    void xmlKeepsTabsNewlinesAndSurrogatePairsButEscapesWhatXmlForbids() {
        assertEquals("a\tb\nc\r", SafeText.xml("a\tb\nc\r"));
        assertEquals("\ud83d\ude00", SafeText.xml("\ud83d\ude00"));
        // a pair is kept, a low surrogate without its high one is escaped
        assertEquals("\\x00\ud83d\ude00\\ude00x\\uffff", SafeText.xml("\u0000\ud83d\ude00\ude00x\uffff"));
    }
}
