package dev.ioverdict.bundle;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * A compressed file read as gunzip, bunzip2 and unxz read it: member after member (stream after
 * stream), and what follows the last one ignored rather than fatal, as GNU tar keeps every entry
 * before it. Zeros to the end are padding (a tape or a copy tool pads to a block size; xz pads
 * its streams); other bytes are trailing garbage, which a transfer can leave behind.
 * commons-compress throws at both, which would cost the whole file; here the content before them
 * is kept and {@link #trailer} says what followed, for a warning that names the file.
 */
final class StreamMembers extends InputStream {
    /** Opens one member of the format on {@code raw}, reading no byte past its end. */
    interface Opener {
        InputStream open(InputStream raw) throws IOException;
    }

    /** How far past the last member the bytes are looked at to tell padding from garbage. */
    private static final long LOOK_PAST = 16L << 20;

    private final InputStream raw;
    private final String format;
    private final byte[] magic;
    private final Opener opener;
    private final boolean zerosBetween;
    private InputStream member;
    private boolean done;
    private long paddingZeros;
    private boolean garbage;

    /**
     * @param magic        the bytes a member starts with
     * @param zerosBetween whether zeros may stand between two members (xz's stream padding); else
     *                     a member after zeros is garbage, as gzip takes it
     */
    StreamMembers(InputStream raw, String format, byte[] magic, Opener opener, boolean zerosBetween) throws IOException {
        // each member is read from a stream that can be reset, so it stops exactly at its own end
        this.raw = raw.markSupported() ? raw : new BufferedInputStream(raw, 1 << 16);
        this.format = format;
        this.magic = magic;
        this.opener = opener;
        this.zerosBetween = zerosBetween;
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

    /** Opens the member that follows, or ends the stream and notes what the bytes after the last one were. */
    private void next() throws IOException {
        byte[] head = peek();
        if (head.length == 0) {
            done = true;
            return;
        }
        if (Arrays.equals(head, magic)) {
            member = opener.open(raw);
            return;
        }
        long zeros = skipZeros();
        head = peek();
        if (zeros > 0 && zerosBetween && Arrays.equals(head, magic)) {
            member = opener.open(raw);
            return;
        }
        done = true;
        if (head.length == 0 || zeros >= LOOK_PAST) {
            paddingZeros = zeros;
        } else {
            garbage = true;
        }
    }

    /** The next bytes, as many as the magic has (fewer at the end), left unread. */
    private byte[] peek() throws IOException {
        raw.mark(magic.length);
        byte[] head = raw.readNBytes(magic.length);
        raw.reset();
        return head;
    }

    /** Reads the zeros that follow, up to {@link #LOOK_PAST}, and says how many there were. */
    private long skipZeros() throws IOException {
        byte[] buf = new byte[1 << 12];
        long zeros = 0;
        while (zeros < LOOK_PAST) {
            raw.mark(buf.length);
            int n = raw.read(buf, 0, (int) Math.min(buf.length, LOOK_PAST - zeros));
            if (n <= 0) {
                break;
            }
            int i = 0;
            while (i < n && buf[i] == 0) {
                i++;
            }
            zeros += i;
            if (i < n) {
                raw.reset();
                raw.skipNBytes(i);
                break;
            }
        }
        return zeros;
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

    /** Whether bytes other than padding followed the compressed data. */
    boolean garbage() {
        return garbage;
    }

    @Override
    public void close() throws IOException {
        raw.close();
    }
}
