package dev.ioverdict.parse.text;

import java.util.ArrayList;
import java.util.List;

/**
 * The blank-separated words of one line, as index pairs into it: the one tokenizer of the column
 * layouts (iostat, sar, /proc/diskstats, LinuxKI, strace -c), reused line after line without
 * String.split or a String per field; {@link #split} for the few lines that want the Strings.
 */
public final class Tokens extends Spans {
    public Tokens of(String line) {
        reset(line);
        int n = line.length();
        int i = 0;
        while (i < n) {
            while (i < n && isBlank(line.charAt(i))) {
                i++;
            }
            if (i >= n) {
                break;
            }
            int s = i;
            while (i < n && !isBlank(line.charAt(i))) {
                i++;
            }
            span(s, i);
        }
        return this;
    }

    /** The token as a decimal number ('.' or ',' separator), NaN when it is none. */
    public double decimal(int i) {
        return i < count() ? Numbers.parseDecimal(text(), start(i), end(i)) : Double.NaN;
    }

    /** Whether the token is a plain unsigned integer. */
    public boolean isInteger(int i) {
        return i < count() && Numbers.isDigits(text(), start(i), end(i));
    }

    /** Whether the token is a number with a decimal point (LinuxKI's %f columns). */
    public boolean isFraction(int i) {
        return i < count() && text().indexOf('.', start(i)) >= 0 && text().indexOf('.', start(i)) < end(i)
                && !Double.isNaN(decimal(i));
    }

    /** The rest of the line from token {@code i} on, or "" past the last token. */
    public String rest(int i) {
        return i < count() ? text().substring(start(i)) : "";
    }

    /** The words of a line as Strings. */
    public static List<String> split(String line) {
        List<String> out = new ArrayList<>();
        int n = line.length();
        int i = 0;
        while (i < n) {
            while (i < n && isBlank(line.charAt(i))) {
                i++;
            }
            int s = i;
            while (i < n && !isBlank(line.charAt(i))) {
                i++;
            }
            if (i > s) {
                out.add(line.substring(s, i));
            }
        }
        return out;
    }

    /** The first index at or after {@code from} that is not a space: the line's length when none is. */
    public static int skipSpaces(CharSequence line, int from) {
        int i = from;
        while (i < line.length() && line.charAt(i) == ' ') {
            i++;
        }
        return i;
    }

    /** ASCII white space: what separates the columns of the tools' text (no Unicode spaces there). */
    public static boolean isBlank(char c) {
        return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == 0x0B;
    }
}
