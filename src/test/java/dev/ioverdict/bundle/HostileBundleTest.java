package dev.ioverdict.bundle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Bundles an attacker or a careless user would hand over: nothing escapes, nothing hangs, nothing valid is lost. */
@Timeout(60)
class HostileBundleTest {
    static final String VMSTAT = "   126424 total name lookups (cache hits 86%)\n  1318405 system calls\n";

    @TempDir
    Path tmp;

    @Test
    void linksOutOfTheFolderAreNotFollowedLinksInsideAreOnceAndSpecialFilesAreListed() throws Exception {
        Path secret = Files.writeString(tmp.resolve("secret.txt"), "root:x:0:0\n");
        Path b = Files.createDirectories(tmp.resolve("case/sub"));
        Files.writeString(b.resolve("vmstat.txt"), VMSTAT);
        Path c = tmp.resolve("case");
        Files.createSymbolicLink(c.resolve("mounts.txt"), Path.of("/proc/self/mounts"));
        Files.createSymbolicLink(c.resolve("passwd"), secret);
        Files.createSymbolicLink(c.resolve("kmsg"), Path.of("/proc/kmsg"));
        Files.createSymbolicLink(c.resolve("inside.txt"), Path.of("sub/vmstat.txt"));
        Files.createSymbolicLink(c.resolve("again"), Path.of("sub"));
        Files.createSymbolicLink(b.resolve("up"), Path.of(".."));
        Files.createSymbolicLink(c.resolve("loop1"), Path.of("loop2"));
        Files.createSymbolicLink(c.resolve("loop2"), Path.of("loop1"));
        Files.createSymbolicLink(c.resolve("dangling"), Path.of("nowhere"));
        boolean fifo = mkfifo(c.resolve("pipe"));
        try (Bundle bundle = BundleReader.open(c)) {
            assertEquals(List.of("inside.txt", "sub/vmstat.txt"), bundle.files().stream().map(BundleFile::path).toList());
            String skipped = bundle.skipped().toString();
            for (String name : List.of("mounts.txt", "passwd", "kmsg")) {
                assertTrue(reason(bundle, name).contains("outside the bundle"), skipped);
            }
            assertTrue(reason(bundle, "again").contains("not read twice") || reason(bundle, "sub").contains("not read twice"),
                    skipped);
            assertTrue(reason(bundle, "sub/up").contains("not read twice"), skipped);
            assertTrue(reason(bundle, "loop1").contains("loop"), skipped);
            assertTrue(reason(bundle, "dangling").contains("dangling"), skipped);
            if (fifo) {
                assertTrue(reason(bundle, "pipe").contains("FIFO"), skipped);
            }
        }
    }

    @Test
    void aFifoAsTheBundleIsAUsageErrorAndDoesNotBlock() throws Exception {
        Path pipe = tmp.resolve("pipe");
        if (!mkfifo(pipe)) {
            return;
        }
        BundleException e = assertThrows(BundleException.class, () -> BundleReader.open(pipe).close());
        assertTrue(e.usage() && e.getMessage().contains("FIFO"), e.getMessage());
    }

    @Test
    void unsafeTarEntriesAreSkippedWithTheirNameAndTheRestKept() throws Exception {
        Path tar = tmp.resolve("evil.tar");
        try (TarArchiveOutputStream out = new TarArchiveOutputStream(Files.newOutputStream(tar))) {
            out.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
            file(out, new TarArchiveEntry("/etc/cron.d/evil", true), "x");
            file(out, new TarArchiveEntry("a/../../up.txt"), "x");
            file(out, new TarArchiveEntry("x".repeat(300) + "/f"), "x");
            file(out, new TarArchiveEntry("ok/vmstat.txt"), VMSTAT);
            file(out, new TarArchiveEntry("ok/vmstat.txt"), VMSTAT + "  1 more\n");
            TarArchiveEntry out1 = new TarArchiveEntry("ok/link-out", TarArchiveEntry.LF_SYMLINK);
            out1.setLinkName("../../etc/passwd");
            out.putArchiveEntry(out1);
            out.closeArchiveEntry();
            TarArchiveEntry in1 = new TarArchiveEntry("ok/link-in", TarArchiveEntry.LF_SYMLINK);
            in1.setLinkName("vmstat.txt");
            out.putArchiveEntry(in1);
            out.closeArchiveEntry();
            TarArchiveEntry dev = new TarArchiveEntry("ok/sda", TarArchiveEntry.LF_BLK);
            out.putArchiveEntry(dev);
            out.closeArchiveEntry();
        }
        try (Bundle bundle = BundleReader.open(tar)) {
            assertEquals(List.of("ok/vmstat.txt", "ok/vmstat.txt.~1~"),
                    bundle.files().stream().map(BundleFile::path).toList());
            assertEquals(VMSTAT + "  1 more\n", read(bundle.files().get(1)), "the second copy kept, renamed");
            assertEquals(new Skipped("ok/link-in", "link to ok/vmstat.txt: the same file, read once under that name",
                    false), bundle.skipped().stream().filter(k -> k.path().equals("ok/link-in")).findFirst().orElseThrow());
            String s = bundle.skipped().toString();
            assertTrue(reason(bundle, "/etc/cron.d/evil").contains("absolute"), s);
            assertTrue(reason(bundle, "a/../../up.txt").contains(".."), s);
            assertTrue(reason(bundle, "ok/link-out").contains("out of the archive"), s);
            assertTrue(reason(bundle, "ok/vmstat.txt.~1~").contains("second entry"), s);
            assertTrue(reason(bundle, "ok/sda").contains("device"), s);
            assertTrue(s.contains("longer than 255"), s);
        }
        assertTrue(!Files.exists(tmp.resolve("up.txt")));
    }

