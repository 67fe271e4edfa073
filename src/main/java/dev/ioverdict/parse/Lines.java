package dev.ioverdict.parse;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;

/**
 * A line reader that knows the current line number (1-based). Undecodable bytes become U+FFFD
 * rather than an exception: a customer's file is never refused for its encoding. A line longer
 * than the limit is cut: the parser sees its first {@code maxLength} characters, the rest is
 * skipped without being held, and the cut is reported (a 6 GB "line" costs no memory).
 * Terminators are those of {@link java.io.BufferedReader#readLine()}: "\n", "\r" and "\r\n".
 */
public final class Lines implements Closeable {
    /** Default longest line kept whole, in characters. */
    public static final int DEFAULT_MAX_LENGTH = 4 << 20;

    /** Told of each line that was cut: its number and its full length in characters. */
    public interface CutListener {
        void cut(long line, long length, int kept);
    }

    private final Reader reader;
    private final int maxLength;
    private final CutListener onCut;
    private final char[] buf = new char[1 << 16];
    private final StringBuilder line = new StringBuilder(256);
    private int pos;
    private int limit;
    private boolean skipLf;
    private long number;

    public Lines(InputStream in) {
        this(in, DEFAULT_MAX_LENGTH, (n, len, kept) -> { });
    }

    public Lines(InputStream in, int maxLength, CutListener onCut) {
        this.reader = new InputStreamReader(in, StandardCharsets.UTF_8);
        this.maxLength = maxLength;
        this.onCut = onCut;
    }

    public static Lines of(InputFile file) throws IOException {
        return new Lines(file.open());
    }

    /** Lines of {@code file} cut at the context's limit, each cut a warning of the context. */
    public static Lines of(InputFile file, ParseContext ctx) throws IOException {
        return new Lines(file.open(), ctx.maxLineLength(), ctx::lineCut);
    }

    /** The next line without its terminator, or null at the end. */
    public String next() throws IOException {
        line.setLength(0);
        long length = 0;
        boolean any = false;
        while (true) {
            if (pos >= limit) {
                int n = reader.read(buf, 0, buf.length);
                if (n <= 0) {
                    if (!any) {
                        return null;
                    }
                    break;
                }
                pos = 0;
                limit = n;
            }
            if (skipLf) {
                skipLf = false;
                if (buf[pos] == '\n') {
                    pos++;
                    continue;
                }
            }
            any = true;
            int i = pos;
            while (i < limit && buf[i] != '\n' && buf[i] != '\r') {
                i++;
            }
            int take = i - pos;
            int room = maxLength - line.length();
            line.append(buf, pos, Math.min(take, Math.max(room, 0)));
            length += take;
            pos = i;
            if (i < limit) {
                skipLf = buf[pos] == '\r';
                pos++;
                break;
            }
        }
        number++;
        if (length > maxLength) {
            onCut.cut(number, length, maxLength);
        }
        return line.toString();
    }

    /** Number of the line last returned by {@link #next()}. */
    public long number() {
        return number;
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }
}
