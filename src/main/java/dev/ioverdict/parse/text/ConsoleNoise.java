package dev.ioverdict.parse.text;

/**
 * Lines a consultant's terminal copy adds around real tool output: shell prompts with the command
 * that produced it ({@code $ grep ...}, {@code user@host:~$ strace -c ./x}) and elision marks
 * ({@code ...}, {@code [...]}). They carry no data and are not damage, so parsers pass over them
 * without a warning.
 */
public final class ConsoleNoise {
    private ConsoleNoise() {
    }

    public static boolean isCommentary(String line) {
        int n = line.length();
        int i = 0;
        i = Tokens.skipSpaces(line, i);
        if (i == n) {
            return false;
        }
        if (isElision(line, i, n)) {
            return true;
        }
        char c = line.charAt(i);
        if ((c == '$' || c == '#' || c == '>') && (i + 1 == n || line.charAt(i + 1) == ' ')) {
            return true;
        }
        return isPrompt(line, i, n);
    }

    /**
     * {@code ...}, {@code ......}, {@code [...]}, optionally followed by spaces, and the column
     * elisions of a table ({@code    :          :}).
     */
    private static boolean isElision(String s, int from, int n) {
        int end = n;
        while (end > from && s.charAt(end - 1) == ' ') {
            end--;
        }
        boolean colons = true;
        for (int i = from; i < end && colons; i++) {
            colons = s.charAt(i) == ':' || s.charAt(i) == ' ';
        }
        if (colons) {
            return true;
        }
        int a = from;
        int b = end;
        if (b - a >= 2 && s.charAt(a) == '[' && s.charAt(b - 1) == ']') {
            a++;
            b--;
        }
        if (b - a < 3) {
            return false;
        }
        for (int i = a; i < b; i++) {
            if (s.charAt(i) != '.') {
                return false;
            }
        }
        return true;
    }

    /** {@code user@host:path$ cmd} or {@code user@host:path# cmd}: no spaces before the prompt sign. */
    private static boolean isPrompt(String s, int from, int n) {
        int at = -1;
        for (int i = from; i < n; i++) {
            char c = s.charAt(i);
            if (c == ' ' || c == '\t') {
                return false;
            }
            if (c == '@' && at < 0) {
                at = i;
            } else if ((c == '$' || c == '#') && at > from && s.indexOf(':', at) > at && s.indexOf(':', at) < i
                    && (i + 1 == n || s.charAt(i + 1) == ' ')) {
                return true;
            }
        }
        return false;
    }
}
