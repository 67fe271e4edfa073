package dev.ioverdict.bundle;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorInputStream;

/**
 * A whole-stream compression, told by its magic bytes. zstd is recognised but not read: the only
 * pure-Java zstd decoder on Maven Central (aircompressor) relies on sun.misc.Unsafe, which JDK 24+
 * warns about on stderr and is removing; commons-compress needs zstd-jni, a native library.
 */
public enum Compression {
    NONE("plain"), GZIP("gzip"), BZIP2("bzip2"), XZ("xz"), ZSTD("zstd");

    final String label;

    Compression(String label) {
        this.label = label;
    }

    static Compression of(byte[] head, int n) {
        if (n >= 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b) {
            return GZIP;
        }
        if (n >= 4 && head[0] == 'B' && head[1] == 'Z' && head[2] == 'h' && head[3] >= '1' && head[3] <= '9') {
            return BZIP2;
        }
        if (n >= 6 && (head[0] & 0xff) == 0xfd && head[1] == '7' && head[2] == 'z' && head[3] == 'X' && head[4] == 'Z'
                && head[5] == 0) {
            return XZ;
        }
        if (n >= 4 && (head[0] & 0xff) == 0x28 && (head[1] & 0xff) == 0xb5 && (head[2] & 0xff) == 0x2f
                && (head[3] & 0xff) == 0xfd) {
            return ZSTD;
        }
        return NONE;
    }

    /**
     * The members of a gzip, bzip2 or xz file read as one stream. Zeros between two members are
     * xz's stream padding and read past; gzip calls a member after zeros trailing garbage; bzip2
     * does too, but is read past here as it always was: the stream after the zeros is still content.
     */
    StreamMembers members(InputStream raw) throws IOException {
        return switch (this) {
            case GZIP -> new StreamMembers(raw, label, new byte[] {0x1f, (byte) 0x8b},
                    in -> new GzipCompressorInputStream(in, false), false);
            case BZIP2 -> new StreamMembers(raw, label, new byte[] {'B', 'Z', 'h'},
                    in -> new BZip2CompressorInputStream(in, false), true);
            case XZ -> new StreamMembers(raw, label, new byte[] {(byte) 0xfd, '7', 'z', 'X', 'Z', 0},
                    in -> new XZCompressorInputStream(in, false), true);
            case NONE, ZSTD -> throw new IllegalStateException(label + " has no members to read");
        };
    }

    /**
     * What follows the compressed data of the file {@code location} (shown as {@code name}), read
     * once to its end, as a note that names the file; null when nothing does, or when the file
     * cannot be read to its end (reading it for its content then says why).
     */
    Skipped trailer(String name, java.nio.file.Path location, long size, long maxRatio) {
        if (this != GZIP && this != BZIP2 && this != XZ) {
            return null;
        }
        try (InputStream raw = new BufferedInputStream(java.nio.file.Files.newInputStream(location), 1 << 16)) {
            StreamMembers members = members(raw);
            InputStream guarded = new BundleFile.ExpansionGuard(members, name, size, maxRatio);
            byte[] buf = new byte[1 << 16];
            while (guarded.read(buf) >= 0) {
                // to the end, where the trailer shows
            }
            String t = members.trailer();
            return t == null ? null : new Skipped(name, t, members.garbage());
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * The decompressed content of {@code raw}; concatenated gzip members (bzip2, xz
     * streams) read as one stream, and padding or garbage after the last one ignored, as gunzip does.
     */
    InputStream open(InputStream raw) throws IOException {
        return switch (this) {
            case NONE -> raw;
            case GZIP, BZIP2, XZ -> new BufferedInputStream(members(raw), 1 << 16);
            case ZSTD -> throw new IOException("zstd-compressed: ioverdict does not read zstd; "
                    + "decompress it first ('zstd -d FILE')");
        };
    }
}
