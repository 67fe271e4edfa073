package dev.ioverdict.parse;

import java.io.IOException;

/**
 * A format that reads a big file on every core ({@link ChunkedLines}) and gives exactly what
 * reading it line by line on one thread gives: the same facts in the same order, the same counts,
 * warnings and span.
 */
public interface ChunkedFormat extends InputFormat {
    /** Reads {@code file} in chunks of about {@code chunkSize} bytes decoded by {@code workers} threads. */
    void parseChunked(InputFile file, ParseContext ctx, int workers, int chunkSize) throws IOException;
}
