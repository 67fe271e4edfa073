package dev.ioverdict.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/** Locates testdata/ bundles, public samples and tools from the repository root. */
public final class TestData {
    private TestData() {
    }

    public static Path root() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.exists(p.resolve("testdata"))) {
            p = p.getParent();
        }
        if (p == null) {
            throw new IllegalStateException("no testdata/ above " + Path.of("").toAbsolutePath());
        }
        return p;
    }

    public static Path bundle(String name) {
        return root().resolve("testdata").resolve(name);
    }

    /**
     * The files of a grid cell's bundle but those whose names start with one of {@code without}
     * ("strace", "iostat"): the same capture as a consultant brings it with fewer collectors.
     * Folders (blktrace's per-CPU files) are left out.
     */
    public static Path[] gridFilesWithout(String cell, String... without) {
        try (var files = Files.list(bundle("grid/" + cell).resolve("bundle"))) {
            return files.filter(Files::isRegularFile)
                    .filter(f -> java.util.Arrays.stream(without).noneMatch(f.getFileName().toString()::startsWith))
                    .sorted().toArray(Path[]::new);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** A file of a testdata case's bundle, e.g. ("xfs-unaligned-512b", "strace-fio.txt"). */
    public static Path file(String testCase, String name) {
        return bundle(testCase).resolve("bundle").resolve(name);
    }

    /**
     * The public sample outputs of testdata/external/ (one folder per tool; testdata/external/SOURCES.md
     * says where each file comes from), e.g. {@code external("btt/btt-doc-per-io-dump.txt")}. Copied
     * from testdata/external so the suite runs the same on a fresh clone, with nothing beside it.
     */
    public static Path external(String relative) {
        return root().resolve("testdata/external").resolve(relative);
    }

    /** testdata/external/ itself. */
    public static Path external() {
        return root().resolve("testdata/external");
    }

    /** blkgen, the generator of synthetic blktrace traces (testdata/tools/blkgen, a copy of ../shared/tools/blkgen). */
    public static Path blkgen() {
        return root().resolve("testdata/tools/blkgen");
    }

    /** Copies the folder {@code from} to {@code to} (links followed: a test's copy holds plain files). */
    public static void copyTree(Path from, Path to, java.nio.file.CopyOption... options) throws java.io.IOException {
        try (java.util.stream.Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t, options);
                }
            }
        }
    }

    /** A file as the bundle reader would read it alone: the format detected, and what parsing it left. */
    public record ReadAlone(dev.ioverdict.parse.InputFormat format, dev.ioverdict.parse.ParseContext ctx) {
    }

    /** Detects and parses {@code file} under its name in the bundle; null when no format claims it. */
    public static ReadAlone readAlone(dev.ioverdict.bundle.FormatDetector detector, String inBundle, Path file)
            throws java.io.IOException {
        var bf = new dev.ioverdict.bundle.BundleFile(inBundle, file, Files.size(file), false);
        var format = detector.detect(bf).format();
        if (format.isEmpty()) {
            return null;
        }
        var ctx = new dev.ioverdict.parse.ParseContext(inBundle, new dev.ioverdict.model.Facts());
        format.get().parse(bf, ctx);
        return new ReadAlone(format.get(), ctx);
    }
}
