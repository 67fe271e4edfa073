package dev.ioverdict.parse.btt;

import dev.ioverdict.parse.text.Numbers;
import java.util.ArrayList;
import java.util.List;

/** Small text helpers for btt's fixed-width tables: tokens, numbers, device labels, line numbers. */
final class BttText {
    private BttText() {
    }

    static List<String> tokens(String s, int from, int to) {
        List<String> out = new ArrayList<>();
        int i = from;
        while (i < to) {
            while (i < to && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < to && !Character.isWhitespace(s.charAt(i))) {
                i++;
            }
            if (i > start) {
                out.add(s.substring(start, i));
            }
        }
        return out;
    }

    static List<String> tokens(String s) {
        return tokens(s, 0, s.length());
    }

    /** Lines made only of dashes, equals signs, bars and blanks (table rules). */
    static boolean isRule(String s) {
        boolean any = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '-' || c == '=') {
                any = true;
            } else if (c != '|' && c != ' ' && c != '\t') {
                return false;
            }
        }
        return any;
    }

    /** {@code ==================== All Devices ====================} gives "All Devices", else null. */
    static String sectionName(String s) {
        String t = s.strip();
        if (!t.startsWith("====") || t.indexOf('|') >= 0) {
            return null;
        }
        int a = 0;
        while (a < t.length() && t.charAt(a) == '=') {
            a++;
        }
        int b = t.length();
        while (b > a && t.charAt(b - 1) == '=') {
            b--;
        }
        String name = t.substring(a, b).strip();
        return name.isEmpty() ? null : name;
    }

    /** btt's device label "(  8,  0)" or "(253,  0)" as "8,0"; any other label (a -M name) unchanged. */
    static String device(String label) {
        String t = label.strip();
        if (t.length() < 5 || t.charAt(0) != '(' || t.charAt(t.length() - 1) != ')') {
            return t;
        }
        int comma = t.indexOf(',');
        if (comma < 0) {
            return t;
        }
        String major = t.substring(1, comma).strip();
        String minor = t.substring(comma + 1, t.length() - 1).strip();
        return Numbers.isDigits(major) && Numbers.isDigits(minor) ? major + "," + minor : t;
    }

    /** A number btt printed ("0.000418363", "97.8223%", "2.5"), or NaN. */
    static double number(String token) {
        String t = token.endsWith("%") ? token.substring(0, token.length() - 1) : token;
        if (t.isEmpty()) {
            return Double.NaN;
        }
        char c = t.charAt(0);
        if (!(c == '-' || c == '.' || Numbers.isDigit(c))) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(t);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** The count that is all of {@code token}, or -1: not digits, or past a long (no count btt prints is). */
    static long integer(String token) {
        if (!Numbers.isDigits(token)) {
            return -1;
        }
        try {
            return Long.parseLong(token);
        } catch (NumberFormatException pastALong) {
            return -1;
        }
    }

    /**
     * Where a line's own text starts when it was copied from a numbered code listing (a blog's
     * {@code 12D2C   0.000151619 ...}): after the leading blanks and digits. 0 when it has none.
     */
    static int afterLineNumber(String s) {
        int i = 0;
        while (i < s.length() && s.charAt(i) == ' ') {
            i++;
        }
        int digits = i;
        while (i < s.length() && Character.isDigit(s.charAt(i))) {
            i++;
        }
        return i > digits ? i : 0;
    }
}
