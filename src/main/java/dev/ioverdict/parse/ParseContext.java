package dev.ioverdict.parse;

import dev.ioverdict.model.Diagnostic;
import dev.ioverdict.model.Fact;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.InputSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;

/** What one parse of one file reports: its facts, its counts and its problems. */
public final class ParseContext {
    /** Past this many, warnings are counted but not listed: a broken multi-GB file must not flood the report. */
    public static final int LISTED_WARNINGS = 100;

    private final String input;
    private final Consumer<? super Fact> sink;
    private final int maxLineLength;
    private final Predicate<? super Fact> admit;
    private final List<Diagnostic> warnings = new ArrayList<>();
    private long warningsNotListed;
    private final List<String> notes = new ArrayList<>();
    private long lines;
    private long records;
    private long skipped;
    private double firstTime = Double.NaN;
    private double lastTime = Double.NaN;

    public ParseContext(String input, Facts facts) {
        this(input, facts, Lines.DEFAULT_MAX_LENGTH, null);
    }

    public ParseContext(String input, Facts facts, int maxLineLength) {
        this(input, facts, maxLineLength, null);
    }

    /** A context whose facts pass {@code admit} first (the pipeline's time window); null admits all. */
    public ParseContext(String input, Facts facts, int maxLineLength, Predicate<? super Fact> admit) {
        this(input, (Consumer<Fact>) facts::add, maxLineLength, admit);
    }

    /**
     * A context whose facts, once admitted, go to {@code sink} rather than straight into a
     * {@link Facts} (the pipeline hands a big file's facts to the analyses on a thread of their own).
     */
    public ParseContext(String input, Consumer<? super Fact> sink, int maxLineLength, Predicate<? super Fact> admit) {
        this.input = input;
        this.sink = sink;
        this.maxLineLength = maxLineLength;
        this.admit = admit;
    }

    /** Longest line a parser is given whole, in characters; longer ones are cut (see {@link Lines}). */
    public int maxLineLength() {
        return maxLineLength;
    }

    /** A line was longer than the limit: the parser saw only its start. */
    public void lineCut(long line, long length, int kept) {
        warn(line, "line of " + length + " characters cut to its first " + kept
                + " (--max-line-length); the rest of the line was not read");
    }

    /** Path of the file inside the bundle, for evidence. */
    public String input() {
        return input;
    }

    public void emit(Fact fact) {
        if (admit != null && !admit.test(fact)) {
            return;
        }
        sink.accept(fact);
    }

    public void record() {
        records++;
    }

    public void records(long n) {
        records += n;
    }

    public void lines(long n) {
        lines = n;
    }

    /** A line that was read but not used, with the reason. */
    public void skip(long line, String reason) {
        skipped++;
        warn(line, reason);
    }

    public void warn(long line, String message) {
        if (warnings.size() < LISTED_WARNINGS) {
            warnings.add(new Diagnostic(line, message));
        } else {
            warningsNotListed++;
        }
    }

    /**
     * What a valid file holds or lacks, for the inventory: a note loses nothing, so unlike a
     * warning it does not make the input damaged. The same note is kept once.
     */
    public void note(String message) {
        if (notes.size() < LISTED_WARNINGS && !notes.contains(message)) {
            notes.add(message);
        }
    }

    public List<String> notes() {
        return List.copyOf(notes);
    }

    /** A record time in the file's own clock (seconds), to give the inventory its span. */
    public void time(double t) {
        if (Double.isNaN(firstTime) || t < firstTime) {
            firstTime = t;
        }
        if (Double.isNaN(lastTime) || t > lastTime) {
            lastTime = t;
        }
    }

    public long recordCount() {
        return records;
    }

    public InputSummary summary(String format, String detectedBecause) {
        return new InputSummary(input, format, detectedBecause, lines, records, skipped,
                Double.isNaN(firstTime) ? null : firstTime, Double.isNaN(lastTime) ? null : lastTime,
                warnings, warningsNotListed, notes);
    }
}