    @Test
    void truncatedArchivesKeepEveryCompleteEntryAndSayWhereTheyBroke() throws Exception {
        byte[] tgz = gzip(tarOf(3, 40_000));
        Path cut = Files.write(tmp.resolve("cut.tgz"), Arrays.copyOf(tgz, tgz.length * 3 / 4));
        try (Bundle bundle = BundleReader.open(cut)) {
            assertTrue(bundle.files().size() >= 2, bundle.files().toString());
            assertEquals(lines(0, 40_000), read(bundle.files().get(0)));
            assertTrue(bundle.skipped().stream().anyMatch(s -> s.damaged() && s.reason().contains("tar.gz archive")),
                    bundle.skipped().toString());
        }
        byte[] tar = tarOf(3, 40_000);
        Path cutTar = Files.write(tmp.resolve("cut.tar"), Arrays.copyOf(tar, tar.length / 2 / 512 * 512));
        try (Bundle bundle = BundleReader.open(cutTar)) {
            assertEquals(lines(0, 40_000), read(bundle.files().get(0)));
            assertTrue(bundle.skipped().stream().anyMatch(s -> s.damaged()), bundle.skipped().toString());
        }
        byte[] zip = zipOf(3, 40_000);
        Path cutZip = Files.write(tmp.resolve("cut.zip"), Arrays.copyOf(zip, zip.length * 3 / 4));
        try (Bundle bundle = BundleReader.open(cutZip)) {
            assertTrue(bundle.files().size() >= 2, bundle.files().toString());
            assertEquals(lines(0, 40_000), read(bundle.files().get(0)));
            assertTrue(bundle.skipped().stream().anyMatch(s -> s.damaged()), bundle.skipped().toString());
        }
    }

    @Test
    void aZipWithABadCrcIsNotReadAsGoodBytes() throws Exception {
        byte[] zip = zipOf(2, 100);
        // flip one stored byte of the first entry's data (stored method: the bytes are the text)
        int at = indexOf(zip, "line 0 50".getBytes(StandardCharsets.US_ASCII));
        zip[at] = 'X';
        Path p = Files.write(tmp.resolve("crc.zip"), zip);
        try (Bundle bundle = BundleReader.open(p)) {
            assertEquals(List.of("f1.txt"), bundle.files().stream().map(BundleFile::path).toList());
            assertTrue(reason(bundle, "f0.txt").contains("CRC"), bundle.skipped().toString());
        }
    }

    @Test
    void encryptedAndStreamedZipEntries() throws Exception {
        byte[] zip = zipOf(1, 10);
        zip[6] |= 1; // general purpose bit 0: encrypted
        Path enc = Files.write(tmp.resolve("enc.zip"), zip);
        try (Bundle bundle = BundleReader.open(enc)) {
            assertEquals(List.of(), bundle.files());
            assertTrue(reason(bundle, "f0.txt").contains("encrypted"), bundle.skipped().toString());
        }
        Path streamed = Files.write(tmp.resolve("streamed.zip"), storedWithDataDescriptor("vmstat.txt", VMSTAT));
        try (Bundle bundle = BundleReader.open(streamed)) {
            assertEquals(VMSTAT, read(bundle.files().get(0)));
        }
    }

