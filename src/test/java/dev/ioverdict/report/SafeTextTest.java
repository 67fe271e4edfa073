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

    @Test
    void aCsvFieldThatWouldStartAFormulaIsTextToASpreadsheet() {
        // OWASP "CSV Injection": a leading quote makes the cell text; the field is quoted as well
        assertEquals("\"'@SUM(1+1)*cmd|'/Ccalc'!A0\"", SafeText.csvField("@SUM(1+1)*cmd|'/Ccalc'!A0"));
        assertEquals("\"'=HYPERLINK(\"\"http://x.example\"\",\"\"y\"\")\"",
                SafeText.csvField("=HYPERLINK(\"http://x.example\",\"y\")"));
        for (String lead : new String[] {"=", "+", "-", "@", "\t", "\r"}) {
            assertEquals("\"'" + lead + "1\"", SafeText.csvField(lead + "1"), lead);
        }
        // text that starts otherwise is left as it is, quoted only when RFC 4180 asks
        assertSame("sdb", SafeText.csvField("sdb"));
        assertEquals("\"8,0 D2C\"", SafeText.csvField("8,0 D2C"));
        assertEquals("", SafeText.csvField(""));
        assertEquals("a=1", SafeText.csvField("a=1"));
    }
}
