package dev.ioverdict.bundle;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
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
     * The decompressed content of {@code raw}; concatenated gzip members read as one stream, and
     * padding or garbage after the last one ignored, as gunzip does.
     */
    InputStream open(InputStream raw) throws IOException {
        return switch (this) {
            case NONE -> raw;
            case GZIP -> new BufferedInputStream(new GzipMembers(raw), 1 << 16);
            case BZIP2 -> new BufferedInputStream(new BZip2CompressorInputStream(raw, true), 1 << 16);
            case XZ -> new BufferedInputStream(new XZCompressorInputStream(raw, true), 1 << 16);
            case ZSTD -> throw new IOException("zstd-compressed: ioverdict does not read zstd; "
                    + "decompress it first ('zstd -d FILE')");
        };
    }
}
