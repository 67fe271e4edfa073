package dev.ioverdict.parse.blkparse;

import dev.ioverdict.parse.Lines;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Lines of a stream as ranges of one reused byte buffer, so a multi-GB trace is never decoded
 * into Strings it does not need. After {@link #next()}, the line is {@code buffer()[start(), end())}
 * without its terminator ("\n" or "\r\n").
 */
final class ByteLines {
    private static final int INITIAL = 1 << 20;
    /** Room read past a cut line's kept start while looking for its end. */
    private static final int SKIP_ROOM = 1 << 16;
    private static final int READ = 1 << 16;
    /** Highest limit honoured: a line is held in one array. */
    static final int MAX_LINE = 1 << 30;
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long NEWLINES = 0x0A0A0A0A0A0A0A0AL;
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;

    private final InputStream in;
    private byte[] buf = new byte[INITIAL];
    private int pos;
    private int limit;
    private int scanned;
    private boolean eof;
    private int start;
    private int end;
    private long number;
    private final int maxLength;
    private long cutLength;

    ByteLines(InputStream in) {
        this(in, Lines.DEFAULT_MAX_LENGTH);
    }

    /** Lines cut at {@code maxLength} bytes (see {@link #cutLength()}), the rest of a long line skipped unread. */
    ByteLines(InputStream in, int maxLength) {
        this.in = in;
        this.maxLength = Math.max(1, Math.min(maxLength, MAX_LINE));
    }

    boolean next() throws IOException {
        cutLength = 0;
        while (true) {
            int nl = newline(buf, scanned, limit);
            if (nl >= 0) {
                take(nl, nl + 1);
                if (end - start > maxLength) {
                    cutLength = end - start;
                    end = start + maxLength;
                }
                return true;
            }
            scanned = limit;
            if (limit - pos > maxLength) {
                skipRest();
                return true;
            }
            if (eof) {
                if (pos < limit) {
                    take(limit, limit);
                    return true;
                }
                return false;
            }
            fill();
        }
    }

    /** The first '\n' in b[from, to), or -1; eight bytes at a time (a zero-byte test on b ^ '\n'). */
    static int newline(byte[] b, int from, int to) {
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long x = (long) LONGS.get(b, i) ^ NEWLINES;
            long found = (x - ONES) & ~x & HIGHS;
            if (found != 0) {
                return i + (Long.numberOfTrailingZeros(found) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (b[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    /** How many '\n' b[from, to) holds, eight bytes at a time. */
    static long countNewlines(byte[] b, int from, int to) {
        long n = 0;
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long x = (long) LONGS.get(b, i) ^ NEWLINES;
            // exact per byte (no borrow across bytes): high bit set where the byte was '\n'
            long zero = ~(((x & 0x7F7F7F7F7F7F7F7FL) + 0x7F7F7F7F7F7F7F7FL) | x | 0x7F7F7F7F7F7F7F7FL);
            n += Long.bitCount(zero);
        }
        for (; i < to; i++) {
            if (b[i] == '\n') {
                n++;
            }
        }
        return n;
    }

    /**
     * The current line is longer than the limit and its end not yet read: keeps its first
     * {@code maxLength} bytes at the buffer's start and reads on, dropping bytes, to its end.
     */
    private void skipRest() throws IOException {
        long length = limit - pos;
        System.arraycopy(buf, pos, buf, 0, maxLength);
        if (buf.length < maxLength + SKIP_ROOM) {
            buf = Arrays.copyOf(buf, maxLength + SKIP_ROOM);
        }
        int nl = -1;
        int from = maxLength;
        int n = 0;
        while (nl < 0) {
            n = in.read(buf, from, buf.length - from);
            if (n < 0) {
                eof = true;
                n = 0;
                break;
            }
            nl = newline(buf, from, from + n);
            length += nl < 0 ? n : nl - from;
        }
        start = 0;
        end = maxLength;
        pos = nl < 0 ? from : nl + 1;
        limit = from + n;
        scanned = pos;
        number++;
        cutLength = nl > from && buf[nl - 1] == '\r' ? length - 1 : length;
    }

    /** Full length in bytes of the line just returned when it was cut to the limit, else 0. */
    long cutLength() {
        return cutLength;
    }

    private void take(int newline, int next) {
        start = pos;
        end = newline > pos && buf[newline - 1] == '\r' ? newline - 1 : newline;
        pos = next;
        scanned = next;
        number++;
    }

    private void fill() throws IOException {
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, limit - pos);
            limit -= pos;
            scanned -= pos;
            pos = 0;
        }
        if (limit == buf.length) {
            buf = Arrays.copyOf(buf, buf.length * 2);
        }
        // at most 64 KiB a call: a decompressor that fails part way (a gzip cut short) loses no more
        int n = in.read(buf, limit, Math.min(buf.length - limit, READ));
        if (n < 0) {
            eof = true;
        } else {
            limit += n;
        }
    }

    byte[] buffer() {
        return buf;
    }

    int start() {
        return start;
    }

    int end() {
        return end;
    }

    /** 1-based number of the current line. */
    long number() {
        return number;
    }
}
