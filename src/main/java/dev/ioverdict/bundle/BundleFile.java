package dev.ioverdict.bundle;

import dev.ioverdict.parse.InputFile;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/** A file of a bundle on disk; a gzip-compressed file reads as its content. */
public record BundleFile(String path, Path location, long size, boolean gzipped) implements InputFile {

    static BundleFile of(String path, Path location) throws IOException {
        boolean gz;
        try (InputStream in = Files.newInputStream(location)) {
            gz = in.read() == 0x1f && in.read() == 0x8b;
        }
        return new BundleFile(path, location, Files.size(location), gz);
    }

    @Override
    public InputStream open() throws IOException {
        InputStream raw = new BufferedInputStream(Files.newInputStream(location), 1 << 16);
        return gzipped ? new BufferedInputStream(new GZIPInputStream(raw, 1 << 16), 1 << 16) : raw;
    }
}
