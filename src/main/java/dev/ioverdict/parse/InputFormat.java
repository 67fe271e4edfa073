package dev.ioverdict.parse;

import java.io.IOException;

/**
 * One input format: recognises its files from their content and streams them into facts.
 * Implementations are stateless; every parse gets its own {@link ParseContext}.
 */
public interface InputFormat {
    /** The format id of CONTRACT.md, e.g. {@code iostat}. */
    String id();

    /** A few words for the inventory and {@code inspect}, e.g. "iostat -x (sysstat, Solaris)". */
    String description();

    Recognition recognise(Sample sample);

    /** Reads the whole file once, reporting problems to {@code ctx} instead of throwing on bad lines. */
    void parse(InputFile file, ParseContext ctx) throws IOException;
}
