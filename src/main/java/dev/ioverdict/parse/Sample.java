package dev.ioverdict.parse;

import java.util.List;

/** The first lines of a file, which is all a format gets to recognise it. The name is only a hint. */
public record Sample(String fileName, List<String> lines) {
    public Sample {
        lines = List.copyOf(lines);
    }

    public boolean anyLineContains(String text) {
        for (String l : lines) {
            if (l.contains(text)) {
                return true;
            }
        }
        return false;
    }

    public long countLinesContaining(String text) {
        return lines.stream().filter(l -> l.contains(text)).count();
    }

    /** First line that is not blank, or "". */
    public String firstNonBlank() {
        for (String l : lines) {
            if (!l.isBlank()) {
                return l;
            }
        }
        return "";
    }
}
