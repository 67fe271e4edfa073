package dev.ioverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ioverdict.testing.Cli;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Resuming a batch, and merging the outputs of its shards into what one batch gives. */
class BatchAtScaleTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private Path cases(int n) throws Exception {
        Path cases = Files.createDirectories(tmp.resolve("cases"));
        Path vmstat = TestData.bundle("solaris-dnlc-low").resolve("bundle/vmstat-s.txt");
        Path iostat = TestData.bundle("iostat-linux-saturated").resolve("bundle");
        for (int i = 0; i < n; i++) {
            Path c = Files.createDirectories(cases.resolve(String.format(n > 100 ? "case-%03d" : "case-%02d", i)));
            if (i % 2 == 0) {
                Files.copy(vmstat, c.resolve("vmstat-s.txt"));
            } else {
                try (var s = Files.list(iostat)) {
                    for (Path f : s.toList()) {
                        Files.copy(f, c.resolve(f.getFileName()));
                    }
                }
            }
        }
        return cases;
    }

    @Test
    void anUnchangedCaseIsNotRedoneAndAChangedOneIs() throws Exception {
        Path cases = cases(4);
        Path out = tmp.resolve("out");
        Cli first = Cli.run("batch", cases.toString(), "-o", out.toString(), "--format", "json", "--jobs", "2");
        assertFalse(first.out().contains("not redone"), first.out());
        assertTrue(first.out().contains("[4/4]"), first.out());
        String summary = Files.readString(out.resolve("summary.json"));

        Files.writeString(cases.resolve("case-02/vmstat-s.txt"), "\n", java.nio.file.StandardOpenOption.APPEND);
        Cli second = Cli.run("batch", cases.toString(), "-o", out.toString(), "--format", "json", "--jobs", "2");
        assertEquals(first.exitCode(), second.exitCode(), second.out() + second.err());
        assertEquals(3, second.out().lines().filter(l -> l.contains("not redone")).count(), second.out());
        assertTrue(second.out().lines().anyMatch(l -> l.contains("case-02") && !l.contains("not redone")), second.out());
        assertEquals(summary, Files.readString(out.resolve("summary.json")));

        Cli other = Cli.run("batch", cases.toString(), "-o", out.toString(), "--format", "json,html", "--jobs", "2");
        assertEquals(0, other.out().lines().filter(l -> l.contains("not redone")).count(), "other options: " + other.out());
        Cli forced = Cli.run("batch", cases.toString(), "-o", out.toString(), "--format", "json,html", "--no-resume");
        assertEquals(0, forced.out().lines().filter(l -> l.contains("not redone")).count(), forced.out());
    }

    @Test
    void twoHundredCasesKilledHalfwayResumeWithoutRedoingFinishedOnes() throws Exception {
        Path cases = cases(200);
        Path out = tmp.resolve("out");
        // the first run in a process of its own, killed (SIGKILL: no chance to tidy up) once about half the
        // cases are stamped
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process first = new ProcessBuilder(java, "-Djava.awt.headless=true", "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "batch", cases.toString(), "-o", out.toString(), "--format", "json", "--jobs", "2")
                .redirectErrorStream(true).redirectOutput(tmp.resolve("first.log").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        while (first.isAlive() && stamped(out) < 100 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        first.destroyForcibly().waitFor();
        int finished = stamped(out);
        assertTrue(finished > 0 && finished < 200, finished + " stamped: " + Files.readString(tmp.resolve("first.log")));
        assertFalse(Files.exists(out.resolve("summary.json")), "the summary is written at the end only");
        Path doneEarlier = firstStamped(out);
        FileTime reportTime = Files.getLastModifiedTime(doneEarlier.resolve("report.json"));

        Cli resumed = Cli.run("batch", cases.toString(), "-o", out.toString(), "--format", "json", "--jobs", "2");
        assertEquals(finished, resumed.out().lines().filter(l -> l.contains("not redone")).count(), resumed.out());
        assertEquals(200 - finished, resumed.out().lines().filter(l -> l.startsWith("[") && !l.contains("not redone"))
                .count(), resumed.out());
        assertEquals(reportTime, Files.getLastModifiedTime(doneEarlier.resolve("report.json")));

        Cli uninterrupted = Cli.run("batch", cases.toString(), "-o", tmp.resolve("whole").toString(), "--format", "json",
                "--jobs", "2");
        assertEquals(uninterrupted.exitCode(), resumed.exitCode());
        assertEquals(JSON.readTree(tmp.resolve("whole/summary.json").toFile()),
                JSON.readTree(out.resolve("summary.json").toFile()));
    }

    /**
     * Issue 23: a batch of 2,000 small cases in a JVM of its own with a 64 MB heap (the batch keeps a
     * small row per case; the rest of a case is garbage once its reports are written), and an
     * index.html whose size does not grow with the cases. {@code -Dioverdict.batch.cases=10000}
     * runs the full size, in 512 MB (bench/batch-bench.sh times it).
     */
    @Test
    void twoThousandCasesInASmallHeapWithAnIndexOfBoundedSize() throws Exception {
        int n = Integer.getInteger("ioverdict.batch.cases", 2_000);
        Path cases = Files.createDirectories(tmp.resolve("many"));
        Path vmstat = TestData.bundle("solaris-dnlc-low").resolve("bundle/vmstat-s.txt");
        java.util.List<Path> iostat;
        try (var s = Files.list(TestData.bundle("iostat-linux-saturated").resolve("bundle"))) {
            iostat = s.toList();
        }
        for (int i = 0; i < n; i++) {
            Path c = Files.createDirectories(cases.resolve(String.format("case-%05d", i)));
            for (Path f : i % 2 == 0 ? java.util.List.of(vmstat) : iostat) {
                try {
                    Files.createLink(c.resolve(f.getFileName()), f);
                } catch (java.io.IOException | UnsupportedOperationException e) {
                    Files.copy(f, c.resolve(f.getFileName()));
                }
            }
        }
        Path out = tmp.resolve("many-out");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        long start = System.nanoTime();
        Process batch = new ProcessBuilder(java, n > 2_000 ? "-Xmx512m" : "-Xmx64m", "-XX:+UseSerialGC",
                "-Djava.awt.headless=true", "-cp", System.getProperty("java.class.path"), Main.class.getName(), "batch",
                cases.toString(), "-o", out.toString(), "--format", "json", "--jobs", "2")
                .redirectErrorStream(true).redirectOutput(tmp.resolve("many.log").toFile()).start();
        boolean ended = batch.waitFor(10, TimeUnit.MINUTES);
        if (!ended) {
            batch.destroyForcibly().waitFor();
        }
        String log = Files.readString(tmp.resolve("many.log"));
        assertTrue(ended, "still running after 10 minutes: " + log.lines().reduce((a, b) -> b).orElse(""));
        assertEquals(0, batch.exitValue(), log.lines().filter(l -> !l.startsWith("[")).toList().toString());
        assertFalse(log.contains("OutOfMemoryError") || log.contains("out of memory"), "in the small heap");
        JsonNode summary = JSON.readTree(out.resolve("summary.json").toFile());
        assertEquals(n, summary.path("cases").size(), "summary.json lists every case");
        long index = Files.size(out.resolve("index.html"));
        assertTrue(index < 200 * 1024, "index.html of " + index + " bytes");
        int pages = dev.ioverdict.report.BatchIndex.pageCount(n);
        for (int p = 1; p <= pages; p++) {
            assertTrue(Files.isRegularFile(out.resolve(dev.ioverdict.report.BatchIndex.pageName(p))), "page " + p);
        }
        System.out.printf("%d cases in %.1f s%n", n, (System.nanoTime() - start) / 1e9);
    }

    private static int stamped(Path out) throws Exception {
        if (!Files.isDirectory(out)) {
            return 0;
        }
        try (var s = Files.list(out)) {
            return (int) s.filter(c -> Files.isRegularFile(c.resolve(".ioverdict-case.json"))).count();
        }
    }

    private static Path firstStamped(Path out) throws Exception {
        try (var s = Files.list(out)) {
            return s.filter(c -> Files.isRegularFile(c.resolve(".ioverdict-case.json"))).sorted().findFirst().orElseThrow();
        }
    }

    @Test
    void mergedShardsSayWhatOneBatchSays() throws Exception {
        Path cases = cases(5);
        Cli whole = Cli.run("batch", cases.toString(), "-o", tmp.resolve("whole").toString(), "--format", "json,html");
        for (int i = 0; i < 3; i++) {
            Cli r = Cli.run("batch", cases.toString(), "-o", tmp.resolve("shards/s" + i).toString(), "--shard", i + "/3",
                    "--format", "json,html");
            assertEquals(whole.exitCode(), r.exitCode(), r.out() + r.err());
        }
        Path merged = tmp.resolve("shards/all");
        Cli m = Cli.run("merge", tmp.resolve("shards/s0").toString(), tmp.resolve("shards/s1").toString(),
                tmp.resolve("shards/s2").toString(), "-o", merged.toString());
        assertEquals(whole.exitCode(), m.exitCode(), m.out() + m.err());
        JsonNode one = withoutLinks(JSON.readTree(tmp.resolve("whole/summary.json").toFile()));
        JsonNode all = JSON.readTree(merged.resolve("summary.json").toFile());
        for (JsonNode c : all.path("cases")) {
            String link = c.path("report").asText();
            assertTrue(link.startsWith("../s"), link);
            assertTrue(Files.isRegularFile(merged.resolve(link)), link);
        }
        // the merged summary adds what each shard was, with the version that wrote it
        assertEquals(3, all.path("shards").size(), all.toString());
        assertEquals(one.path("tool"), all.path("shards").get(0).path("tool"));
        ((ObjectNode) all).remove("shards");
        assertEquals(one, withoutLinks(all));
        String index = Files.readString(merged.resolve("index.html"));
        assertTrue(index.contains("href=\"../s1/case-01/report.html\""), index);
    }

    @Test
    void aSymlinkedCaseIsFollowedOnlyInsideTheRoot() throws Exception {
        Path cases = cases(1);
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere/secret"));
        Files.copy(TestData.bundle("solaris-dnlc-low").resolve("bundle/vmstat-s.txt"), elsewhere.resolve("vmstat-s.txt"));
        Files.createSymbolicLink(cases.resolve("linked-inside"), cases.resolve("case-00"));
        Files.createSymbolicLink(cases.resolve("linked-outside"), elsewhere);
        Path tgz = tmp.resolve("elsewhere/other.tgz");
        Files.write(tgz, new byte[] {0x1f, (byte) 0x8b});
        Files.createSymbolicLink(cases.resolve("linked-outside.tgz"), tgz);
        Files.createSymbolicLink(cases.resolve("dangling.zip"), tmp.resolve("nothing-here.zip"));
        Path out = tmp.resolve("out");
        Cli r = Cli.run("batch", cases.toString(), "-o", out.toString(), "--format", "json");
        JsonNode summary = JSON.readTree(out.resolve("summary.json").toFile());
        assertEquals(2, summary.path("cases").size(), r.out());
        assertEquals("linked-inside", summary.path("cases").get(1).path("caseId").asText());
        assertEquals("warning", summary.path("cases").get(1).path("verdict").asText());
        assertFalse(Files.exists(out.resolve("linked-outside")));
        assertTrue(r.out().contains("warning: linked-outside is a link to " + elsewhere + ", outside " + cases
                + ": not followed"), r.out());
        assertTrue(r.out().contains("warning: linked-outside.tgz is a link to " + tgz + ", outside"), r.out());
        assertTrue(r.out().contains("warning: dangling.zip is a link to " + tmp.resolve("nothing-here.zip")
                + " that leads nowhere"), r.out());
        // a case folder reached through a link inside the root reads its own files, not a link out of it
        Files.createSymbolicLink(cases.resolve("case-00/mounts.txt"), Path.of("/proc/self/mounts"));
        Cli again = Cli.run("batch", cases.toString(), "-o", tmp.resolve("out2").toString(), "--format", "json");
        String report = Files.readString(tmp.resolve("out2/linked-inside/report.json"));
        assertTrue(report.contains("leads outside the bundle: not followed"), again.out());
    }

    private static JsonNode withoutLinks(JsonNode summary) {
        JsonNode copy = summary.deepCopy();
        copy.path("cases").forEach(c -> ((ObjectNode) c).remove(java.util.List.of("report", "reports")));
        return copy;
    }
}
