package dev.ioverdict.parse;

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
    private final byte[] buf = new byte[1 << 16];
    private byte[] line = new byte[256];
    private int pos;
    private int limit;
    private boolean skipLf;
    private long number;

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
        if (pos < limit && skipLf) {
            skipLf = false;
            if (buf[pos] == '\n') {
                pos++;
            }
        }
        if (pos < limit) {
            // the common case: the whole line is in the buffer and short; one copy, straight into its String
            int end = lineEnd(buf, pos, limit);
            if (end < limit && end - pos <= maxLength) {
                // ASCII is copied as is (the decoder checks it a word at a time); other bytes are decoded
                String text = new String(buf, pos, end - pos, StandardCharsets.UTF_8);
                skipLf = buf[end] == '\r';
                pos = end + 1;
                number++;
                return text;
            }
        }
        return joined();
    }

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;

    /**
     * The index of the first '\n' or '\r' in {@code b[from, to)}, or {@code to}: eight bytes at a
     * time, each word tested for a byte equal to either (the lowest flagged byte is always a true match).
     */
    static int lineEnd(byte[] b, int from, int to) {
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long w = (long) LONGS.get(b, i);
            long lf = w ^ 0x0A0A0A0A0A0A0A0AL;
            long cr = w ^ 0x0D0D0D0D0D0D0D0DL;
            long hit = ((lf - ONES) & ~lf | (cr - ONES) & ~cr) & HIGHS;
            if (hit != 0) {
                return i + (Long.numberOfTrailingZeros(hit) >>> 3);
            }
        }
        for (; i < to; i++) {
            byte c = b[i];
            if (c == '\n' || c == '\r') {
                return i;
            }
        }
        return to;
    }

    /** A line that runs past the buffer's end (or past the limit): gathered piece by piece. */
    private String joined() throws IOException {
        int length = 0;
        long beyond = 0; // characters past what is kept, for the cut's report
        int high = 0;
        boolean any = false;
        while (true) {
            if (pos >= limit) {
                int n = in.read(buf, 0, buf.length);
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
            int room = Math.max(keptBytes - length, 0);
            int copy = Math.min(take, room);
            if (length + copy > line.length) {
                line = Arrays.copyOf(line, Math.max(length + copy, Math.min(line.length * 2, keptBytes)));
            }
            System.arraycopy(b, pos, line, length, copy);
            length += copy;
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
        String text;
        long chars;
        if (high >= 0) {
            text = new String(line, 0, Math.min(length, maxLength), StandardCharsets.ISO_8859_1);
            chars = length + beyond;
        } else {
            text = new String(line, 0, length, StandardCharsets.UTF_8);
            chars = text.length() + beyond;
            if (text.length() > maxLength) {
                text = text.substring(0, maxLength);
            }
        }
        if (chars > maxLength) {
            onCut.cut(number, chars, maxLength);
        }
        return text;
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
