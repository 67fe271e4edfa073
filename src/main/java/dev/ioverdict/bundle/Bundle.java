package dev.ioverdict.bundle;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** The files of one case, in path order; an extracted archive lives in a temporary folder until closed. */
public final class Bundle implements AutoCloseable {
    private final String source;
    private final List<BundleFile> files;
    private final Path scratch;

    Bundle(String source, List<BundleFile> files, Path scratch) {
        this.source = source;
        this.files = files.stream().sorted(Comparator.comparing(BundleFile::path)).toList();
        this.scratch = scratch;
    }

    /** The bundle as the user named it. */
    public String source() {
        return source;
    }

    public List<BundleFile> files() {
        return files;
    }

    @Override
    public void close() {
        if (scratch == null) {
            return;
        }
        try (Stream<Path> walk = Files.walk(scratch)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not remove " + scratch, e);
        }
    }
}
