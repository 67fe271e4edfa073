package dev.ioverdict.parse.text;

import java.util.Arrays;

/**
 * The blank-separated words of one line, as index pairs into it: a reusable tokenizer for the
 * column layouts of report-style tools (LinuxKI, strace -c), without String.split.
 */
public final class Tokens {
    private String line;
    private int[] starts = new int[32];
    private int[] ends = new int[32];
    private int count;

    public Tokens of(String line) {
        this.line = line;
        count = 0;
        int n = line.length();
        int i = 0;
        while (i < n) {
            while (i < n && Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            if (i >= n) {
                break;
            }
            int s = i;
            while (i < n && !Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            if (count == starts.length) {
                starts = Arrays.copyOf(starts, count * 2);
                ends = Arrays.copyOf(ends, count * 2);
            }
            starts[count] = s;
            ends[count] = i;
            count++;
        }
        return this;
    }

    public int count() {
        return count;
    }

    public int start(int i) {
        return starts[i];
    }

    public String get(int i) {
        return line.substring(starts[i], ends[i]);
    }

    public boolean is(int i, String word) {
        return i < count && ends[i] - starts[i] == word.length() && line.startsWith(word, starts[i]);
    }

    /** The token as a decimal number ('.' or ',' separator), NaN when it is none. */
    public double decimal(int i) {
        return i < count ? Numbers.parseDecimal(line, starts[i], ends[i]) : Double.NaN;
    }

    /** Whether the token is a plain unsigned integer. */
    public boolean isInteger(int i) {
        if (i >= count) {
            return false;
        }
        for (int k = starts[i]; k < ends[i]; k++) {
            char c = line.charAt(k);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    /** Whether the token is a number with a decimal point (LinuxKI's %f columns). */
    public boolean isFraction(int i) {
        return i < count && line.indexOf('.', starts[i]) >= 0 && line.indexOf('.', starts[i]) < ends[i]
                && !Double.isNaN(decimal(i));
    }

    /** The rest of the line from token {@code i} on, or "" past the last token. */
    public String rest(int i) {
        return i < count ? line.substring(starts[i]) : "";
    }
}
