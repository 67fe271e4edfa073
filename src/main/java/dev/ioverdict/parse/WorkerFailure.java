package dev.ioverdict.parse;

import java.io.IOException;

/** What a parser's worker thread threw, given back on the parser's own thread as it was thrown. */
public final class WorkerFailure {
    private WorkerFailure() {
    }

    /**
     * Throws {@code t} itself when it is unchecked; otherwise returns it as an IOException for the
     * caller to throw (the parser's {@code parse} declares only that).
     */
    public static IOException rethrow(Throwable t) {
        if (t instanceof IOException io) {
            return io;
        }
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error err) {
            throw err;
        }
        return new IOException(t);
    }
}
