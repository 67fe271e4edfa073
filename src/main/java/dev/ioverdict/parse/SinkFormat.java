package dev.ioverdict.parse;

import dev.ioverdict.model.InputClock;
import java.io.IOException;
import java.util.function.Function;

/**
 * A text format read by a state machine over its lines: a fresh {@link LineSink} per file, fed
 * every line and told the end, so the format declares its reader and writes only the machine.
 */
public abstract class SinkFormat extends TextFormat {
    private final Function<ParseContext, LineSink> reader;

    protected SinkFormat(String id, InputClock clock, String description, Recogniser recogniser,
                         Function<ParseContext, LineSink> reader) {
        super(id, clock, description, recogniser);
        this.reader = reader;
    }

    @Override
    protected final void read(LineReader in, ParseContext ctx) throws IOException {
        in.feed(reader.apply(ctx));
    }
}
