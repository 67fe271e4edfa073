package dev.ioverdict.parse;

import java.util.List;

/**
 * A sign that a file is of one format: clues that must all hold in its sample, the score they
 * give and the reason shown in the inventory. In the reason, {@code {0}}, {@code {1}} ... stand for
 * how many lines passed each clue, and {@code {line}} for the first line that passed the first
 * one, without its surrounding blanks.
 */
public record Signature(int score, String reason, List<Clue> clues) {
    public Signature {
        clues = List.copyOf(clues);
    }

    public static Signature certain(String reason, Clue... clues) {
        return new Signature(100, reason, List.of(clues));
    }

    public static Signature likely(String reason, Clue... clues) {
        return new Signature(70, reason, List.of(clues));
    }

    public static Signature possible(String reason, Clue... clues) {
        return new Signature(40, reason, List.of(clues));
    }

    public static Signature scored(int score, String reason, Clue... clues) {
        return new Signature(score, reason, List.of(clues));
    }
}
