package dev.ioverdict.parse;

/**
 * A reading of one file that keeps state from line to line (a header met, a record still open),
 * told each line in order by {@link LineReader#feed}: it writes what a line means, not the loop.
 */
public interface LineSink {
    /** A line that is not blank, with its number (1-based). */
    void line(String line, long number);

    /**
     * A line that is not blank with what its format's {@link LineHints} made of it on a reading
     * thread (null when nothing, or when the file was read on this thread alone). A sink that
     * uses hints checks that each was made under the state it is in now, else reads the line itself.
     */
    default void line(String line, long number, Object hint) {
        line(line, number);
    }

    /** A blank line: for formats where it ends a block. */
    default void blank(long number) {
    }

    /** The end of the file: what is still open is finished here. */
    default void end() {
    }
}
