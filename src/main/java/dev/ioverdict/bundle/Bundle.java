package dev.ioverdict.bundle;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The files of one case, in path order, and what of the bundle was not read (with the reason);
 * an extracted archive lives in a temporary folder until closed.
 */
public final class Bundle implements AutoCloseable {
    private final String source;
    private final List<BundleFile> files;
    private final List<Skipped> skipped;
    private final Path scratch;
    private final Limits limits;

    Bundle(String source, List<BundleFile> files, List<Skipped> skipped, Path scratch, Limits limits) {
        this.source = source;
        this.files = files.stream().sorted(Comparator.comparing(BundleFile::path)).toList();
        this.skipped = skipped.stream().sorted(Comparator.comparing(Skipped::path)).toList();
        this.scratch = scratch;
        this.limits = limits;
    }

    /** The bundle as the user named it. */
    public String source() {
        return source;
    }

    public List<BundleFile> files() {
        return files;
    }

    /** What was not read, or not whole: special files, links out, unsafe entries, where an archive broke. */
    public List<Skipped> skipped() {
        return skipped;
    }

    public Limits limits() {
        return limits;
    }

    @Override
    public void close() {
        if (scratch == null) {
            return;
        }
        // only numbered regular files and no links are ever created under scratch
        try (Stream<Path> walk = Files.walk(scratch)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not remove " + scratch, e);
        }
    }
}
