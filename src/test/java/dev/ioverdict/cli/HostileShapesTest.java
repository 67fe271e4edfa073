package dev.ioverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.parse.OpenItems;
import dev.ioverdict.testing.HostileShapes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The resource shapes of issue 21 (many names, many devices, many pids, long tokens, long and deep
 * JSON), each reported in a JVM of its own with a small heap, so that a report that grows with the
 * number of distinct names shows as an out-of-memory exit or a timeout, not as a slow suite. CI
 * sizes by default (well under two minutes in all on a quiet machine); the sizes of the issue with
 * {@code -Dioverdict.hostile.full=true} and a 512 MB heap (bench/hostile-bench.sh times the same
 * shapes with figures, docs/PERFORMANCE.md).
 */
class HostileShapesTest {
    static final boolean FULL = Boolean.getBoolean("ioverdict.hostile.full");
    static final String HEAP = FULL ? "512m" : "256m";
    static final long LIMIT_S = FULL ? 600 : 120;
    /** The longest run of non-blank characters report.html may hold outside style and script. */
    static final Pattern LONG_TOKEN = Pattern.compile("[^\\s<>\"]{400,}");

    @TempDir
    Path tmp;

    @Test
    void aLongPathProcessAndDeviceNameAreCutOnThePageAndKeptInReportJson() throws Exception {
        Path b = HostileShapes.longTokens(tmp.resolve("b"), 1 << 20, 200 * 1024, 100 * 1024);
        Run r = report(b, "html,pdf,json");
        r.assertWritten();
        String html = Files.readString(r.out.resolve("report.html"));
        // drawing data (an SVG path's d, points) and inline fonts are no words
        String text = html.replaceAll("(?s)<style.*?</style>|<script.*?</script>|data:[^\"')]*| (d|points)=\"[^\"]*\"", "");
        assertFalse(LONG_TOKEN.matcher(text).find(), "a token of 400 characters or more on the page");
        assertTrue(html.length() < 4 << 20, "report.html of " + html.length() + " chars");
        // report.json keeps the device's whole name
        assertTrue(Files.readString(r.out.resolve("report.json")).contains("d".repeat(100 * 1024)));
    }

    @Test
    void manyProcessNamesRenderInASmallHeap() throws Exception {
        Path b = tmp.resolve("b");
        HostileShapes.perfManyNames(b, FULL ? 100_000 : 5_000);
        report(b, "html,pdf,json").assertWritten();
    }

    @Test
    void manyDevicesRenderInASmallHeapWithTheRestCounted() throws Exception {
        Path b = tmp.resolve("b");
        HostileShapes.iostatManyDevices(b, FULL ? 100_000 : 1_000, 3);
        Run r = report(b, "html,json");
        r.assertWritten();
        String html = Files.readString(r.out.resolve("report.html"));
        assertTrue(html.contains("more, in report.json"), "no 'and N more' note on a page of 1,000 devices");
    }

    @Test
    void manyPidsAreReadToTheEnd() throws Exception {
        Path b = tmp.resolve("b");
        int pids = FULL ? 1_000_000 : 20_000;
        HostileShapes.straceManyPids(b, pids);
        Run r = report(b, "html,pdf,json");
        r.assertWritten();
        String json = Files.readString(r.out.resolve("report.json"));
        assertTrue(json.contains("\"lines\" : " + 2 * pids), "not every line read: " + r.err);
        // the per-process and per-file tables keep the top ones and count the rest, on the page too
        assertTrue(json.contains("more files, " + String.format(java.util.Locale.ROOT, "%,d", pids - 1_000) + " requests, not itemised"), json.substring(0, 2000));
        assertTrue(Files.readString(r.out.resolve("report.html")).contains("not itemised"));
    }

