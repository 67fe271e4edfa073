package dev.ioverdict.bundle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ioverdict.testing.TestData;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A .tar.gz made by GNU tar, then padded as a tape or a copy tool pads it, or followed by garbage:
 * read as GNU tar reads it, every entry whole, the padding noted and the garbage warned.
 */
class PaddedArchiveTest {
    @TempDir
    Path tmp;
    Path tgz;
    List<String> tarLists;

    @BeforeEach
    void tarCzf() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("case"));
        Files.copy(TestData.bundle("iostat-linux-saturated").resolve("bundle/iostat-x-t.txt"), dir.resolve("iostat-x-t.txt"));
        // a file larger than every read buffer, so the end of the gzip stream is met well after the first entry
        StringBuilder big = new StringBuilder();
        for (int i = 0; i < 40_000; i++) {
            big.append("line ").append(i).append(" of a long file\n");
        }
        Files.writeString(dir.resolve("z-big.txt"), big);
        tgz = tmp.resolve("case.tar.gz");
        assumeTrue(run(tmp, "tar", "czf", tgz.toString(), "case") == 0, "GNU tar is not installed");
        tarLists = entries(tgz);
    }

    @Test
    void eightKibibytesOfZerosAfterTheGzipStreamAreTapePaddingNotDamage() throws Exception {
        Files.write(tgz, new byte[8192], StandardOpenOption.APPEND);
        assertEquals(0, run(tmp, "gzip", "-t", tgz.toString()), "gzip -t accepts the padding");
        try (Bundle bundle = BundleReader.open(tgz)) {
            assertWhole(bundle);
            assertEquals(List.of(new Skipped("case.tar.gz", "8192 bytes of zeros follow the compressed stream "
                    + "(padding): ignored", false)), bundle.skipped());
        }
    }

    @Test
    void garbageAfterACompleteStreamIsWarnedAndEveryEntryKept() throws Exception {
        Files.writeString(tgz, "this is not gzip\n", StandardOpenOption.APPEND);
        assertEquals(tarLists, entries(tgz), "GNU tar lists every entry (and warns)");
        try (Bundle bundle = BundleReader.open(tgz)) {
            assertWhole(bundle);
            assertEquals(1, bundle.skipped().size(), bundle.skipped().toString());
            Skipped s = bundle.skipped().get(0);
            assertTrue(s.damaged());
            assertTrue(s.reason().startsWith("data that is not gzip follows the compressed stream (trailing garbage)"),
                    s.reason());
        }
    }

    @Test
    void concatenatedMembersStillReadAsOneStream() throws Exception {
        byte[] once = Files.readAllBytes(tgz);
        Path twice = tmp.resolve("twice.tar.gz");
        // a second member that holds only zeros: the tar's end records, as `cat a.gz zeros.gz` leaves it
        Files.write(twice, once);
        Path zeros = Files.write(tmp.resolve("zeros"), new byte[10240]);
        assertEquals(0, run(tmp, "gzip", "-n", zeros.toString()));
        Files.write(twice, Files.readAllBytes(tmp.resolve("zeros.gz")), StandardOpenOption.APPEND);
        try (Bundle bundle = BundleReader.open(twice)) {
            assertWhole(bundle);
            assertEquals(List.of(), bundle.skipped());
        }
    }

    @Test
    void aSingleGzipBzip2OrXzFileWithTrailingGarbageIsReadWholeAndWarnedByName() throws Exception {
        byte[] plain = Files.readAllBytes(tmp.resolve("case/z-big.txt"));
        for (String[] tool : List.of(new String[] {"gzip", ".gz"}, new String[] {"bzip2", ".bz2"}, new String[] {"xz", ".xz"})) {
            Path f = tmp.resolve("single-" + tool[0] + ".txt");
            Files.write(f, plain);
            if (run(tmp, tool[0], f.toString()) != 0) {
                continue; // the compressor is not installed
            }
            Path packed = tmp.resolve(f.getFileName() + tool[1]);
            Files.writeString(packed, "garbage left by a transfer\n", StandardOpenOption.APPEND);
            try (Bundle bundle = BundleReader.open(packed)) {
                assertEquals(1, bundle.files().size());
                try (InputStream in = bundle.files().get(0).open()) {
                    assertTrue(java.util.Arrays.equals(plain, in.readAllBytes()), tool[0] + ": content before the garbage kept");
                }
                assertEquals(1, bundle.skipped().size(), tool[0] + ": " + bundle.skipped());
                Skipped s = bundle.skipped().get(0);
                assertEquals(packed.getFileName().toString(), s.path());
                assertTrue(s.damaged() && s.reason().contains("(trailing garbage)"), s.reason());
            }
        }
    }

    @Test
    void zerosBetweenTwoStreamsAreXzPaddingButGzipGarbage() throws Exception {
        Path a = Files.writeString(tmp.resolve("a.txt"), "first stream\n");
        Path b = Files.writeString(tmp.resolve("b.txt"), "second stream\n");
        for (String[] tool : List.of(new String[] {"xz", ".xz", "first stream\nsecond stream\n"},
                new String[] {"gzip", ".gz", "first stream\n"})) {
            if (run(tmp, tool[0], "-k", "-f", a.toString(), b.toString()) != 0) {
                continue; // the compressor is not installed
            }
            // xz -dc reads both streams across the padding; gzip -dc only the first ("trailing garbage ignored")
            Path joined = tmp.resolve("joined" + tool[1]);
            Files.write(joined, Files.readAllBytes(tmp.resolve("a.txt" + tool[1])));
            Files.write(joined, new byte[4], StandardOpenOption.APPEND);
            Files.write(joined, Files.readAllBytes(tmp.resolve("b.txt" + tool[1])), StandardOpenOption.APPEND);
            try (Bundle bundle = BundleReader.open(joined)) {
                try (InputStream in = bundle.files().get(0).open()) {
                    assertEquals(tool[2], new String(in.readAllBytes(), StandardCharsets.UTF_8), tool[0]);
                }
                assertEquals(tool[0].equals("gzip"), !bundle.skipped().isEmpty(), tool[0] + ": " + bundle.skipped());
            }
        }
    }

    private void assertWhole(Bundle bundle) throws IOException {
        assertEquals(tarLists.stream().sorted().toList(), bundle.files().stream().map(BundleFile::path).toList());
        Path dir = tmp.resolve("case");
        for (BundleFile f : bundle.files()) {
            try (InputStream in = f.open()) {
                assertTrue(java.util.Arrays.equals(Files.readAllBytes(dir.resolve(f.path().substring("case/".length()))),
                        in.readAllBytes()), f.path());
            }
        }
        assertFalse(bundle.files().isEmpty());
    }

    /** The files GNU tar lists in the archive, in its order. */
    private List<String> entries(Path archive) throws Exception {
        Process p = new ProcessBuilder("tar", "tzf", archive.toString()).redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        return out.lines().filter(l -> !l.endsWith("/")).toList();
    }

    private static int run(Path dir, String... command) throws Exception {
        try {
            return new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
        } catch (IOException e) {
            return -1;
        }
    }
}
