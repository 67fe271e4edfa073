package dev.ioverdict.parse;

/**
 * The part of a format's reading that a line needs little of the file before it for (its values
 * parsed under the last column header, say), done on the threads that cut a big file into pieces
 * ({@link ChunkedLines}) so the state machine, in order, only checks and takes it. Made once per
 * file; each reading thread makes its hints with a {@link Reading} of its own.
 *
 * <p>A hint may rest on a guess (the header another thread met last, in a piece before or after):
 * the sink takes a hint only when it was made under the state the sink is in at that line, and
 * reads the line itself otherwise, so what it makes of the file never depends on the hints.
 */
public interface LineHints {
    /** A reading thread's own maker of hints. */
    Reading reading();

    /** Hints made on one thread, piece after piece. */
    interface Reading {
        /** A new piece of the file begins, not the one after the last. */
        default void piece() {
        }

        /** What the sink will want of {@code line} (not blank), or null. */
        Object of(String line);
    }
}
