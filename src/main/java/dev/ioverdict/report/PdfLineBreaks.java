package dev.ioverdict.report;

import com.openhtmltopdf.extend.FSTextBreaker;
import com.openhtmltopdf.layout.UrlAwareLineBreakIterator;
import java.text.BreakIterator;
import java.util.Locale;

/**
 * Where the PDF's lines may break: openhtmltopdf's own breaker (the JDK's line breaks, URLs kept
 * whole), except between a '%' and the letter or digit after it. The JDK breaks there, and a column name of
 * iostat or sar ({@code %util}, {@code %iowait}) was printed as "%" at one line's end and "util"
 * at the next one's start; a browser keeps such a word whole.
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
        while (at > 0 && at < text.length() && text.charAt(at - 1) == '%' && Character.isLetterOrDigit(text.charAt(at))) {
            at = standard.next();
        }
        return at;
    }
}