    @Test
    void tarXzTarBz2AndNestedArchivesAreRead() throws Exception {
        byte[] tar = tarOf(1, 5);
        Path xz = tmp.resolve("sosreport.tar.xz");
        try (OutputStream out = new XZCompressorOutputStream(Files.newOutputStream(xz))) {
            out.write(tar);
        }
        Path bz = tmp.resolve("case.bin");
        try (OutputStream out = new BZip2CompressorOutputStream(Files.newOutputStream(bz))) {
            out.write(tar);
        }
        for (Path p : List.of(xz, bz)) {
            try (Bundle bundle = BundleReader.open(p)) {
                assertEquals(lines(0, 5), read(bundle.files().get(0)), p.toString());
            }
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream z = new ZipOutputStream(bytes)) {
            z.putNextEntry(new ZipEntry("inner.tgz"));
            z.write(gzip(tar));
            z.putNextEntry(new ZipEntry("plain.txt"));
            z.write(VMSTAT.getBytes(StandardCharsets.UTF_8));
        }
        Path nested = Files.write(tmp.resolve("outer.zip"), bytes.toByteArray());
        try (Bundle bundle = BundleReader.open(nested)) {
            assertEquals(List.of("inner.tgz/f0.txt", "plain.txt"), bundle.files().stream().map(BundleFile::path).toList());
        }
        try (Bundle bundle = BundleReader.open(nested, new Limits(1 << 30, 200, 100, 0, 4096))) {
            assertEquals("tar.gz archive 1 level(s) inside the bundle, deeper than --max-depth 0: not opened",
                    reason(bundle, "inner.tgz"), bundle.skipped().toString());
            assertEquals(List.of("plain.txt"), bundle.files().stream().map(BundleFile::path).toList(), "listed once");
        }
    }

    @Test
    void entryCountIsBounded() throws Exception {
        Path p = Files.write(tmp.resolve("many.tar"), tarOf(50, 1));
        try (Bundle bundle = BundleReader.open(p, new Limits(1 << 30, 200, 10, 3, 4096))) {
            assertEquals(10, bundle.files().size());
            assertTrue(bundle.skipped().toString().contains("--max-entries"), bundle.skipped().toString());
        }
    }

