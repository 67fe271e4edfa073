package dev.ioverdict.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.Diagnostic;
import dev.ioverdict.model.iostat.IostatSample;
import dev.ioverdict.model.vmstat.VmstatCounter;
import dev.ioverdict.parse.blkparse.BlkparseFormat;
import dev.ioverdict.parse.iostat.DiskstatsFormat;
import dev.ioverdict.parse.perf.PerfScriptFormat;
import dev.ioverdict.parse.strace.StraceFormat;
import dev.ioverdict.parse.vmstat.VmstatSFormat;
import dev.ioverdict.testing.ParseRun;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Time running backwards and cumulative counters decreasing: one warning per file with the count and
 * the first lines named (a glued million-line trace must not give a million warnings), the records
 * kept or dropped as README's "Hostile or damaged bundles" says.
 */
class RunningBackwardsTest {
    private static String testdata(String bundleFile) throws Exception {
        return Files.readString(TestData.bundle(bundleFile.substring(0, bundleFile.indexOf('/')))
                .resolve(bundleFile.substring(bundleFile.indexOf('/') + 1)));
    }

    private static List<Diagnostic> about(ParseRun run, String words) {
        return run.summary().warnings().stream().filter(w -> w.message().contains(words)).toList();
    }

    /** The same capture twice in one file: every stream starts again at its beginning. */
    private static void gluedTwiceIsOneWarningAndEveryRecordKept(InputFormat format, String text, String words,
                                                                 long firstLineOfSecondCopy) {
        ParseRun once = ParseRun.of(format, "x.txt", text);
        ParseRun twice = ParseRun.of(format, "x.txt", text + text);
        assertTrue(about(once, words).isEmpty(), once.summary().warnings().toString());
        List<Diagnostic> warned = about(twice, words);
        assertEquals(1, warned.size(), twice.summary().warnings().toString());
        assertTrue(warned.get(0).line() >= firstLineOfSecondCopy, warned.toString());
        assertTrue(warned.get(0).message().matches(".* \\d+ times, at lines " + firstLineOfSecondCopy + "(, \\d+)+"
                + "( and \\d+ more)? \\(first: line \\d+ is [0-9.]+ s before line \\d+ of the same .*\\); .* kept .*"),
                warned.get(0).message());
        assertEquals(2 * once.summary().records(), twice.summary().records(), "kept with the time they carry");
    }

    @Test
    void straceTimeRunningBackwardsWithinAProcess() throws Exception {
        String text = testdata("xfs-unaligned-512b/bundle/strace-fio.txt");
        gluedTwiceIsOneWarningAndEveryRecordKept(new StraceFormat(), text, "time runs backwards within one process",
                text.lines().count() + 1);
    }

    @Test
    void perfScriptTimeRunningBackwardsOnACpu() throws Exception {
        String text = testdata("perf-healthy/bundle/perf-script.txt");
        gluedTwiceIsOneWarningAndEveryRecordKept(new PerfScriptFormat(), text, "time runs backwards on one CPU",
                text.lines().count() + 1);
    }

    @Test
    void blkparseTimeRunningBackwardsOnACpuOfADevice() throws Exception {
        String text = testdata("blkgen-healthy-ssd/bundle/blkparse.txt");
        gluedTwiceIsOneWarningAndEveryRecordKept(new BlkparseFormat(), text,
                "time runs backwards on one CPU of one device", text.lines().count() + 1);
    }

    @Test
    void vmstatCountersDecreasingAndOneAboveTheLongRange() throws Exception {
        String text = testdata("solaris-dnlc-low/bundle/vmstat-s.txt");
        String after = text.replace("1318405 system calls", "   1205 system calls")
                .replace("126424 total name lookups", "  4424 total name lookups");
        ParseRun run = ParseRun.of(new VmstatSFormat(), "vmstat-s.txt",
                text + after + "100000000000000000000000 system calls\n");
        long lines = text.lines().count();
        List<Diagnostic> warned = about(run, "cumulative counter decreased");
        assertEquals(1, warned.size(), run.summary().warnings().toString());
        assertTrue(warned.get(0).message().contains("2 times, at lines " + (lines + 6) + ", " + (lines + 7)),
                warned.get(0).message());
        assertTrue(warned.get(0).message().contains("'system calls' 1205 after 1318405 at line 6"),
                warned.get(0).message());
        List<Diagnostic> range = about(run, "above 2^63-1");
        assertEquals(1, range.size(), run.summary().warnings().toString());
        assertEquals(2 * lines + 1, range.get(0).line());
        assertEquals(2 * lines, run.facts().all(VmstatCounter.class).size(), "both snapshots kept, as printed");
        assertTrue(run.facts().all(VmstatCounter.class).stream().noneMatch(c -> c.value() < 0), "never wrapped");
    }

    @Test
    void diskstatsCountersDecreasingAcrossARebootDropThatInterval() {
        String text = """
                1795250000
                   8       0 sda 1000 10 8000 500 2000 20 16000 4000 0 1000 4500
                1795250010
                   8       0 sda 1100 10 8800 600 4000 40 32000 84000 64 11000 84600
                1795250020
                   8       0 sda 50 0 400 30 60 0 480 100 0 120 130
                1795250030
                   8       0 sda 150 0 1200 130 60 0 480 100 0 220 230
                1795250025
                   8       0 sda 250 0 2000 230 60 0 480 100 0 320 330
                """;
        ParseRun run = ParseRun.of(new DiskstatsFormat(), "diskstats.txt", text);
        List<IostatSample> rows = run.facts().all(IostatSample.class);
        assertEquals(List.of(1795250010.0, 1795250030.0), rows.stream().map(IostatSample::time).toList(),
                "the interval across the reboot and the one going back in time give no rates");
        assertEquals(10.0, rows.get(1).value("r/s"), "the interval after the reboot is read again");
        List<Diagnostic> reboot = about(run, "counter decreased between two snapshots");
        assertEquals(1, reboot.size(), run.summary().warnings().toString());
        assertEquals(6, reboot.get(0).line());
        assertTrue(reboot.get(0).message().contains("sda's field 1 (kernel numbering) went from 1100 to 50"),
                reboot.get(0).message());
        List<Diagnostic> back = about(run, "time runs backwards between two snapshots");
        assertEquals(1, back.size(), run.summary().warnings().toString());
        assertEquals(10, back.get(0).line());
    }
}
