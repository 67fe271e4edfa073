package dev.ioverdict.parse.text;

/**
 * The piece of an unreadable line that a diagnostic quotes: on one line, without the blanks
 * around it, at most {@link #WIDTH} characters, so a report of a damaged file stays readable
 * whatever the file holds.
 */
public final class Excerpt {
    static final int WIDTH = 80;

    private Excerpt() {
    }

    public static String of(String line) {
        String s = line.strip();
        if (s.indexOf('\n') >= 0) {
            s = s.replace('\n', ' ');
        }
        return s.length() <= WIDTH ? s : s.substring(0, WIDTH - 3) + "...";
    }

    /**
     * {@code text} with every run of non-blank characters longer than {@code max} (a path, a
     * process or device name) cut in its middle to {@code max} characters around an ellipsis, so
     * that both its start and its end (a path's file name) stay readable; {@code text} itself when
     * no run is that long. What a page lays out, never what report.json keeps: a hostile 1 MB
     * token costs a layout engine minutes and tells a reader nothing more than its ends.
     */
    public static String tokens(String text, int max) {
        StringBuilder sb = null;
        int n = text.length();
        int start = 0;
        int copied = 0;
        for (int i = 0; i <= n; i++) {
            if (i == n || Character.isWhitespace(text.charAt(i))) {
                if (i - start > max) {
                    if (sb == null) {
                        sb = new StringBuilder(Math.min(n, 1 << 16));
                    }
                    int head = (max - 1) * 2 / 3;
                    int tail = max - 1 - head;
                    sb.append(text, copied, start + head).append('\u2026').append(text, i - tail, i);
                    copied = i;
                }
                start = i + 1;
            }
        }
        return sb == null ? text : sb.append(text, copied, n).toString();
    }
}