    @Test
    void aMillionPidsEachLeavingACallUnfinishedAreBoundedAndCounted() throws Exception {
        Path b = tmp.resolve("b");
        int pids = FULL ? 1_000_000 : OpenItems.MAX + 20_000;
        HostileShapes.straceOpenCalls(b, pids, 10);
        Run r = report(b, "html,pdf,json");
        // calls were given up: a damaged input, the report written whole
        assertEquals(ExitCodes.DAMAGED_INPUT, r.exit, r.err);
        String json = Files.readString(r.out.resolve("report.json"));
        assertTrue(json.contains("\"lines\" : " + (2 * pids + 10)), "not every line read: " + r.err);
        // the pids past the bound, the first at line 2; the first ten resumptions still read as calls
        assertTrue(json.contains(String.format(java.util.Locale.ROOT, "%,d unfinished calls given up (the first at line 2)",
                pids - OpenItems.MAX)), json.substring(0, 3000));
        assertTrue(json.contains("\"records\" : " + (pids + 10)), json.substring(0, 3000));
    }

    @Test
    void aMillionThreadsEachLeavingASyscallAndASleepOpenAreBoundedAndCounted() throws Exception {
        Path b = tmp.resolve("b");
        int tids = FULL ? 1_000_000 : OpenItems.MAX + 20_000;
        HostileShapes.perfOpenThreads(b, tids);
        Run r = report(b, "html,pdf,json");
        assertEquals(ExitCodes.DAMAGED_INPUT, r.exit, r.err);
        String json = Files.readString(r.out.resolve("report.json"));
        String givenUp = String.format(java.util.Locale.ROOT, "%,d", tids - OpenItems.MAX);
        assertTrue(json.contains(givenUp + " syscalls:sys_enter events without their exit given up (the first at line 1)"),
                json.substring(0, 3000));
        assertTrue(json.contains(givenUp + " sleeps (a switch-out in S or D state) given up (the first at line 2)"),
                json.substring(0, 3000));
    }

    @Test
    void anOversizedLsblkJsonIsRefusedByNameAndADeepOneIsNoCrash() throws Exception {
        Path big = tmp.resolve("big");
        HostileShapes.lsblkJson(big, FULL ? 400L << 20 : 40L << 20, 10);
        Files.copy(Path.of("testdata/solaris-dnlc-low/bundle/vmstat-s.txt"), big.resolve("vmstat-s.txt"));
        Run r = report(big, "json");
        r.assertWritten();
        String json = Files.readString(r.out.resolve("report.json"));
        assertTrue(json.contains("lsblk.json not read: lsblk -J of"), json.length() > 4000 ? json.substring(0, 4000) : json);

        Path deep = tmp.resolve("deep");
        HostileShapes.lsblkJson(deep, 1000, 5_000);
        Files.copy(Path.of("testdata/solaris-dnlc-low/bundle/vmstat-s.txt"), deep.resolve("vmstat-s.txt"));
        report(deep, "json").assertWritten();
    }

    record Run(int exit, Path out, String err) {
        void assertWritten() {
            assertTrue(exit == ExitCodes.OK || exit == ExitCodes.DAMAGED_INPUT, "exit " + exit + ": " + err);
        }
    }

    /** {@code ioverdict report} in a JVM of its own with the test's heap, within the time limit. */
    private Run report(Path bundle, String formats) throws IOException, InterruptedException {
        Path out = tmp.resolve("out-" + bundle.getFileName());
        Path err = tmp.resolve("err-" + bundle.getFileName() + ".txt");
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + HEAP, "-Djava.awt.headless=true",
                "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "report", bundle.toString(), "-o", out.toString(), "--format", formats, "--quiet"));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(err.toFile()).start();
        long t0 = System.nanoTime();
        if (!p.waitFor(LIMIT_S, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            throw new AssertionError("no report within " + LIMIT_S + " s in -Xmx" + HEAP);
        }
        System.out.printf("%s: exit %d in %.1f s, -Xmx%s%n", bundle.getFileName(), p.exitValue(),
                (System.nanoTime() - t0) / 1e9, HEAP);
        return new Run(p.exitValue(), out, Files.readString(err, StandardCharsets.UTF_8));
    }
}
