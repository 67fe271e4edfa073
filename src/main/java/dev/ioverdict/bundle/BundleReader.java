package dev.ioverdict.bundle;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.ArchiveEntry;
import org.apache.commons.compress.archivers.ArchiveInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.zip.ZipArchiveInputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;

/**
 * Opens a bundle: a folder, a .tar, .tar.gz/.tgz or .zip (recognised by content, not name),
 * or a single text file. Archives are extracted to a temporary folder.
 */
public final class BundleReader {
    private BundleReader() {
    }

    public static Bundle open(Path path) throws BundleException {
        String source = path.toString();
        if (!Files.exists(path)) {
            throw new BundleException(source + ": no such file or folder");
        }
        try {
            if (Files.isDirectory(path)) {
                return new Bundle(source, walk(path), null);
            }
            ArchiveKind kind = ArchiveKind.of(path);
            if (kind == ArchiveKind.NONE) {
                return new Bundle(source, List.of(BundleFile.of(path.getFileName().toString(), path)), null);
            }
            Path scratch = Files.createTempDirectory("ioverdict-bundle-");
            try {
                extract(path, kind, scratch);
                return new Bundle(source, walk(scratch), scratch);
            } catch (IOException | RuntimeException e) {
                new Bundle(source, List.of(), scratch).close();
                throw new BundleException(source + ": damaged " + kind.label + " archive: " + message(e), e);
            }
        } catch (NoSuchFileException e) {
            throw new BundleException(source + ": cannot read " + e.getFile(), e);
        } catch (IOException e) {
            throw new BundleException(source + ": " + message(e), e);
        }
    }

    private static String message(Exception e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    private static List<BundleFile> walk(Path root) throws IOException {
        List<BundleFile> out = new ArrayList<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                out.add(BundleFile.of(root.relativize(p).toString().replace('\\', '/'), p));
            }
        }
        return out;
    }

    private static void extract(Path archive, ArchiveKind kind, Path into) throws IOException {
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(archive), 1 << 16);
             ArchiveInputStream<? extends ArchiveEntry> in = kind.open(raw)) {
            ArchiveEntry e;
            while ((e = in.getNextEntry()) != null) {
                if (e.isDirectory() || !in.canReadEntryData(e)) {
                    continue;
                }
                Path target = into.resolve(e.getName()).normalize();
                if (!target.startsWith(into)) {
                    throw new IOException("entry " + e.getName() + " points outside the archive");
                }
                Files.createDirectories(target.getParent());
                Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    enum ArchiveKind {
        NONE("plain"), TAR("tar"), TAR_GZ("tar.gz"), ZIP("zip");

        final String label;

        ArchiveKind(String label) {
            this.label = label;
        }

        static ArchiveKind of(Path path) throws IOException {
            byte[] head = new byte[512];
            int n;
            try (InputStream in = Files.newInputStream(path)) {
                n = in.readNBytes(head, 0, head.length);
            }
            if (n >= 4 && head[0] == 'P' && head[1] == 'K' && head[2] == 3 && head[3] == 4) {
                return ZIP;
            }
            if (n >= 262 && new String(head, 257, 5, java.nio.charset.StandardCharsets.US_ASCII).equals("ustar")) {
                return TAR;
            }
            if (n >= 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b) {
                // gzip of a tar, or a single gzip-compressed text file
                try (InputStream in = new GzipCompressorInputStream(
                        new BufferedInputStream(Files.newInputStream(path)))) {
                    byte[] inner = in.readNBytes(512);
                    if (inner.length >= 262 && new String(inner, 257, 5,
                            java.nio.charset.StandardCharsets.US_ASCII).equals("ustar")) {
                        return TAR_GZ;
                    }
                }
            }
            return NONE;
        }

        ArchiveInputStream<? extends ArchiveEntry> open(InputStream raw) throws IOException {
            return switch (this) {
                case TAR -> new TarArchiveInputStream(raw);
                case TAR_GZ -> new TarArchiveInputStream(new GzipCompressorInputStream(raw, true));
                case ZIP -> new ZipArchiveInputStream(raw);
                case NONE -> throw new IllegalStateException("not an archive");
            };
        }
    }
}
