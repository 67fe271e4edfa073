package dev.ioverdict.bundle;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * A bzip2 or xz file read as bzip2 and xz read it: stream after stream, and what follows the last
 * one ignored rather than fatal (zeros are padding, as xz's own stream padding is; other bytes
 * are trailing garbage, which a transfer can leave behind). commons-compress reading concatenated
 * streams throws at such bytes, which would cost the whole file; here the content before them is
 * kept and {@link #trailer} says what followed, for a warning that names the file.
 */
final class StreamMembers extends InputStream {
    /** Opens one stream of the format on {@code raw}, reading no byte past its end. */
    interface Opener {
        InputStream open(InputStream raw) throws IOException;
    }

    private static final long LOOK_PAST = 16L << 20;

    private final InputStream raw;
    private final byte[] magic;
    private final Opener opener;
    private final String format;
    private InputStream member;
    private boolean done;
    private long paddingZeros;
    private boolean garbage;

    StreamMembers(InputStream raw, byte[] magic, String format, Opener opener) throws IOException {
        this.raw = raw.markSupported() ? raw : new BufferedInputStream(raw, 1 << 16);
        this.magic = magic;
        this.format = format;
        this.opener = opener;
        this.member = opener.open(this.raw);
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
                next();
            }
        }
        return -1;
    }

    private void next() throws IOException {
        raw.mark(magic.length);
        byte[] head = raw.readNBytes(magic.length);
        raw.reset();
        if (head.length == 0) {
            done = true;
        } else if (java.util.Arrays.equals(head, magic)) {
            member = opener.open(raw);
        } else {
            // xz pads between and after streams with zeros: skip them and look for another stream
            long zeros = 0;
            raw.mark(1);
            int c;
            while ((c = raw.read()) == 0) {
                zeros++;
                raw.mark(1);
            }
            if (c >= 0) {
                raw.reset();
            }
            if (zeros > 0 && c >= 0) {
                raw.mark(magic.length);
                byte[] again = raw.readNBytes(magic.length);
                raw.reset();
                if (java.util.Arrays.equals(again, magic)) {
                    member = opener.open(raw);
                    return;
                }
            }
            done = true;
            paddingZeros = zeros;
            if (c >= 0) {
                garbage = true;
                raw.skip(LOOK_PAST);
            }
        }
    }

    /** What followed the compressed data, in words, or null when nothing did (or the stream was not read to its end). */
    String trailer() {
        if (garbage) {
            return "data that is not " + format + " follows the compressed stream (trailing garbage): ignored, "
                    + "the content before it was read whole";
        }
        if (paddingZeros > 0) {
            return paddingZeros + " bytes of zeros follow the compressed stream (padding): ignored";
        }
        return null;
    }

    boolean garbage() {
        return garbage;
    }

    @Override
    public void close() throws IOException {
        raw.close();
    }
}
