package dev.ioverdict.parse;

import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

/**
 * One condition of a {@link Signature}: how many of a sample's lines pass a test. Lines are the
 * sample's non-blank lines less those the recogniser passes over; {@link #within} looks only at
 * the first of them, {@link #share} is taken of them all. A clue on the file name (a hint, never enough alone)
 * counts 1 when the name passes.
 *
 * @param test what a line (or the name) must pass
 * @param of what the test looks at
 * @param atLeast fewest passing lines
 * @param atMost most passing lines
 * @param percent least share of the counted lines that must pass, 0 to 100
 * @param within only the first this many lines are tested
 */
public record Clue(Predicate<String> test, Of of, int atLeast, int atMost, int percent, int within) {
    /** What a clue's test is of. */
    public enum Of {
        /** Each non-blank line. */
        LINES,
        /** The lines the recogniser counts, all passing: a bound on the sample's length. */
        COUNTED,
        /** The file name. */
        NAME
    }

    /** Lines passing {@code test}: at least one. */
    public static Clue lines(Predicate<String> test) {
        return new Clue(test, Of.LINES, 1, Integer.MAX_VALUE, 0, Integer.MAX_VALUE);
    }

    /** Lines starting with one of {@code prefixes}. */
    public static Clue startsWith(String... prefixes) {
        List<String> p = List.of(prefixes);
        return lines(l -> p.stream().anyMatch(l::startsWith));
    }

    /** Lines containing one of {@code texts}. */
    public static Clue contains(String... texts) {
        List<String> t = List.of(texts);
        return lines(l -> t.stream().anyMatch(l::contains));
    }

    /** Lines whose first whitespace-separated words are {@code words}. */
    public static Clue words(String... words) {
        return lines(l -> leadingWords(l, words));
    }

    /** Every counted line: with {@link #atMost}, a bound on how long the sample is. */
    public static Clue lineCount() {
        return new Clue(l -> true, Of.COUNTED, 0, Integer.MAX_VALUE, 0, Integer.MAX_VALUE);
    }

    /** The file name passes {@code test}. */
    public static Clue fileName(Predicate<String> test) {
        return new Clue(test, Of.NAME, 1, 1, 0, Integer.MAX_VALUE);
    }

    public Clue atLeast(int n) {
        return new Clue(test, of, n, atMost, percent, within);
    }

    public Clue atMost(int n) {
        return new Clue(test, of, atLeast, n, percent, within);
    }

    /** At least {@code percent} % of the counted lines pass. */
    public Clue share(int percent) {
        return new Clue(test, of, atLeast, atMost, percent, within);
    }

    /** Only the first {@code n} lines are tested ({@code within(1)}: the first line). */
    public Clue within(int n) {
        return new Clue(test, of, atLeast, atMost, percent, n);
    }

    /** Whether {@code passing} of {@code counted} lines meets the clue. */
    boolean holds(int passing, int counted) {
        return passing >= atLeast && passing <= atMost && (long) passing * 100 >= (long) counted * percent;
    }

    private static boolean leadingWords(String line, String[] words) {
        String[] t = line.strip().split("\\s+", words.length + 1);
        return t.length >= words.length && Arrays.equals(t, 0, words.length, words, 0, words.length);
    }
}
