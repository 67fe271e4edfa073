package dev.ioverdict.parse;

import dev.ioverdict.model.InputClock;
import java.io.IOException;
import java.util.List;

/**
 * One input format: recognises its files from their content and streams them into facts.
 * Implementations are stateless; every parse gets its own {@link ParseContext}.
 */
public interface InputFormat {
    /** The format id of CONTRACT.md, e.g. {@code iostat}. */
    String id();

    /**
     * What the format is, in the words of the README's format table, which is written from it
     * (Markdown: commands in backticks), e.g. "`iostat -x` (sysstat old and new layouts, Solaris)".
     */
    String description();

    Recognition recognise(Sample sample);

    /** Which clock the times of its records are on; declared here once, for the report and the time window. */
    default InputClock clock() {
        return InputClock.UNSTATED;
    }

    /** How exactly this format times system calls: the order in which traces of one process are trusted. */
    default SyscallTiming syscallTiming() {
        return SyscallTiming.NONE;
    }

    /** Reads the whole file once, reporting problems to {@code ctx} instead of throwing on bad lines. */
    void parse(InputFile file, ParseContext ctx) throws IOException;

    /**
     * True when the files of this format in one folder are pieces of one stream and must be read
     * together, in one pass ({@link #parseTogether}): blktrace writes one file per device and CPU,
     * and its events only make sense merged in time order, as blkparse does.
     */
    default boolean readsFolderTogether() {
        return false;
    }

    /**
     * Whether a big file's facts may be analysed on a thread of their own, beside the parser
     * (true for the line-by-line text parsers). False for formats whose reading already keeps
     * the cores busy with threads of its own.
     */
    default boolean analysedAlongside() {
        return true;
    }

    /** Reads {@code files} (one folder's, in path order) as one stream; {@code contexts.get(i)} is {@code files.get(i)}'s. */
    default void parseTogether(List<InputFile> files, List<ParseContext> contexts) throws IOException {
        for (int i = 0; i < files.size(); i++) {
            parse(files.get(i), contexts.get(i));
        }
    }
}
