package dev.ioverdict.bundle;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;

/**
 * The content of a gzip file as gunzip reads it: member after member, and whatever follows the
 * last one ignored rather than fatal. Tape drives and some copy tools pad a .tar.gz with zeros to a
 * block size (gzip -t accepts it silently); a download or a transfer can leave other bytes behind
 * (gzip warns "trailing garbage ignored", GNU tar keeps every entry). commons-compress throws
 * "Garbage after a valid .gz stream" for both, which would cost the whole archive.
 */
final class GzipMembers extends InputStream {
    /** How far past the last member the bytes are looked at to tell padding from garbage. */
    private static final long LOOK_PAST = 16L << 20;

    private final InputStream raw;
    private InputStream member;
    private boolean done;
    private long paddingZeros;
    private boolean garbage;

    GzipMembers(InputStream raw) throws IOException {
        // each member is read from a stream that can be reset, so it stops exactly at its own end
        this.raw = raw.markSupported() ? raw : new BufferedInputStream(raw, 1 << 16);
        this.member = new GzipCompressorInputStream(this.raw, false);
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n <= 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        while (!done) {
            int n = member.read(b, off, len);
            if (n > 0) {
                return n;
            }
            if (n < 0) {
                nextMember();
            }
        }
        return -1;
    }

    /** Opens the member that follows, or ends the stream and notes what the bytes after the last one were. */
    private void nextMember() throws IOException {
        raw.mark(2);
        int b0 = raw.read();
        int b1 = raw.read();
        raw.reset();
        if (b0 < 0) {
            done = true;
        } else if (b0 == 0x1f && b1 == 0x8b) {
            member = new GzipCompressorInputStream(raw, false);
        } else {
            done = true;
            look();
        }
    }

    /** Zeros to the end are padding; anything else (within {@link #LOOK_PAST}) is garbage. */
    private void look() throws IOException {
        byte[] buf = new byte[1 << 16];
        long seen = 0;
        int n;
        while (seen < LOOK_PAST && (n = raw.read(buf)) > 0) {
            for (int i = 0; i < n; i++) {
                if (buf[i] != 0) {
                    garbage = true;
                    return;
                }
            }
            seen += n;
        }
        paddingZeros = seen;
    }

    /** What followed the gzip data, in words, or null when nothing did (or the stream was not read to its end). */
    String trailer() {
        if (garbage) {
            return "data that is not gzip follows the compressed stream (trailing garbage): ignored, as gzip and "
                    + "GNU tar do; the archive before it was read whole";
        }
        if (paddingZeros > 0) {
            return paddingZeros + " bytes of zeros follow the compressed stream (tape or block padding): ignored, "
                    + "as gzip does";
        }
        return null;
    }

    /** Whether bytes other than padding followed the gzip data. */
    boolean garbage() {
        return garbage;
    }

    @Override
    public void close() throws IOException {
        raw.close();
    }
}
