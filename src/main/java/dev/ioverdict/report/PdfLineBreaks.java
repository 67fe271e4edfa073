package dev.ioverdict.report;

import com.openhtmltopdf.extend.FSTextBreaker;
import com.openhtmltopdf.layout.UrlAwareLineBreakIterator;
import java.text.BreakIterator;
import java.util.Locale;

/**
 * Where the PDF's lines may break: openhtmltopdf's own breaker (the JDK's line breaks, URLs kept
 * whole), except inside two kinds of word the JDK breaks and a browser keeps whole: a column name
 * of iostat or sar ({@code %util}, {@code %iowait}; it printed "%" at one line's end and "util" at
 * the next one's start) and single characters around a slash ("I/O", "r/s"); see {@link #kept}.
 */
final class PdfLineBreaks implements FSTextBreaker {
    private final FSTextBreaker standard = new UrlAwareLineBreakIterator(BreakIterator.getLineInstance(Locale.ROOT));
    private String text = "";

    @Override
    public void setText(String newText) {
        text = newText;
        standard.setText(newText);
    }

    @Override
    public int next() {
        int at = standard.next();
        while (at > 0 && at < text.length() && kept(at)) {
            at = standard.next();
        }
        return at;
    }

    /**
     * Whether the break before {@code text[at]} splits a word that must stay whole: "%util", and a
     * slash between single characters ("I/O", "r/s"), which the JDK breaks on either side of the
     * slash ("I" at one line's end, "/O scheduler" at the next). A path keeps its breaks.
     */
    private boolean kept(int at) {
        if (text.charAt(at - 1) == '%' && alnum(at)) {
            return true;
        }
        int slash = text.charAt(at) == '/' ? at : text.charAt(at - 1) == '/' ? at - 1 : -1;
        return slash > 0 && alnum(slash - 1) && !alnum(slash - 2) && alnum(slash + 1) && !alnum(slash + 2);
    }

    /** Whether {@code text[i]} is a letter or digit (false outside the text). */
    private boolean alnum(int i) {
        return i >= 0 && i < text.length() && Character.isLetterOrDigit(text.charAt(i));
    }
}
