package dev.ioverdict.parse;

import java.util.List;
import java.util.function.Predicate;

/**
 * How a format knows its files from a {@link Sample}. Most formats declare it as data with
 * {@link #of}: signatures tried in order, the first whose clues all hold decides. A format whose
 * signs depend on what came before in the file (a column layout, a record that spans lines) gives
 * a function of its own.
 */
@FunctionalInterface
public interface Recogniser {
    Recognition recognise(Sample sample);

    /** The first of {@code signatures} that holds, looking at the sample's non-blank lines. */
    static Recogniser of(Signature... signatures) {
        return of(l -> false, signatures);
    }

    /**
     * The first of {@code signatures} that holds, passing over the blank lines and those
     * {@code passedOver} (comments, a shell prompt, call-chain frames): they neither pass a clue nor
     * count in a share.
     */
    static Recogniser of(Predicate<String> passedOver, Signature... signatures) {
        List<Signature> list = List.of(signatures);
        return sample -> decide(sample, passedOver, list);
    }

    private static Recognition decide(Sample sample, Predicate<String> passedOver, List<Signature> signatures) {
        List<String> lines = sample.lines().stream().filter(l -> !l.isBlank() && !passedOver.test(l)).toList();
        int counted = lines.size();
        for (Signature s : signatures) {
            int[] passing = new int[s.clues().size()];
            String firstLine = null;
            boolean holds = true;
            for (int c = 0; c < passing.length && holds; c++) {
                Clue clue = s.clues().get(c);
                passing[c] = switch (clue.of()) {
                    case NAME -> clue.test().test(sample.fileName()) ? 1 : 0;
                    case COUNTED -> counted;
                    case LINES -> {
                        int n = 0;
                        for (int i = 0; i < lines.size() && i < clue.within(); i++) {
                            if (clue.test().test(lines.get(i))) {
                                n++;
                                if (c == 0 && firstLine == null) {
                                    firstLine = lines.get(i);
                                }
                            }
                        }
                        yield n;
                    }
                };
                holds = clue.holds(passing[c], counted);
            }
            if (holds) {
                return new Recognition(s.score(), reason(s.reason(), passing, firstLine));
            }
        }
        return Recognition.NO;
    }

    private static String reason(String template, int[] passing, String firstLine) {
        String r = template;
        for (int i = 0; i < passing.length; i++) {
            r = r.replace("{" + i + "}", Integer.toString(passing[i]));
        }
        return firstLine == null ? r : r.replace("{line}", firstLine.strip());
    }
}
