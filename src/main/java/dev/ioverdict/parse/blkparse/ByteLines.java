package dev.ioverdict.parse.blkparse;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Lines of a stream as ranges of one reused byte buffer, so a multi-GB trace is never decoded
 * into Strings it does not need. After {@link #next()}, the line is {@code buffer()[start(), end())}
 * without its terminator ("\n" or "\r\n").
 */
final class ByteLines {
    private static final int INITIAL = 1 << 20;

    private final InputStream in;
    private byte[] buf = new byte[INITIAL];
    private int pos;
    private int limit;
    private int scanned;
    private boolean eof;
    private int start;
    private int end;
    private long number;

    ByteLines(InputStream in) {
        this.in = in;
    }

    boolean next() throws IOException {
        while (true) {
            byte[] b = buf;
            for (int i = scanned; i < limit; i++) {
                if (b[i] == '\n') {
                    take(i, i + 1);
                    return true;
                }
            }
            scanned = limit;
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
        int n = in.read(buf, limit, buf.length - limit);
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
