package dev.ioverdict.parse;

import java.util.List;

/**
 * The start of a file, which is all a format gets to recognise it: its first lines (none for a
 * binary file) and its first bytes (for binary formats). The name is only a hint.
 */
public record Sample(String fileName, List<String> lines, byte[] head) {
    public Sample {
        lines = List.copyOf(lines);
        head = head == null ? new byte[0] : head;
    }

    /** The lines that are not blank, which are all a recogniser looks at. */
    public List<String> nonBlank() {
        return lines.stream().filter(l -> !l.isBlank()).toList();
    }

    /** A text sample, without its bytes. */
    public Sample(String fileName, List<String> lines) {
        this(fileName, lines, null);
    }
}
