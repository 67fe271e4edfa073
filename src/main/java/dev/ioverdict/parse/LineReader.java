package dev.ioverdict.parse;

import java.io.Closeable;
import java.io.IOException;

/**
 * The read loop every text format shares: the lines of one file with the number and text of the
 * current one, and the file's context at hand, so a bad line is reported where it stands
 * ({@code input:line}, the reason) and reading goes on with the next. Lines are those of
 * {@link Lines}: cut at the context's limit, undecodable bytes replaced, never refused.
 */
public final class LineReader implements Closeable {
    private final String path;
    private final Lines lines;
    private final ParseContext ctx;
    private String line;

    public LineReader(String path, Lines lines, ParseContext ctx) {
        this.path = path;
        this.lines = lines;
        this.ctx = ctx;
    }

    public static LineReader of(InputFile file, ParseContext ctx) throws IOException {
        return new LineReader(file.path(), Lines.of(file, ctx), ctx);
    }

    /** The file's path inside the bundle, whose name may say what the content does not (strace -ff's pid). */
    public String path() {
        return path;
    }

    /** The next line, or null at the end of the file. */
    public String next() throws IOException {
        line = lines.next();
        return line;
    }

    /** The next line that is not blank, or null at the end: for formats where a blank line says nothing. */
    public String nextNonBlank() throws IOException {
        do {
            line = lines.next();
        } while (line != null && line.isBlank());
        return line;
    }

    /**
     * Moves to the next line for a hot parser that reads bytes and makes a String only of the
     * lines it keeps (see {@link Lines#advance()}); false at the end. Not mixed with {@link #next()}.
     */
    public boolean advance() throws IOException {
        line = null;
        return lines.advance();
    }

    /** The bytes of the line {@link #advance()} moved to, valid up to {@link #length()}. */
    public byte[] bytes() {
        return lines.bytes();
    }

    public int length() {
        return lines.length();
    }

    /** Whether {@link #bytes()} hold exactly the line's characters (ASCII, not cut). */
    public boolean inBytes() {
        return lines.inBytes();
    }

    /** The line {@link #advance()} moved to, as a String (made once, when asked). */
    public String text() {
        return lines.text();
    }

    /** Tells {@code sink} every line to the end, blank ones apart, then the end. */
    public void feed(LineSink sink) throws IOException {
        while (next() != null) {
            if (line.isBlank()) {
                sink.blank(lines.number());
            } else {
                sink.line(line, lines.number());
            }
        }
        sink.end();
    }

    /** The number (1-based) of the current line; after the end, the number of lines read. */
    public long number() {
        return lines.number();
    }

    /** The current line, as {@link #next()} returned it or {@link #text()} gives it. */
    public String line() {
        return line != null ? line : lines.text();
    }

    /** The current line's place in the bundle, {@code input:line}, for messages that name it. */
    public String where() {
        return ctx.input() + ":" + lines.number();
    }

    /** The current line was read but not used: a warning with {@code reason}; the rest of the file is read. */
    public void skip(String reason) {
        ctx.skip(lines.number(), reason);
    }

    /** A warning about the current line, which was used. */
    public void warn(String message) {
        ctx.warn(lines.number(), message);
    }

    /** Tells the context how many lines the file had; called once the file is read to its end. */
    public void countLines() {
        ctx.lines(lines.number());
    }

    @Override
    public void close() throws IOException {
        lines.close();
    }
}
