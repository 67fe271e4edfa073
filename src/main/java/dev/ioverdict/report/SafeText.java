package dev.ioverdict.report;

/**
 * Text from a customer's bundle made safe where it leaves the program. File names and lines can
 * hold any byte: ESC and BEL would drive the user's terminal (a window-title sequence, a forged
 * "wrote" line after a newline), and characters XML forbids stop the PDF renderer. Each is shown
 * as a visible escape ({@code \x1b}, {@code \n}) instead.
 */
public final class SafeText {
    private SafeText() {
    }

    /** For one terminal or log line: every C0 and C1 control character, DEL and line separators escaped. */
    public static String terminal(String s) {
        if (s == null) {
            return "null";
        }
        return escaped(s, (text, i) -> {
            char c = text.charAt(i);
            return c < 0x20 || c >= 0x7f && c <= 0x9f || c == '\u2028' || c == '\u2029'
                    || c >= '\u202a' && c <= '\u202e' || c >= '\u2066' && c <= '\u2069';
        });
    }

    /**
     * For an XML document (the PDF's XHTML): characters XML 1.0 forbids (C0 controls but tab, line
     * feed and carriage return; U+FFFE, U+FFFF; unpaired surrogates) escaped, the markup untouched.
     */
    public static String xml(String s) {
        return escaped(s, (text, i) -> {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c)) {
                return i + 1 >= text.length() || !Character.isLowSurrogate(text.charAt(i + 1));
            }
            if (Character.isLowSurrogate(c)) {
                return i == 0 || !Character.isHighSurrogate(text.charAt(i - 1));
            }
            return c < 0x20 && c != '\t' && c != '\n' && c != '\r' || c == '\ufffe' || c == '\uffff';
        });
    }

    /**
     * One text field of a CSV file (RFC 4180: quoted when it holds a comma, quote or line break),
     * which a spreadsheet shows as the text it is. A field that starts with = + - @ tab or carriage
     * return is a formula to Excel, LibreOffice and Google Sheets ({@code =HYPERLINK(...)},
     * {@code @SUM(1+1)*cmd|'/Ccalc'!A0} runs a command when opened): as OWASP's "CSV Injection" page
     * says, it gets a leading single quote and is quoted, so it reads as text. Only text goes through
     * here: a number the program writes as a number ({@code -3.5} in a numeric column) stays a number.
     */
    public static String csvField(String s) {
        boolean formula = !s.isEmpty() && "=+-@\t\r".indexOf(s.charAt(0)) >= 0;
        String v = formula ? "'" + s : s;
        if (!formula && v.indexOf(',') < 0 && v.indexOf('"') < 0 && v.indexOf('\n') < 0 && v.indexOf('\r') < 0) {
            return v;
        }
        return '"' + v.replace("\"", "\"\"") + '"';
    }

    /** Whether the char at {@code i} must be escaped; it may look at its neighbours (surrogate pairs). */
    private interface Forbidden {
        boolean at(String text, int i);
    }

    /** {@code s} with each forbidden char escaped; {@code s} itself, not a copy, when none is. */
    private static String escaped(String s, Forbidden forbidden) {
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (forbidden.at(s, i)) {
                if (sb == null) {
                    sb = new StringBuilder(s.length() + 16).append(s, 0, i);
                }
                escape(sb, c);
            } else if (sb != null) {
                sb.append(c);
            }
        }
        return sb == null ? s : sb.toString();
    }

    private static void escape(StringBuilder sb, char c) {
        switch (c) {
            case '\n' -> sb.append("\\n");
            case '\r' -> sb.append("\\r");
            case '\t' -> sb.append("\\t");
            default -> sb.append(c <= 0xff ? String.format(java.util.Locale.ROOT, "\\x%02x", (int) c)
                    : String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
        }
    }
}
