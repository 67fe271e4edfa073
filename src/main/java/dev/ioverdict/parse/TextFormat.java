package dev.ioverdict.parse;

import dev.ioverdict.model.InputClock;
import java.io.IOException;

/**
 * A format read as text, line by line: what it is (id, description, clock, how it is recognised)
 * is declared once in its constructor, and a format writes only what it does with the lines.
 */
public abstract class TextFormat implements InputFormat {
    private final String id;
    private final InputClock clock;
    private final String description;
    private final Recogniser recogniser;

    protected TextFormat(String id, String description, Recogniser recogniser) {
        this(id, InputClock.UNSTATED, description, recogniser);
    }

    protected TextFormat(String id, InputClock clock, String description, Recogniser recogniser) {
        this.id = id;
        this.clock = clock;
        this.description = description;
        this.recogniser = recogniser;
    }

    @Override
    public final String id() {
        return id;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final InputClock clock() {
        return clock;
    }

    @Override
    public final Recognition recognise(Sample sample) {
        return recogniser.recognise(sample);
    }

    @Override
    public void parse(InputFile file, ParseContext ctx) throws IOException {
        try (LineReader in = LineReader.of(file, ctx)) {
            read(in, ctx);
            in.countLines();
        }
    }

    /** Reads the file's lines from {@code in}, reporting bad ones through it and keeping the rest. */
    protected abstract void read(LineReader in, ParseContext ctx) throws IOException;
}
