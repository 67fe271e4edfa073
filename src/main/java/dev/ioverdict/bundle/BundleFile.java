package dev.ioverdict.bundle;

import dev.ioverdict.parse.InputFile;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A regular file of a bundle on disk; a gzip, bzip2 or xz-compressed file reads as its content,
 * stopped with an IOException once it expands more than {@code maxRatio} times (a bomb costs the
 * file, never the machine). {@code path} is the name inside the bundle, for display only:
 * {@code location} is where the bytes are.
 */
public record BundleFile(String path, Path location, long size, Compression compression, long maxRatio)
        implements InputFile {

    public BundleFile(String path, Path location, long size, boolean gzipped) {
        this(path, location, size, gzipped ? Compression.GZIP : Compression.NONE, Limits.DEFAULT.maxRatio());
    }

    static BundleFile of(String path, Path location, Limits limits) throws IOException {
        byte[] head = new byte[8];
        int n;
        try (InputStream in = Files.newInputStream(location)) {
            n = in.readNBytes(head, 0, head.length);
        }
        return new BundleFile(path, location, Files.size(location), Compression.of(head, n), limits.maxRatio());
    }

    /** Why reading a file failed, in a user's words ("permission denied", "Input/output error"). */
    public static String whyUnreadable(Exception e) {
        return FolderWalker.reason(e);
    }

    @Override
    public InputStream open() throws IOException {
        InputStream raw = new BufferedInputStream(Files.newInputStream(location), 1 << 16);
        if (compression == Compression.NONE) {
            return raw;
        }
        return new ExpansionGuard(compression.open(raw), path, size, maxRatio);
    }

    /** Counts decompressed bytes and stops a stream that expands past the ratio. */
    static final class ExpansionGuard extends java.io.FilterInputStream {
        private final String name;
        private final long allowed;
        private final long ratio;
        private long read;

        ExpansionGuard(InputStream in, String name, long compressed, long ratio) {
            super(in);
            this.name = name;
            this.ratio = ratio;
            this.allowed = Math.max(Limits.RATIO_FLOOR, multiply(Math.max(compressed, 1), ratio));
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        private void count(int n) throws IOException {
            read += n;
            if (read > allowed) {
                throw new IOException(name + " expands more than " + ratio + " times its compressed size: "
                        + "read stopped after " + read + " bytes (--max-ratio)");
            }
        }
    }

    static long multiply(long a, long b) {
        long r = a * b;
        return Math.multiplyHigh(a, b) != 0 || r < 0 ? Long.MAX_VALUE : r;
    }
}
