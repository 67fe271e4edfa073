package dev.ioverdict.parse.config;

import dev.ioverdict.parse.text.Tokens;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A shell command a consultant's capture echoes before a tool's output ({@code # xfs_info /mnt},
 * {@code $ lsblk}, {@code [root@db01 ~]# xfs_info /oracle/redo}): not data, but it may say what the
 * output that follows is about.
 */
final class CommandLine {
    private static final Pattern PROMPT = Pattern.compile(
            "^\\s*(?:\\[[^\\]]*\\]\\s*[#$]|[A-Za-z0-9_.-]+@[A-Za-z0-9_.-]+(?::[^#$]*)?[#$]|[#$]|>)\\s*(.*)$");

    private CommandLine() {
    }

    /** The command after the prompt, or null when the line is not a prompt line. */
    static String command(String line) {
        Matcher m = PROMPT.matcher(line);
        return m.matches() ? m.group(1).strip() : null;
    }

    /**
     * The last argument of {@code tool ...} in a prompt line that runs tool, or in a line that is
     * just that command (a script's {@code echo xfs_info $m}); null otherwise.
     */
    static String lastArgumentOf(String line, String tool) {
        String cmd = command(line);
        if (cmd == null) {
            String s = line.strip();
            if (!s.startsWith(tool + " ")) {
                return null;
            }
            cmd = s;
        }
        String[] words = Tokens.split(cmd).toArray(String[]::new);
        int at = -1;
        for (int i = 0; i < words.length; i++) {
            if (words[i].equals(tool) || words[i].endsWith("/" + tool)) {
                at = i;
            }
        }
        if (at < 0) {
            return null;
        }
        String last = null;
        for (int i = at + 1; i < words.length; i++) {
            String w = words[i];
            if (w.equals(";") || w.equals("|") || w.equals("&&") || w.startsWith(">") || w.equals("2>&1")) {
                break;
            }
            if (!w.startsWith("-")) {
                last = w.replaceAll("[;'\"]+$", "").replaceAll("^['\"]", "");
            }
        }
        return last;
    }
}
