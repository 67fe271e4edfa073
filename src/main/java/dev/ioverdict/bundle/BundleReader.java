package dev.ioverdict.bundle;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;

/**
 * Opens a bundle: a folder, a tar (plain, gzip, bzip2 or xz), a zip (recognised by content, not
 * name), or a single text file. Archives are extracted to a temporary folder within {@link Limits}.
 * Anything else (a FIFO, a device) is refused before it is opened: reading one could block forever.
 */
public final class BundleReader {
    /** What a bundle may be, as {@code --help} and the README say it. */
    public static final String KINDS = "a folder, a .tar, .tar.gz/.tgz, .tar.xz, .tar.bz2 or .zip archive "
            + "(recognised by content; a sosreport too) or one file";

    private BundleReader() {
    }

    public static Bundle open(Path path) throws BundleException {
        return open(path, Limits.DEFAULT);
    }

    public static Bundle open(Path path, Limits limits) throws BundleException {
        String source = path.toString();
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(path, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            throw BundleException.usage(source + ": no such file or folder");
        } catch (IOException e) {
            throw BundleException.usage(source + ": cannot be read: " + FolderWalker.reason(e));
        }
        try {
            if (a.isDirectory()) {
                return FolderWalker.walk(source, path, limits);
            }
            if (!a.isRegularFile()) {
                throw BundleException.usage(source + ": a " + FolderWalker.special(path.toRealPath())
                        + ", not a folder, an archive or a file");
            }
            ArchiveExtractor.ArchiveKind kind = ArchiveExtractor.ArchiveKind.of(path);
            if (kind.label().equals("zstd")) {
                throw new BundleException(source + ": zstd-compressed: ioverdict does not read zstd; "
                        + "decompress it first ('zstd -d " + path.getFileName() + "')");
            }
            if (!kind.archive()) {
                BundleFile one = BundleFile.of(path.getFileName().toString(), path, limits);
                // a .gz, .bz2 or .xz with bytes after its data: kept, and said so (as gzip warns)
                Skipped trailer = one.compression().trailer(one.path(), path, one.size(), limits.maxRatio());
                return new Bundle(source, List.of(one), trailer == null ? List.of() : List.of(trailer), null, limits);
            }
            Path scratch;
            try {
                scratch = Files.createTempDirectory("ioverdict-bundle-");
            } catch (IOException e) {
                throw BundleException.cannotWrite(source + ": cannot create a temporary folder to extract the archive "
                        + "into (" + System.getProperty("java.io.tmpdir") + "): " + FolderWalker.reason(e)
                        + "; free space there, or name another folder with JAVA_OPTS=-Djava.io.tmpdir=DIR", e);
            }
            try {
                return ArchiveExtractor.extract(source, path, kind, scratch, limits);
            } catch (ArchiveExtractor.ScratchWriteFailed e) {
                new Bundle(source, List.of(), List.of(), scratch, limits).close();
                throw BundleException.cannotWrite(source + ": " + e.getMessage() + "; free space there, or name "
                        + "another folder with JAVA_OPTS=-Djava.io.tmpdir=DIR", e);
            } catch (IOException | RuntimeException e) {
                new Bundle(source, List.of(), List.of(), scratch, limits).close();
                throw new BundleException(source + ": damaged " + kind.label() + " archive: "
                        + FolderWalker.reason(e), e);
            }
        } catch (IOException e) {
            throw new BundleException(source + ": " + FolderWalker.reason(e), e);
        }
    }
}
