package dev.ioverdict.bundle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.parse.InputFormats;
import dev.ioverdict.testing.TestData;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BundleReaderTest {
    private static final String VMSTAT = "   126424 total name lookups (cache hits 86%)\n  1318405 system calls\n";

    @TempDir
    Path tmp;

    @Test
    void folderFilesInPathOrderWithSubfolders() throws Exception {
        Path b = Files.createDirectories(tmp.resolve("case/sub"));
        Files.writeString(tmp.resolve("case/z.txt"), "z\n");
        Files.writeString(b.resolve("a.txt"), "a\n");
        try (Bundle bundle = BundleReader.open(tmp.resolve("case"))) {
            assertEquals(List.of("sub/a.txt", "z.txt"), bundle.files().stream().map(BundleFile::path).toList());
        }
    }

    @Test
    void tarTgzAndZipAreRecognisedByContentNotName() throws Exception {
        Path tar = tmp.resolve("case.bin");
        writeTar(Files.newOutputStream(tar));
        Path tgz = tmp.resolve("case.whatever");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(tgz))) {
            writeTar(out);
        }
        Path zip = tmp.resolve("case.data");
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(zip))) {
            z.putNextEntry(new ZipEntry("sol/vmstat-s.txt"));
            z.write(VMSTAT.getBytes(StandardCharsets.UTF_8));
            z.closeEntry();
        }
        for (Path p : List.of(tar, tgz, zip)) {
            Path scratch;
            try (Bundle bundle = BundleReader.open(p)) {
                assertEquals(1, bundle.files().size(), p.toString());
                BundleFile f = bundle.files().get(0);
                assertEquals("sol/vmstat-s.txt", f.path());
                assertEquals(VMSTAT, new String(f.open().readAllBytes(), StandardCharsets.UTF_8));
                scratch = f.location().getParent();
            }
            assertTrue(!Files.exists(scratch), "temporary folder removed on close");
        }
    }

    @Test
    void gzippedFileInsideAFolderReadsAsText() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("c"));
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(dir.resolve("vmstat.txt.gz")))) {
            out.write(VMSTAT.getBytes(StandardCharsets.UTF_8));
        }
        try (Bundle bundle = BundleReader.open(dir)) {
            DetectedFile d = new FormatDetector(InputFormats.all()).detect(bundle.files().get(0));
            assertEquals("vmstat-s", d.formatId());
        }
    }

    @Test
    void entriesEscapingTheArchiveAreSkipped() throws Exception {
        Path zip = tmp.resolve("evil.zip");
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(zip))) {
            z.putNextEntry(new ZipEntry("../../escape.txt"));
            z.write("x".getBytes(StandardCharsets.UTF_8));
            z.closeEntry();
        }
        try (Bundle bundle = BundleReader.open(zip)) {
            assertEquals(List.of(), bundle.files());
            assertTrue(bundle.skipped().get(0).reason().contains("climbs out"), bundle.skipped().toString());
        }
        assertTrue(!Files.exists(tmp.getParent().resolve("escape.txt")));
    }

    @Test
    void blktraceIsReadAndPerfDataAndAFragmentAreUnknownWithAHint() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("bin"));
        Files.write(dir.resolve("sda.blktrace.0"), new byte[] {0x07, 0x74, 0x61, 0x65, 1, 0, 0, 0, 0, 0});
        Files.write(dir.resolve("perf.data"), "PERFILE2\0\0\0\0".getBytes(StandardCharsets.US_ASCII));
        Files.copy(TestData.root().resolve("testdata/blkgen-healthy-ssd/blktrace/sda.blktrace.1"),
                dir.resolve("trace.bin"));
        try (Bundle bundle = BundleReader.open(dir)) {
            FormatDetector d = new FormatDetector(InputFormats.all());
            assertTrue(d.detect(bundle.files().get(1)).because().contains("damaged binary blktrace"));
            assertTrue(d.detect(bundle.files().get(0)).because().contains("perf script"));
            assertEquals("blktrace", d.detect(bundle.files().get(2)).format().orElseThrow().id());
        }
    }

    private static void writeTar(OutputStream raw) throws IOException {
        TarArchiveOutputStream tar = new TarArchiveOutputStream(raw);
        byte[] data = VMSTAT.getBytes(StandardCharsets.UTF_8);
        TarArchiveEntry e = new TarArchiveEntry("sol/vmstat-s.txt");
        e.setSize(data.length);
        tar.putArchiveEntry(e);
        tar.write(data);
        tar.closeArchiveEntry();
        tar.finish();
        tar.flush();
        if (!(raw instanceof GZIPOutputStream)) {
            tar.close();
        }
    }
}
