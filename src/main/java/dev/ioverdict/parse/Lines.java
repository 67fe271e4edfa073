package dev.ioverdict.parse;

import dev.ioverdict.parse.text.Bytes;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

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

    private final InputStream in;
    private final int maxLength;
    private final int keptBytes;
    private final CutListener onCut;
    private byte[] buf = new byte[1 << 16];
    private byte[] line = new byte[256];
    private int pos;
    private int limit;
    private boolean skipLf;
    private long number;
    /** The line {@link #advance()} moved to: {@code line[0, length)}, its String made when asked. */
    private int length;
    private int asciiState; // 0 not known yet, 1 ASCII, -1 other bytes
    private String text;
    /** What {@link #gather()} found besides the bytes: the decoded text of a non-ASCII line, or null. */
    private String gatheredText;
    private boolean bomChecked;

    public Lines(InputStream in) {
        this(in, DEFAULT_MAX_LENGTH, (n, len, kept) -> { });
    }

    public Lines(InputStream in, int maxLength, CutListener onCut) {
        this.in = in;
        this.maxLength = maxLength;
        // a UTF-8 character is at most 4 bytes: this many bytes always hold maxLength characters
        this.keptBytes = maxLength <= (Integer.MAX_VALUE - 16) / 4 ? maxLength * 4 : Integer.MAX_VALUE - 16;
        this.onCut = onCut;
    }

    /**
     * The lines of {@code bytes[from, to)}, which end at a line's end (or the file's), read in place:
     * a piece of a file cut for {@link ChunkedLines}. Its numbers start at 1 again; the byte order
     * mark is looked for only where {@code fileStart} says the piece begins the file.
     */
    static Lines of(byte[] bytes, int from, int to, boolean fileStart, int maxLength, CutListener onCut) {
        Lines lines = new Lines(InputStream.nullInputStream(), maxLength, onCut);
        lines.buf = bytes;
        lines.pos = from;
        lines.limit = to;
        if (fileStart && to - from >= 3 && bytes[from] == (byte) 0xef && bytes[from + 1] == (byte) 0xbb
                && bytes[from + 2] == (byte) 0xbf) {
            lines.pos = from + 3;
        }
        lines.bomChecked = true;
        return lines;
    }

    /**
     * The lines of {@code in}, the rest of a file from a line's start: numbers start at 1 again, and the byte
     * order mark is looked for only where {@code fileStart} says the rest is the whole file.
     */
    static Lines rest(InputStream in, boolean fileStart, int maxLength, CutListener onCut) {
        Lines lines = new Lines(in, maxLength, onCut);
        lines.bomChecked = !fileStart;
        return lines;
    }

    /** The stream not yet read from, for a reading that takes the file over before its first line; else null. */
    InputStream unread() {
        return number == 0 && limit == 0 && !bomChecked ? in : null;
    }

    public static Lines of(InputFile file) throws IOException {
        return new Lines(file.open());
    }

    /** Lines of {@code file} cut at the context's limit, each cut a warning of the context. */
    public static Lines of(InputFile file, ParseContext ctx) throws IOException {
        return new Lines(file.open(), ctx.maxLineLength(), ctx::lineCut);
    }

    /**
     * The next line without its terminator, or null at the end. Lines are found in the bytes and
     * decoded one by one: a line of ASCII (nearly every line of a trace) becomes a String with one
     * copy, and only a line with other bytes goes through the UTF-8 decoder.
     */
    public String next() throws IOException {
        if (!bomChecked) {
            skipBom();
        }
        int end = wholeLineEnd();
        if (end >= 0) {
            // ASCII is copied as is (the decoder checks it a word at a time); other bytes are decoded
            String text = new String(buf, pos, end - pos, StandardCharsets.UTF_8);
            passLine(end);
            return text;
        }
        int kept = gather();
        if (kept < 0) {
            return null;
        }
        return gatheredText != null ? gatheredText
                : new String(line, 0, Math.min(kept, maxLength), StandardCharsets.ISO_8859_1);
    }

    /**
     * Moves to the next line for a parser that reads bytes ({@link #bytes()}, {@link #length()})
     * and makes a String only of the lines it keeps ({@link #text()}); false at the end. Lines,
     * numbers, terminators, decoding and cuts are those of {@link #next()}: the two are not mixed
     * on one reader.
     */
    public boolean advance() throws IOException {
        if (!bomChecked) {
            skipBom();
        }
        text = null;
        asciiState = 0;
        int end = wholeLineEnd();
        if (end >= 0) {
            int n = end - pos;
            if (n > line.length) {
                line = Arrays.copyOf(line, Math.max(n, line.length * 2));
            }
            System.arraycopy(buf, pos, line, 0, n);
            length = n;
            passLine(end);
            return true;
        }
        int kept = gather();
        if (kept < 0) {
            return false;
        }
        length = kept;
        text = gatheredText;
        asciiState = gatheredText == null ? 1 : -1;
        return true;
    }

    /** The bytes of the line {@link #advance()} moved to, valid up to {@link #length()} until it moves again. */
    public byte[] bytes() {
        return line;
    }

    public int length() {
        return length;
    }

    /** Whether {@link #bytes()} hold exactly the characters of {@link #text()}: an ASCII line, not cut. */
    public boolean inBytes() {
        if (asciiState == 0) {
            asciiState = ascii(line, length) ? 1 : -1;
        }
        return asciiState > 0 && length <= maxLength;
    }

    /** The line {@link #advance()} moved to as {@link #next()} would have given it (made once, when asked). */
    public String text() {
        if (text == null) {
            inBytes(); // knows whether it is ASCII
            text = asciiState > 0 ? new String(line, 0, Math.min(length, maxLength), StandardCharsets.ISO_8859_1)
                    : new String(line, 0, length, StandardCharsets.UTF_8);
        }
        return text;
    }

    private static boolean ascii(byte[] b, int n) {
        long high = 0;
        int i = 0;
        for (; i + 8 <= n; i += 8) {
            high |= (long) LONGS.get(b, i);
        }
        for (; i < n; i++) {
            high |= b[i];
        }
        return (high & HIGHS) == 0;
    }

    /**
     * The common case, for both readings: where the next line ends when it lies whole in the
     * buffer and within the limit (it is then taken with one copy), else -1. Passes the '\n' of
     * a "\r\n" first.
     */
    private int wholeLineEnd() {
        if (pos < limit && skipLf) {
            skipLf = false;
            if (buf[pos] == '\n') {
                pos++;
            }
        }
        if (pos < limit) {
            int end = lineEnd(buf, pos, limit);
            if (end < limit && end - pos <= maxLength) {
                return end;
            }
        }
        return -1;
    }

    /** Moves past the line that ends at {@code end} (its terminator in the buffer). */
    private void passLine(int end) {
        skipLf = buf[end] == '\r';
        pos = end + 1;
        number++;
    }

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long HIGHS = 0x8080808080808080L;

    /**
     * The index of the first '\n' or '\r' in {@code b[from, to)}, or {@code to}: eight bytes at a
     * time, each word tested for a byte equal to either (the lowest flagged byte is always a true match).
     */
    static int lineEnd(byte[] b, int from, int to) {
        return Bytes.endAt(b, from, to, (byte) '\n', (byte) '\r');
    }

    /**
     * A line that runs past the buffer's end (or past the limit), gathered piece by piece into
     * {@code line}: the number of bytes kept, or -1 at the end. A line with other bytes than
     * ASCII is decoded here (its length in characters decides the cut) into {@code gatheredText}.
     */
    private int gather() throws IOException {
        gatheredText = null;
        int kept = 0;
        long beyond = 0; // characters past what is kept, for the cut's report
        int high = 0;
        boolean any = false;
        while (true) {
            if (pos >= limit) {
                int n = in.read(buf, 0, buf.length);
                if (n <= 0) {
                    if (!any) {
                        return -1;
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
            byte[] b = buf;
            while (i < limit) {
                byte c = b[i];
                if (c == '\n' || c == '\r') {
                    break;
                }
                high |= c;
                i++;
            }
            int take = i - pos;
            int room = Math.max(keptBytes - kept, 0);
            int copy = Math.min(take, room);
            if (kept + copy > line.length) {
                line = Arrays.copyOf(line, Math.max(kept + copy, Math.min(line.length * 2, keptBytes)));
            }
            System.arraycopy(b, pos, line, kept, copy);
            kept += copy;
            for (int k = pos + copy; k < i; k++) {
                int c = b[k] & 0xff;
                beyond += (c & 0xc0) == 0x80 ? 0 : c >= 0xf0 ? 2 : 1;
            }
            pos = i;
            if (i < limit) {
                skipLf = b[pos] == '\r';
                pos++;
                break;
            }
        }
        number++;
        long chars;
        if (high >= 0) {
            chars = kept + beyond;
        } else {
            String decoded = new String(line, 0, kept, StandardCharsets.UTF_8);
            chars = decoded.length() + beyond;
            gatheredText = decoded.length() > maxLength ? decoded.substring(0, maxLength) : decoded;
        }
        if (chars > maxLength) {
            onCut.cut(number, chars, maxLength);
        }
        return kept;
    }

    /**
     * Passes a UTF-8 byte order mark at the file's start (as Windows editors save a file): it is
     * no character of the first line, which would otherwise fail to read as its format's first line.
     */
    private void skipBom() throws IOException {
        bomChecked = true;
        while (limit < 3) {
            int n = in.read(buf, limit, buf.length - limit);
            if (n <= 0) {
                break;
            }
            limit += n;
        }
        if (limit >= 3 && buf[0] == (byte) 0xef && buf[1] == (byte) 0xbb && buf[2] == (byte) 0xbf) {
            pos = 3;
        }
    }

    /** Number of the line last returned by {@link #next()}. */
    public long number() {
        return number;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
