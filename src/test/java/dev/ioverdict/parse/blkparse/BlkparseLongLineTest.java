package dev.ioverdict.parse.blkparse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.block.BlockEvent;
import dev.ioverdict.testing.TestData;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** blkparse text honours --max-line-length in both readers: a long line is cut and counted, the rest of the file kept. */
class BlkparseLongLineTest {
    private static final int LIMIT = 1000;

    /** A real trace with a 300,000-byte line in its middle and a 50,000-byte one (no newline) at its end. */
    private static byte[] traceWithLongLines() throws Exception {
        byte[] trace = Files.readAllBytes(TestData.bundle("blkgen-healthy-ssd").resolve("bundle/blkparse.txt"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int half = trace.length / 2;
        while (trace[half - 1] != '\n') {
            half++;
        }
        out.write(trace, 0, half);
        out.write(("  8,0    0        1     9.000000000  1  Q   R 8 + 8 [" + "x".repeat(300_000) + "]\n")
                .getBytes(StandardCharsets.UTF_8));
        out.write(trace, half, trace.length - half);
        out.write("y".repeat(50_000).getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    @Test
    void bothReadersCutTheSameLinesAndKeepEveryEventAroundThem() throws Exception {
        byte[] input = traceWithLongLines();
        long lineCount = ByteLines.countNewlines(input, 0, input.length) + 1;

        List<String> sequentialCuts = new ArrayList<>();
        List<String> sequential = new ArrayList<>();
        BlkparseReading reading = new BlkparseReading("t");
        ByteLines lines = new ByteLines(new ByteArrayInputStream(input), LIMIT);
        int longest = 0;
        while (lines.next()) {
            longest = Math.max(longest, lines.end() - lines.start());
            if (lines.cutLength() > 0) {
                sequentialCuts.add(lines.number() + " " + lines.cutLength());
            }
            BlockEvent e = reading.line(lines.buffer(), lines.start(), lines.end(), lines.number(), (l, m) -> { });
            if (e != null) {
                sequential.add(e.line() + " " + e.text());
            }
        }
        assertEquals(LIMIT, longest);
        assertEquals(lineCount, lines.number(), "a cut line is still one line: the numbers after it are right");
        assertEquals(2, sequentialCuts.size(), sequentialCuts.toString());
        assertTrue(sequentialCuts.get(0).endsWith(" " + (300_000 + 54)), sequentialCuts.toString());
        assertEquals(lineCount + " 50000", sequentialCuts.get(1));

        for (int chunk : new int[] {4096, 65536}) {
            List<String> cuts = new ArrayList<>();
            List<String> chunked = new ArrayList<>();
            BlkparseReading totals = new BlkparseReading("t");
            long n = new ChunkedPipeline(new ByteArrayInputStream(input), "t", 2, chunk, LIMIT,
                    (line, length, kept) -> cuts.add(line + " " + length)).run(
                    e -> chunked.add(e.line() + " " + e.text()), (l, m) -> { }, totals);
            assertEquals(sequentialCuts, cuts, "chunk " + chunk);
            assertEquals(sequential, chunked, "chunk " + chunk);
            assertEquals(lineCount, n);
        }
        assertTrue(sequential.size() > 5000, "the events around the long lines are kept: " + sequential.size());
    }
}
