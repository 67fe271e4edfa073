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
}
