package dev.ioverdict.parse.iostat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.iostat.IostatSample;
import dev.ioverdict.testing.ParseRun;
import dev.ioverdict.testing.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class DiskstatsFormatTest {
    @Test
    void everyPublicLayoutIsRecognisedWithOneRecordPerLine() throws IOException {
        try (Stream<Path> files = Files.list(TestData.external("diskstats"))) {
            for (Path f : files.toList()) {
                assertEquals(100, ParseRun.recognise(new DiskstatsFormat(), f).score(), f.toString());
                ParseRun run = ParseRun.of(new DiskstatsFormat(), f);
                assertTrue(run.summary().records() >= 6, f.toString());
                assertEquals(0, run.summary().skipped(), f.toString());
                assertTrue(run.facts().all(IostatSample.class).isEmpty(), "one snapshot gives no rates");
            }
        }
    }

    @Test
    void twoDatedSnapshotsGiveIostatFigures() {
        String text = """
                1795250000
                   8       0 sda 1000 10 8000 500 2000 20 16000 4000 0 1000 4500
                   8       1 sda1 10 0 80 5 0 0 0 0 0 5 5
                1795250010
                   8       0 sda 1100 10 8800 600 4000 40 32000 84000 64 11000 84600
                   8       1 sda1 10 0 80 5 0 0 0 0 0 5 5
                """;
        ParseRun run = ParseRun.of(new DiskstatsFormat(), "diskstats.txt", text);
        assertEquals(4, run.summary().records());
        List<IostatSample> rows = run.facts().all(IostatSample.class);
        assertEquals(2, rows.size());
        IostatSample sda = rows.get(0);
        assertEquals("sda", sda.device());
        assertEquals(10.0, sda.value("r/s"));
        assertEquals(40.0, sda.value("rkB/s"));
        assertEquals(1.0, sda.value("r_await"));
        assertEquals(200.0, sda.value("w/s"));
        assertEquals(40.0, sda.value("w_await"));
        assertEquals(8.01, sda.value("aqu-sz"));
        assertEquals(100.0, sda.value("%util"));
        assertEquals(1795250010.0, sda.time());
        assertEquals(5, sda.line());
        assertEquals(4, sda.headerLine());
    }
}
