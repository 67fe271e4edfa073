package dev.ioverdict.parse.blkparse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ioverdict.model.block.BlockEvent;
import dev.ioverdict.testing.TestData;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Reading in parallel chunks gives exactly what reading line by line gives: events, line numbers, problems. */
class ChunkedPipelineTest {
    @Test
    void chunksGiveTheSameEventsAndProblemsAsLines() throws IOException {
        byte[] trace = Files.readAllBytes(TestData.bundle("blkgen-mixed-multidevice").resolve("bundle/blkparse.txt"));
        ByteArrayOutputStream mixed = new ByteArrayOutputStream();
        mixed.write("garbage first line\r\n".getBytes(StandardCharsets.UTF_8));
        mixed.write(trace, 0, trace.length / 2);
        mixed.write("\n".repeat(3).getBytes(StandardCharsets.UTF_8));
        mixed.write(("x".repeat(9000) + "\n").getBytes(StandardCharsets.UTF_8)); // longer than a chunk
        mixed.write(trace, trace.length / 2, trace.length - trace.length / 2);
        mixed.write("  8,0    0        1     9.000000000  1  Q   R 8 + 8 [no newline at the end]".getBytes(StandardCharsets.UTF_8));
        byte[] input = mixed.toByteArray();

        List<String> sequential = new ArrayList<>();
        BlkparseReading reading = new BlkparseReading("t");
        ByteLines lines = new ByteLines(new ByteArrayInputStream(input));
        while (lines.next()) {
            BlockEvent e = reading.line(lines.buffer(), lines.start(), lines.end(), lines.number(),
                    (line, m) -> sequential.add("problem " + line + " " + m));
            if (e != null) {
                sequential.add(e.line() + " " + e.text());
            }
        }

        for (int chunk : new int[] {4096, 65536}) {
            List<String> chunked = new ArrayList<>();
            BlkparseReading totals = new BlkparseReading("t");
            long n = new ChunkedPipeline(new ByteArrayInputStream(input), "t", 3, chunk).run(
                    e -> chunked.add(e.line() + " " + e.text()),
                    (line, m) -> chunked.add("problem " + line + " " + m), totals);
            // a chunk's problems are reported before its events, so compare each kind in its order
            assertEquals(kind(sequential, true), kind(chunked, true));
            assertEquals(kind(sequential, false), kind(chunked, false));
            assertEquals(lines.number(), n);
            assertEquals(reading.events, totals.events);
            assertEquals(reading.firstNs, totals.firstNs);
            assertEquals(reading.lastNs, totals.lastNs);
        }
    }

    private static List<String> kind(List<String> l, boolean problems) {
        return l.stream().filter(x -> x.startsWith("problem ") == problems).toList();
    }
}
