package dev.ioverdict.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/** Locates testdata/ bundles and ../shared/ material from the repository root. */
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

    /** A file of a testdata case's bundle, e.g. ("xfs-unaligned-512b", "strace-fio.txt"). */
    public static Path file(String testCase, String name) {
        return bundle(testCase).resolve("bundle").resolve(name);
    }

    /**
     * ../shared/ beside the repository (seeds, external samples, blkgen), or null when absent;
     * {@code -Dioverdict.shared=DIR} names it for a checkout elsewhere (a git worktree).
     */
    public static Path shared() {
        String named = System.getProperty("ioverdict.shared");
        Path s = named != null ? Path.of(named) : root().resolveSibling("shared");
        return Files.isDirectory(s) ? s : null;
    }
}
