package dev.ioverdict.parse;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.Supplier;

/**
 * The read loop every text format shares: the lines of one file with the number and text of the
 * current one, and the file's context at hand, so a bad line is reported where it stands
 * ({@code input:line}, the reason) and reading goes on with the next. Lines are those of
 * {@link Lines}: cut at the context's limit, undecodable bytes replaced, never refused.
 */
public final class LineReader implements Closeable {
    /** From how many bytes a file is fed to its sink with every core ({@link ChunkedLines}); a system property for tests. */
    public static final String CHUNKED_FROM_BYTES = "ioverdict.chunkedLines.fromBytes";
    /** How many threads read the pieces (default: the cores but one); a system property for benchmarks. */
    public static final String CHUNKED_WORKERS = "ioverdict.chunkedLines.workers";
    /** The size of a piece in bytes; a system property for tests that cut small files into many. */
    public static final String CHUNKED_PIECE_BYTES = "ioverdict.chunkedLines.pieceBytes";

    private final String path;
    private final Lines lines;
    private final ParseContext ctx;
    private final long size;
    private String line;
    /** The lines {@link #feed} told, when the file went through {@link ChunkedLines}; else -1. */
    private long fed = -1;

    public LineReader(String path, Lines lines, ParseContext ctx) {
        this(path, lines, ctx, -1);
    }

    private LineReader(String path, Lines lines, ParseContext ctx, long size) {
        this.path = path;
        this.lines = lines;
        this.ctx = ctx;
        this.size = size;
    }

    public static LineReader of(InputFile file, ParseContext ctx) throws IOException {
        return new LineReader(file.path(), Lines.of(file, ctx), ctx, file.size());
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
        feed(sink, null);
    }

    /**
     * Tells {@code sink} every line to the end, blank ones apart, then the end; a big file with
     * every core, each line with what {@code hints} (null: none) made of it on a reading thread.
     */
    public void feed(LineSink sink, Supplier<LineHints> hints) throws IOException {
        // in pieces only where the format's hints take work off this thread: without them the
        // pieces cost more CPU than they give back on 2 cores (docs/PERFORMANCE.md, round twenty-seven)
        InputStream unread = hints != null && inPieces() ? lines.unread() : null;
        if (unread != null) {
            fed = new ChunkedLines(unread, workers(), pieceBytes(), ChunkedLines.LONGEST_PIECE, ctx.maxLineLength(),
                    ctx::lineCut, hints).feed(sink);
            return;
        }
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
        return fed >= 0 ? fed : lines.number();
    }

    /** The current line, as {@link #next()} returned it or {@link #text()} gives it. */
    public String line() {
        return line != null ? line : text();
    }

    /** The current line's place in the bundle, {@code input:line}, for messages that name it. */
    public String where() {
        return ctx.input() + ":" + number();
    }

    /** The current line was read but not used: a warning with {@code reason}; the rest of the file is read. */
    public void skip(String reason) {
        ctx.skip(number(), reason);
    }

    /** A warning about the current line, which was used. */
    public void warn(String message) {
        ctx.warn(number(), message);
    }

    /** Tells the context how many lines the file had; called once the file is read to its end. */
    public void countLines() {
        ctx.lines(number());
    }

    /** Whether the file is big enough to read in pieces, with a core to spare. */
    private boolean inPieces() {
        return Runtime.getRuntime().availableProcessors() > 1 && size >= 0
                && size >= Long.getLong(CHUNKED_FROM_BYTES, 8L << 20);
    }

    /**
     * The cores but one: this thread, the reading's own, is busy too (on 2 cores one worker beside it read
     * 1 GB of sar or iostat as fast as two, with less CPU).
     */
    private static int workers() {
        return Integer.getInteger(CHUNKED_WORKERS, Math.max(1, Runtime.getRuntime().availableProcessors() - 1));
    }

    private static int pieceBytes() {
        return Integer.getInteger(CHUNKED_PIECE_BYTES, ChunkedLines.PIECE);
    }

    @Override
    public void close() throws IOException {
        lines.close();
    }
}
