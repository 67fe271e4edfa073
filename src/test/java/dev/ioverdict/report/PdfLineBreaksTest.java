package dev.ioverdict.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.openhtmltopdf.extend.FSTextBreaker;
import com.openhtmltopdf.layout.UrlAwareLineBreakIterator;
import java.text.BreakIterator;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class PdfLineBreaksTest {
    private static final String CAPTION = "r_await and w_await (ms, left) and %util (right, blue) per report; 87.6% busy, "
            + "%iowait 3.1 at https://example.com/a%20b and 50%off";

    private static List<Integer> breaks(FSTextBreaker breaker, String text) {
        breaker.setText(text);
        List<Integer> at = new ArrayList<>();
        for (int b = breaker.next(); b != BreakIterator.DONE; b = breaker.next()) {
            at.add(b);
        }
        return at;
    }

    @Test
    void aPercentSignStaysWithTheWordItStarts() {
        List<Integer> standard = breaks(new UrlAwareLineBreakIterator(BreakIterator.getLineInstance(Locale.ROOT)), CAPTION);
        List<Integer> kept = breaks(new PdfLineBreaks(), CAPTION);
        List<Integer> expected = standard.stream()
                .filter(b -> !(b > 0 && b < CAPTION.length() && CAPTION.charAt(b - 1) == '%'
                        && Character.isLetterOrDigit(CAPTION.charAt(b))))
                .toList();
        assertEquals(expected, kept);
        for (String word : List.of("%util", "%iowait", "50%off")) {
            int start = CAPTION.indexOf(word);
            assertTrue(kept.stream().noneMatch(b -> b > start && b < start + word.length()), word + " is broken: " + kept);
        }
        // the other breaks are the standard ones: after the spaces, and after "87.6% "
        assertTrue(kept.contains(CAPTION.indexOf("busy")), kept.toString());
    }

    @Test
    void aSlashBetweenSingleCharactersIsKeptButAPathStillBreaks() {
        String text = "no measurable time in the I/O scheduler (I2D) at 120 r/s on /tmp/iocap/sys-mnt and a/bc";
        List<Integer> kept = breaks(new PdfLineBreaks(), text);
        for (String word : List.of("I/O", "r/s")) {
            int start = text.indexOf(word);
            assertTrue(kept.stream().noneMatch(b -> b > start && b < start + word.length()), word + " is broken: " + kept);
        }
        List<Integer> standard = breaks(new UrlAwareLineBreakIterator(BreakIterator.getLineInstance(Locale.ROOT)), text);
        int path = text.indexOf("/tmp/");
        List<Integer> inPath = standard.stream().filter(b -> b > path && b < path + "/tmp/iocap/sys-mnt".length()).toList();
        assertTrue(kept.containsAll(inPath), "a path keeps its breaks: " + inPath + " in " + kept);
        assertEquals(standard.contains(text.indexOf("bc")), kept.contains(text.indexOf("bc")), "a/bc is not a pair of single characters");
    }

    @Test
    void aBreakerIsReusedForTheNextText() {
        PdfLineBreaks breaker = new PdfLineBreaks();
        breaks(breaker, CAPTION);
        assertEquals(List.of(4, 8, 11), breaks(breaker, "%ab %cd %ef"));
    }
}
