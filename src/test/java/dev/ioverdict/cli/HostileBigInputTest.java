package dev.ioverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * The multi-gigabyte cases of the hostile corpus, generated as streams (nothing stored): off by
 * default, run with {@code -Dioverdict.hostile.big=true}. Tagged "big", which the build leaves out
 * unless that property is set (pom.xml), so a normal run does not list them as skipped.
 */
@Tag("big")
@EnabledIfSystemProperty(named = "ioverdict.hostile.big", matches = "true")
@Timeout(600)
class HostileBigInputTest {
    @TempDir
    Path tmp;

    @Test
    void aSixGibibyteOneLineGzipBesideAValidFileCostsOnlyItself() throws Exception {
        Path b = Files.createDirectories(tmp.resolve("b"));
        Files.copy(TestData.bundle("solaris-dnlc-low").resolve("bundle/vmstat-s.txt"), b.resolve("vmstat-s.txt"));
        byte[] run = flushedRun((byte) 'x');
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(b.resolve("line.gz")), 1 << 16)) {
            out.write(new byte[] {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, (byte) 0xff});
            for (int i = 0; i < 6 * 1024; i++) {
                out.write(run);
            }
            out.write(new byte[] {0x03, 0x00});
        }
        Cli r = Cli.run("report", b.toString(), "-o", tmp.resolve("out").toString(), "--format", "json");
        // the 6 GiB line is never read past the recogniser's 256 KiB sample: unknown, the valid file reported
        assertEquals(ExitCodes.OK, r.exitCode(), r.out() + r.err());
        assertTrue(Files.readString(tmp.resolve("out/report.json")).contains("\"format\" : \"vmstat-s\""));
    }

    @Test
    void aHundredThousandOneLineFilesStopAtTheEntryLimit() throws Exception {
        Path tgz = tmp.resolve("many.tgz");
        try (TarArchiveOutputStream out = new TarArchiveOutputStream(new GZIPOutputStream(Files.newOutputStream(tgz)))) {
            byte[] line = Files.readAllBytes(TestData.bundle("solaris-dnlc-low").resolve("bundle/vmstat-s.txt"));
            for (int i = 0; i < 100_000; i++) {
                TarArchiveEntry e = new TarArchiveEntry("f" + i + ".txt");
                e.setSize(line.length);
                out.putArchiveEntry(e);
                out.write(line);
                out.closeArchiveEntry();
            }
        }
        Cli r = Cli.run("report", tgz.toString(), "-o", tmp.resolve("out").toString(), "--format", "json");
        assertEquals(ExitCodes.DAMAGED_INPUT, r.exitCode(), r.out() + r.err());
        assertTrue(Files.readString(tmp.resolve("out/report.json")).contains("--max-entries"));
    }

    /** 1 MiB of one byte as a fully flushed raw deflate run, which may be repeated at will. */
    static byte[] flushedRun(byte b) throws IOException {
        Deflater d = new Deflater(9, true);
        byte[] data = new byte[1 << 20];
        java.util.Arrays.fill(data, b);
        d.setInput(data);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[1 << 16];
        int n;
        while ((n = d.deflate(buf, 0, buf.length, Deflater.FULL_FLUSH)) > 0) {
            out.write(buf, 0, n);
        }
        d.end();
        return out.toByteArray();
    }
}
