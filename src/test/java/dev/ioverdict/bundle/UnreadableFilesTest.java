package dev.ioverdict.bundle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import dev.ioverdict.pipeline.Progress;
import dev.ioverdict.pipeline.CaseReader;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.analysis.CaseData;
import dev.ioverdict.model.InputSummary;
import dev.ioverdict.pipeline.CaseCompiler;
import dev.ioverdict.testing.TestData;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file that cannot be read (as root, chmod 000 does not stop reading, so the failures are made
 * real another way: an entry whose bytes fail on read, a gzip cut short past the part the format
 * detector samples) is listed with the reason, and the rest of the bundle is kept.
 */
class UnreadableFilesTest {
    @TempDir
    Path tmp;

    private static InputSummary input(CaseData data, String path) {
        return data.inputs().stream().filter(i -> i.path().equals(path)).findFirst().orElseThrow();
    }

    @Test
    void aFileWhoseBytesCannotBeReadIsListedWithTheReasonAndTheRestKept() throws Exception {
        Path iostat = TestData.bundle("iostat-linux-saturated").resolve("bundle/iostat-x-t.txt");
        Path failsOnRead = Files.createDirectory(tmp.resolve("eio")); // open succeeds, every read fails (EISDIR)
        Bundle bundle = new Bundle("hostile", List.of(BundleFile.of("iostat.txt", iostat, Limits.DEFAULT),
                new BundleFile("mounts.txt", failsOnRead, 4096, false)), List.of(), null, Limits.DEFAULT);

        CaseData data = CaseReader.read(bundle, null, Progress.NONE);

        InputSummary bad = input(data, "mounts.txt");
        assertEquals("unknown", bad.format());
        assertEquals(1, bad.warnings().size(), "listed as a warning, not silently dropped");
        assertTrue(bad.warnings().get(0).message().startsWith("could not be read: "), bad.warnings().toString());
        assertTrue(bad.warnings().get(0).message().toLowerCase(java.util.Locale.ROOT).contains("directory"),
                bad.warnings().toString());
        assertEquals(26 * 4, input(data, "iostat.txt").records(), "the valid file beside it is read in full");
    }

    @Test
    void aFileThatFailsWhileBeingParsedKeepsWhatWasReadAndSaysWhy() throws Exception {
        byte[] text = Files.readAllBytes(TestData.bundle("blkgen-healthy-ssd").resolve("bundle/blkparse.txt"));
        Path gz = tmp.resolve("blkparse.txt.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(text);
        }
        byte[] whole = Files.readAllBytes(gz);
        Files.write(gz, Arrays.copyOf(whole, whole.length * 3 / 4)); // past the detector's 256 KiB sample
        Path vmstat = TestData.bundle("solaris-dnlc-low").resolve("bundle/vmstat-s.txt");
        Bundle bundle = new Bundle("hostile", List.of(BundleFile.of("blkparse.txt.gz", gz, Limits.DEFAULT),
                BundleFile.of("vmstat-s.txt", vmstat, Limits.DEFAULT)), List.of(), null, Limits.DEFAULT);

        CaseData data = CaseReader.read(bundle, null, Progress.NONE);

        InputSummary cut = input(data, "blkparse.txt.gz");
        assertEquals("blkparse", cut.format());
        assertTrue(cut.warnings().stream().anyMatch(w -> w.message().equals("reading stopped early: unexpected end "
                + "of data (truncated?); what was read before is kept")), cut.warnings().toString());
        assertTrue(cut.records() > 3000 && cut.records() < 9873, "the events before the cut are kept: " + cut);
        assertTrue(input(data, "vmstat-s.txt").records() > 0);
    }
}
