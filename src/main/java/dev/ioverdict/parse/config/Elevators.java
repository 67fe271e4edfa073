package dev.ioverdict.parse.config;

import dev.ioverdict.parse.text.Numbers;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The content of /sys/block/DEV/queue/scheduler: the elevators the queue offers, the active one in
 * brackets ({@code noop deadline [cfq]}, {@code [mq-deadline] kyber bfq none}); a queue without a
 * choice prints just {@code none}.
 */
record Elevators(String active, List<String> available) {
    static final Set<String> KNOWN = Set.of("noop", "deadline", "cfq", "anticipatory", "mq-deadline", "kyber",
            "bfq", "none");

    /**
     * Parses a scheduler line, or null when it is not one: every word must be an elevator name
     * ({@code strict}: one of {@link #KNOWN}) and at most one may be bracketed.
     */
    static Elevators parse(String line, boolean strict) {
        List<String> names = new ArrayList<>();
        String active = null;
        int i = 0;
        int n = line.length();
        while (i < n) {
            while (i < n && Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            if (i == n) {
                break;
            }
            int start = i;
            while (i < n && !Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            String word = line.substring(start, i);
            boolean bracketed = word.length() > 2 && word.charAt(0) == '[' && word.charAt(word.length() - 1) == ']';
            String name = bracketed ? word.substring(1, word.length() - 1) : word;
            if (!plausibleName(name) || (strict && !KNOWN.contains(name))) {
                return null;
            }
            if (bracketed) {
                if (active != null) {
                    return null;
                }
                active = name;
            }
            names.add(name);
        }
        return names.isEmpty() ? null : new Elevators(active, names);
    }

    /** An elevator name as the kernel registers them: lower-case letters, digits, '-' and '_'. */
    private static boolean plausibleName(String s) {
        if (s.isEmpty() || !Character.isLetter(s.charAt(0))) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(c >= 'a' && c <= 'z') && !Numbers.isDigit(c) && c != '-' && c != '_') {
                return false;
            }
        }
        return true;
    }
}
