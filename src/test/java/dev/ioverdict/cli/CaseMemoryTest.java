package dev.ioverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --case-memory: each case in a JVM of its own; one that needs more heap fails with the reason, the rest go on. */
class CaseMemoryTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void aCaseOverItsHeapFailsWithTheReasonAndTheBatchGoesOn() throws Exception {
        Path cases = Files.createDirectories(tmp.resolve("cases"));
        // 6.5 MB of perf script, strace and iostat: needs about 20 MiB of heap; one vmstat -s file needs far less
        TestData.copyTree(TestData.bundle("reads-starved-behind-writes").resolve("bundle"), cases.resolve("big"));
        TestData.copyTree(TestData.bundle("solaris-dnlc-low").resolve("bundle"), cases.resolve("small"));
        Path out = tmp.resolve("out");
        Cli r = Cli.run("batch", cases.toString(), "-o", out.toString(), "--format", "json", "--jobs", "1",
                "--case-memory", "12M");
        assertEquals(ExitCodes.DAMAGED_INPUT, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("failed         big (0 critical, 0 warning): exceeded 12 MiB of memory (--case-memory)"),
                r.out());
        JsonNode summary = JSON.readTree(out.resolve("summary.json").toFile());
        JsonNode big = summary.path("cases").get(0);
        assertEquals("big", big.path("caseId").asText());
        assertEquals("failed", big.path("status").asText());
        assertEquals("exceeded 12 MiB of memory (--case-memory)", big.path("message").asText());
        JsonNode small = summary.path("cases").get(1);
        assertEquals("ok", small.path("status").asText());
        assertEquals(1, small.path("warning").asInt(), "the small case's finding, compiled in its own process");
        assertTrue(Files.isRegularFile(out.resolve("small/report.json")));
        assertTrue(Files.readString(out.resolve("index.html")).contains("exceeded 12 MiB of memory"));

        // the same case in this process, with room: what its own process wrote is what the batch writes here
        Cli inProcess = Cli.run("batch", cases.toString(), "-o", tmp.resolve("here").toString(), "--format", "json");
        assertEquals(ExitCodes.OK, inProcess.exitCode(), inProcess.out());
        assertEquals(JSON.readTree(tmp.resolve("here/summary.json").toFile()).path("cases").get(1), small);
    }

    @Test
    void aSizeThatIsNoneOrTooSmallIsAUsageError() {
        Cli r = Cli.run("batch", tmp.toString(), "-o", tmp.resolve("o").toString(), "--case-memory", "lots");
        assertEquals(ExitCodes.USAGE, r.exitCode());
        assertTrue(r.err().contains("--case-memory lots: not a size"), r.err());
        Cli small = Cli.run("batch", tmp.toString(), "-o", tmp.resolve("o").toString(), "--case-memory", "1M");
        assertEquals(ExitCodes.USAGE, small.exitCode());
        assertTrue(small.err().contains("at least 8M"), small.err());
    }

}
