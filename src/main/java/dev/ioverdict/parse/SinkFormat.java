package dev.ioverdict.parse;

import dev.ioverdict.model.InputClock;
import java.io.IOException;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A text format read by a state machine over its lines: a fresh {@link LineSink} per file, fed
 * every line and told the end, so the format declares its reader and writes only the machine.
 */
public abstract class SinkFormat extends TextFormat {
    private final Function<ParseContext, LineSink> reader;
    private final Supplier<LineHints> hints;

    protected SinkFormat(String id, InputClock clock, String description, Recogniser recogniser,
                         Function<ParseContext, LineSink> reader) {
        this(id, clock, description, recogniser, reader, null);
    }

    /** A format whose sink takes {@code hints} made on the reading threads of a big file. */
    protected SinkFormat(String id, InputClock clock, String description, Recogniser recogniser,
                         Function<ParseContext, LineSink> reader, Supplier<LineHints> hints) {
        super(id, clock, description, recogniser);
        this.reader = reader;
        this.hints = hints;
    }

    @Override
    protected final void read(LineReader in, ParseContext ctx) throws IOException {
        in.feed(reader.apply(ctx), hints);
    }
}
