package dev.ioverdict.parse.perf;

import dev.ioverdict.parse.InputFile;
import dev.ioverdict.parse.Lines;
import dev.ioverdict.parse.ParseContext;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * {@link Lines} with the current line's bytes in view: about half of a perf script with call
 * chains is frame lines, which are read from the bytes (only the symbol is looked up) and never
 * become a String. Every other line is {@link #text()}, the String {@link Lines#next()} would give,
 * with the same terminators, U+FFFD decoding and cut rules (a cut line is reported as it is read).
 */
final class ScriptLines implements Closeable {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private final InputStream in;
    private final int maxLength;
    private final int keptBytes;
    private final Lines.CutListener onCut;
    private final byte[] buf = new byte[1 << 16];
    private byte[] line = new byte[256];
    private int length;
    private boolean ascii;
    private String text;
    private int pos;
    private int limit;
    private boolean skipLf;
    private long number;

    ScriptLines(InputStream in, int maxLength, Lines.CutListener onCut) {
        this.in = in;
        this.maxLength = maxLength;
        // a UTF-8 character is at most 4 bytes: this many bytes always hold maxLength characters
        this.keptBytes = maxLength <= (Integer.MAX_VALUE - 16) / 4 ? maxLength * 4 : Integer.MAX_VALUE - 16;
        this.onCut = onCut;
    }

    static ScriptLines of(InputFile file, ParseContext ctx) throws IOException {
        return new ScriptLines(file.open(), ctx.maxLineLength(), ctx::lineCut);
    }

    /** Moves to the next line; false at the end. */
    boolean next() throws IOException {
        int kept = 0;
        long beyond = 0; // characters past what is kept, for the cut's report
        int high = 0;
        boolean any = false;
        while (true) {
            if (pos >= limit) {
                int n = in.read(buf, 0, buf.length);
                if (n <= 0) {
                    if (!any) {
                        return false;
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
            // eight bytes at a time while none is a terminator; the word holding one is finished byte by byte
            long highBits = 0;
            while (i + 8 <= limit) {
                long w = (long) LONGS.get(b, i);
                long lf = w ^ 0x0a0a0a0a0a0a0a0aL;
                long cr = w ^ 0x0d0d0d0d0d0d0d0dL;
                long zeroByte = ((lf - 0x0101010101010101L) & ~lf) | ((cr - 0x0101010101010101L) & ~cr);
                if ((zeroByte & 0x8080808080808080L) != 0) {
                    break;
                }
                highBits |= w;
                i += 8;
            }
            if ((highBits & 0x8080808080808080L) != 0) {
                high = -1;
            }
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
        length = kept;
        ascii = high >= 0;
        long chars;
        if (ascii) {
            text = null; // made on demand
            chars = kept + beyond;
        } else {
            text = new String(line, 0, kept, StandardCharsets.UTF_8);
            chars = text.length() + beyond;
            if (text.length() > maxLength) {
                text = text.substring(0, maxLength);
            }
        }
        if (chars > maxLength) {
            onCut.cut(number, chars, maxLength);
        }
        return true;
    }

    /** Whether {@link #bytes()} hold exactly the characters of {@link #text()} (an ASCII line not cut). */
    boolean inBytes() {
        return ascii && length <= maxLength;
    }

    /** The current line's bytes, valid up to {@link #length()} until the next call of {@link #next()}. */
    byte[] bytes() {
        return line;
    }

    int length() {
        return length;
    }

    /** The current line as a String (made once per line, when asked for). */
    String text() {
        if (text == null) {
            text = new String(line, 0, Math.min(length, maxLength), StandardCharsets.ISO_8859_1);
        }
        return text;
    }

    /** Number of the current line (1-based). */
    long number() {
        return number;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
