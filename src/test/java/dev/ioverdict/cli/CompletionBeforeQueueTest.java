package dev.ioverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A blkparse Q printed after the C of its I/O (a CPU's buffer flushed late): btt, which reads in
 * file order, pairs neither (FORMATS.md: a C completes the Qs already queued), so neither does
 * ioverdict, and the block figures stay btt's; the loss is no longer silent but one warning.
 */
class CompletionBeforeQueueTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aQueueLineAfterItsCompletionIsCountedInAWarningAndTheFiguresStayBtts(@TempDir Path tmp) throws Exception {
        Path trace = TestData.bundle("blkgen-d2c-dominant").resolve("bundle/blkparse.txt");
        List<String> lines = new ArrayList<>(Files.readAllLines(trace));
        // line 11 is 8,32's Q of sector 281904656 (CPU 4), line 15 its C: the Q now comes after it, from CPU 7
        String q = lines.remove(10);
        assertTrue(q.contains(" Q   R 281904656 + 16"), q);
        assertTrue(lines.get(13).contains(" C   R 281904656 + 16"), lines.get(13));
        lines.add(14, q.replace("  8,32   4 ", "  8,32   7 "));
        Files.createDirectories(tmp.resolve("late"));
        Files.write(tmp.resolve("late/blkparse.txt"), lines);

        JsonNode whole = report(trace.getParent(), tmp.resolve("r-whole"));
        JsonNode late = report(tmp.resolve("late"), tmp.resolve("r-late"));
        JsonNode input = late.path("inputs").get(0);
        assertEquals(1, input.path("warnings").size(), input.toString());
        assertEquals(15, input.path("warnings").get(0).path("line").asInt());
        assertEquals("a queue line (Q) printed after the completion (C) of its I/O, though queued before it (a CPU's "
                + "buffer flushed late) once (first: 8,32 sector 281904656 queued at 0.000490750 s, its completion at "
                + "line 14 at 0.001026653 s); btt reads a trace in file order and does not pair such a C with its Q, "
                + "nor does ioverdict: their Q2C and D2C are missing from the block figures, as from btt's",
                input.path("warnings").get(0).path("message").asText());
        // as btt: that I/O's Q2C and D2C are not counted, its Q is
        JsonNode before = device(whole, "8,32");
        JsonNode after = device(late, "8,32");
        assertEquals(before.path("phases").path("Q2C").path("n").asLong() - 1, after.path("phases").path("Q2C").path("n").asLong());
        assertEquals(before.path("phases").path("D2C").path("n").asLong() - 1, after.path("phases").path("D2C").path("n").asLong());
        assertEquals(before.path("merges").path("q").asLong(), after.path("merges").path("q").asLong());
    }

    private static JsonNode report(Path bundle, Path out) throws Exception {
        Cli r = Cli.run("report", bundle.toString(), "-o", out.toString(), "--format", "json");
        assertTrue(r.exitCode() <= 1, r.err());
        return JSON.readTree(out.resolve("report.json").toFile());
    }

    private static JsonNode device(JsonNode report, String device) {
        for (JsonNode d : report.path("block").path("devices")) {
            if (d.path("device").asText().equals(device)) {
                return d;
            }
        }
        throw new AssertionError("no device " + device);
    }
}