    @Test
    void aFolderOfTooManyFilesIsCutAtTheEntryLimit() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("many"));
        for (int i = 0; i < 30; i++) {
            Files.writeString(dir.resolve(String.format("f%02d.txt", i)), "x\n");
        }
        try (Bundle bundle = BundleReader.open(dir, new Limits(1 << 30, 200, 20, 3, 4096))) {
            assertEquals(20, bundle.files().size());
            assertEquals("f20.txt", bundle.skipped().get(0).path());
        }
    }

    @Test
    void aTenGibibyteZipBombIsRefusedInSecondsWithTheTemporaryFolderBelowTheLimit() throws Exception {
        Path bomb = tmp.resolve("bomb.zip");
        writeZeroBomb(bomb, 10L << 30);
        assertTrue(Files.size(bomb) < (20 << 20), "the bomb is small: " + Files.size(bomb));
        long t0 = System.nanoTime();
        try (Bundle bundle = BundleReader.open(bomb)) {
            assertTrue(bundle.skipped().toString().contains("--max-ratio"), bundle.skipped().toString());
            assertEquals(List.of(), bundle.files());
        }
        assertTrue(System.nanoTime() - t0 < Duration.ofSeconds(20).toNanos());
        // ratio off: the byte limit holds, and the temporary folder never grows past it
        long limit = 64L << 20;
        try (Bundle bundle = BundleReader.open(bomb, new Limits(limit, Long.MAX_VALUE, 10, 3, 4096))) {
            assertTrue(bundle.skipped().toString().contains("--max-extract"), bundle.skipped().toString());
            Path scratch = scratchOf(bundle);
            if (scratch != null) {
                try (Stream<Path> s = Files.walk(scratch)) {
                    assertTrue(s.filter(Files::isRegularFile).mapToLong(HostileBundleTest::size).sum() <= limit);
                }
            }
        }
    }

    @Test
    void aGzipBombAsOneFileStopsAtTheRatio() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("c"));
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(dir.resolve("huge.gz")))) {
            byte[] zeros = new byte[1 << 20];
            for (int i = 0; i < 64; i++) {
                out.write(zeros);
            }
        }
        try (Bundle bundle = BundleReader.open(dir)) {
            IOException e = assertThrows(IOException.class, () -> bundle.files().get(0).open().transferTo(OutputStream.nullOutputStream()));
            assertTrue(e.getMessage().contains("--max-ratio"), e.getMessage());
        }
    }

    static Path scratchOf(Bundle bundle) {
        return bundle.files().isEmpty() ? null : bundle.files().get(0).location().getParent();
    }

    static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            return 0;
        }
    }

    static String reason(Bundle b, String path) {
        return b.skipped().stream().filter(s -> s.path().equals(path)).map(Skipped::reason).findFirst().orElse("");
    }

    static boolean mkfifo(Path p) throws Exception {
        try {
            return new ProcessBuilder("mkfifo", p.toString()).start().waitFor() == 0;
        } catch (IOException e) {
            return false;
        }
    }

    static String read(BundleFile f) throws IOException {
        try (var in = f.open()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static String lines(int file, int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append("line ").append(file).append(' ').append(i).append('\n');
        }
        return sb.toString();
    }

    static byte[] tarOf(int files, int lines) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (TarArchiveOutputStream out = new TarArchiveOutputStream(bytes)) {
            for (int f = 0; f < files; f++) {
                file(out, new TarArchiveEntry("f" + f + ".txt"), lines(f, lines));
            }
        }
        return bytes.toByteArray();
    }

    static byte[] zipOf(int files, int lines) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream z = new ZipOutputStream(bytes)) {
            for (int f = 0; f < files; f++) {
                byte[] data = lines(f, lines).getBytes(StandardCharsets.UTF_8);
                ZipEntry e = new ZipEntry("f" + f + ".txt");
                e.setMethod(ZipEntry.STORED);
                e.setSize(data.length);
                java.util.zip.CRC32 crc = new java.util.zip.CRC32();
                crc.update(data);
                e.setCrc(crc.getValue());
                z.putNextEntry(e);
                z.write(data);
            }
        }
        return bytes.toByteArray();
    }

    static byte[] gzip(byte[] data) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(bytes)) {
            out.write(data);
        }
        return bytes.toByteArray();
    }

    static void file(TarArchiveOutputStream out, TarArchiveEntry e, String text) throws IOException {
        byte[] data = text.getBytes(StandardCharsets.UTF_8);
        e.setSize(data.length);
        out.putArchiveEntry(e);
        out.write(data);
        out.closeArchiveEntry();
    }

    static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        throw new IllegalArgumentException("not found");
    }

    /** A zip as a streaming writer makes it: stored entry, sizes and CRC only in the data descriptor after the data. */
    static byte[] storedWithDataDescriptor(String name, String text) {
        byte[] data = text.getBytes(StandardCharsets.UTF_8);
        byte[] n = name.getBytes(StandardCharsets.UTF_8);
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(data);
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(200 + 2 * n.length + data.length)
                .order(java.nio.ByteOrder.LITTLE_ENDIAN);
        b.putInt(0x04034b50).putShort((short) 20).putShort((short) 0x0808).putShort((short) 0).putInt(0)
                .putInt(0).putInt(0).putInt(0).putShort((short) n.length).putShort((short) 0).put(n).put(data);
        b.putInt(0x08074b50).putInt((int) crc.getValue()).putInt(data.length).putInt(data.length);
        int cd = b.position();
        b.putInt(0x02014b50).putShort((short) 20).putShort((short) 20).putShort((short) 0x0808).putShort((short) 0)
                .putInt(0).putInt((int) crc.getValue()).putInt(data.length).putInt(data.length).putShort((short) n.length)
                .putShort((short) 0).putShort((short) 0).putShort((short) 0).putShort((short) 0).putInt(0).putInt(0).put(n);
        int cdLen = b.position() - cd;
        b.putInt(0x06054b50).putShort((short) 0).putShort((short) 0).putShort((short) 1).putShort((short) 1)
                .putInt(cdLen).putInt(cd).putShort((short) 0);
        return Arrays.copyOf(b.array(), b.position());
    }

    /**
     * A zip whose one entry inflates to {@code size} zero bytes, written as a stream: one fully flushed
     * deflate run of 1 MiB of zeros repeated (it refers to nothing before it), then a final empty block.
     */
    static void writeZeroBomb(Path target, long size) throws IOException {
        java.util.zip.Deflater d = new java.util.zip.Deflater(9, true);
        d.setInput(new byte[1 << 20]);
        byte[] buf = new byte[1 << 16];
        ByteArrayOutputStream run = new ByteArrayOutputStream();
        int n;
        while ((n = d.deflate(buf, 0, buf.length, java.util.zip.Deflater.FULL_FLUSH)) > 0) {
            run.write(buf, 0, n);
        }
        d.end();
        byte[] name = "blkparse.txt".getBytes(StandardCharsets.US_ASCII);
        java.nio.ByteBuffer h = java.nio.ByteBuffer.allocate(30 + name.length).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        h.putInt(0x04034b50).putShort((short) 20).putShort((short) 0x0808).putShort((short) 8).putInt(0)
                .putInt(0).putInt(0).putInt(0).putShort((short) name.length).putShort((short) 0).put(name);
        try (OutputStream out = new java.io.BufferedOutputStream(Files.newOutputStream(target), 1 << 16)) {
            out.write(h.array());
            byte[] r = run.toByteArray();
            for (long i = 0; i < size >> 20; i++) {
                out.write(r);
            }
            out.write(new byte[] {0x03, 0x00});
        }
    }
}
