package dev.ioverdict.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportWriterTest {

    @Test
    void aReportGetsThePermissionsAnyFileTheUserWritesGets(@TempDir Path dir) throws IOException {
        Path plain = Files.writeString(dir.resolve("plain.txt"), "x");
        Path report = dir.resolve("report.html");
        ReportWriter.atomically(report, f -> Files.writeString(f, "<html></html>", StandardCharsets.UTF_8));

        assertEquals("<html></html>", Files.readString(report));
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(report));
    }

    @Test
    void aFailedWriteLeavesNeitherTheTargetNorItsPartFile(@TempDir Path dir) throws IOException {
        Path report = dir.resolve("report.pdf");
        assertThrows(IOException.class, () -> ReportWriter.atomically(report, f -> {
            Files.writeString(f, "half a PDF");
            throw new IOException("No space left on device");
        }));
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(0, left.count());
        }
    }
}
