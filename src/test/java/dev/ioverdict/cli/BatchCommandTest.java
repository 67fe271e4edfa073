package dev.ioverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BatchCommandTest {
    @TempDir
    Path tmp;

    @Test
    void oneReportPerCaseAndASummaryOverAll() throws Exception {
        Path cases = Files.createDirectories(tmp.resolve("cases"));
        Path vmstat = TestData.bundle("solaris-dnlc-low").resolve("bundle/vmstat-s.txt");
        Files.createDirectories(cases.resolve("case-a"));
        Files.copy(vmstat, cases.resolve("case-a/vmstat-s.txt"));
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(cases.resolve("case-b.zip")))) {
            z.putNextEntry(new ZipEntry("vmstat-s.txt"));
            z.write(Files.readAllBytes(vmstat));
            z.closeEntry();
        }
        Files.createDirectories(cases.resolve("case-c"));
        Files.writeString(cases.resolve("case-c/notes.txt"), "nothing to see\n");

        Path out = tmp.resolve("out");
        Cli r = Cli.run("batch", cases.toString(), "-o", out.toString(), "--jobs", "2", "--format", "json,html");
        assertEquals(ExitCodes.DAMAGED_INPUT, r.exitCode(), r.out() + r.err());
        assertTrue(Files.exists(out.resolve("case-a/report.json")));
        assertTrue(Files.exists(out.resolve("case-b/report.html")));
        assertTrue(Files.exists(out.resolve("index.html")));
        JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        assertEquals(3, summary.path("cases").size());
        assertEquals("ok", summary.path("cases").get(0).path("status").asText());
        assertEquals(1, summary.path("cases").get(1).path("warning").asInt());
        assertEquals("nothing-usable", summary.path("cases").get(2).path("status").asText());
    }

    @Test
    void shardsSplitTheCases() throws Exception {
        Path cases = Files.createDirectories(tmp.resolve("cases"));
        Path vmstat = TestData.bundle("solaris-dnlc-low").resolve("bundle/vmstat-s.txt");
        for (String c : new String[] {"a", "b", "c"}) {
            Files.createDirectories(cases.resolve(c));
            Files.copy(vmstat, cases.resolve(c + "/vmstat-s.txt"));
        }
        Cli r0 = Cli.run("batch", cases.toString(), "-o", tmp.resolve("s0").toString(), "--shard", "0/2", "--format", "json");
        Cli r1 = Cli.run("batch", cases.toString(), "-o", tmp.resolve("s1").toString(), "--shard", "1/2", "--format", "json");
        assertEquals(0, r0.exitCode(), r0.err());
        assertEquals(0, r1.exitCode(), r1.err());
        assertTrue(Files.exists(tmp.resolve("s0/a")) && Files.exists(tmp.resolve("s0/c")) && !Files.exists(tmp.resolve("s0/b")));
        assertTrue(Files.exists(tmp.resolve("s1/b")));
        assertEquals(ExitCodes.USAGE, Cli.run("batch", cases.toString(), "-o", tmp.toString(), "--shard", "2/2").exitCode());
    }
}
