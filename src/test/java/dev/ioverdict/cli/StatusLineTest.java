package dev.ioverdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.pipeline.Progress;
import dev.ioverdict.testing.TestData;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The status line's text on a fake clock, and no status line at all where stderr is no terminal. */
class StatusLineTest {
    private long now;

    private StatusLine line(int width) {
        return new StatusLine(new PrintWriter(new StringWriter()), () -> now, true, width);
    }

    private void seconds(double s) {
        now += (long) (s * 1e9);
    }

    @Test
    void readingShowsTheInputItsBytesAndTheTimeLeftForAllInputs() {
        StatusLine s = line(100);
        s.phase(Progress.Phase.READING);
        assertEquals("reading, 0 s so far", s.text());
        s.inputs(300L << 20);
        s.input("strace-fio.txt", 200L << 20);
        s.read(50L << 20);
        seconds(0.2);
        // too early to tell the rate
        assertEquals("reading strace-fio.txt: 50.0 MiB of 200.0 MiB (25%)", s.text());
        seconds(0.8);
        // 50 MiB a second, 250 MiB to go of the 300
        assertEquals("reading strace-fio.txt: 50.0 MiB of 200.0 MiB (25%), about 5 s left", s.text());
        s.read(150L << 20);
        s.input("perf-block.txt", 100L << 20);
        s.read(10L << 20);
        seconds(79);
        // 210 MiB in 80 s: 90 MiB to go is about 34 s
        assertEquals("reading perf-block.txt: 10.0 MiB of 100.0 MiB (10%), about 34 s left", s.text());
        s.phase(Progress.Phase.RULES);
        assertEquals("rules, 1 min 20 s so far", s.text());
    }

    @Test
    void aCompressedInputNeverPassesAHundredPercent() {
        StatusLine s = line(100);
        s.phase(Progress.Phase.READING);
        s.inputs(1000);
        s.input("trace.gz", 1000);
        s.read(5000);
        seconds(1);
        assertEquals("reading trace.gz: 1000 B of 1000 B (100%)", s.text());
    }

    @Test
    void aLongNameIsShortenedFromItsStartToFitTheWidth() {
        StatusLine s = line(60);
        s.phase(Progress.Phase.READING);
        s.inputs(2048);
        s.input("sos_commands/block/very/deep/folder/of/the/bundle/blkparse-sda.txt", 2048);
        s.read(1024);
        String text = s.text();
        assertEquals(59, text.length(), text);
        assertEquals("reading ...undle/blkparse-sda.txt: 1.0 KiB of 2.0 KiB (50%)", text);
    }

    @Test
    void aBatchShowsCasesDoneFailedAndTimeLeft() {
        StatusLine s = line(100);
        s.cases(200);
        assertEquals("batch: 0 of 200 case(s) done, 0 failed", s.text());
        seconds(30);
        for (int i = 0; i < 50; i++) {
            s.caseDone(i % 10 == 0);
        }
        // 50 cases in 30 s: 150 more in 90 s
        assertEquals("batch: 50 of 200 case(s) done, 5 failed, about 1 min 30 s left", s.text());
        seconds(7200);
        s.caseDone(false);
        // 51 in 7230 s: 149 more at 141.8 s each
        assertTrue(s.text().endsWith("about 5 h 52 min left"), s.text());
    }

    @Test
    void offItCountsNothingAndPrintsOnlyTheNormalLines() {
        StringWriter err = new StringWriter();
        StringWriter out = new StringWriter();
        try (StatusLine s = StatusLine.open(new PrintWriter(err), false)) {
            // commands run in-process (as here) never draw: only Main.main asks whether stderr is a terminal
            assertSame(Progress.NONE, s.progress());
            s.println(new PrintWriter(out), "[1/1] ok case");
        }
        assertEquals("", err.toString());
        assertEquals("[1/1] ok case" + System.lineSeparator(), out.toString());
    }

    @Test
    void terminalsAreTheirDevicesNotPipesOrFiles() {
        assertTrue(StatusLine.isTerminalDevice("/dev/pts/3"));
        assertTrue(StatusLine.isTerminalDevice("/dev/tty1"));
        assertFalse(StatusLine.isTerminalDevice("pipe:[123456]"));
        assertFalse(StatusLine.isTerminalDevice("/tmp/err.log"));
        assertFalse(StatusLine.isTerminalDevice("/dev/null"));
    }

    @Test
    void aReportWhoseStderrIsAFileGetsNoProgressBytes(@TempDir Path tmp) throws Exception {
        Path err = tmp.resolve("stderr");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(List.of(java, "-Dioverdict.progress.after-ms=0", "-Djava.awt.headless=true",
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "report",
                TestData.bundle("xfs-unaligned-512b").resolve("bundle").toString(), "-o", tmp.resolve("r").toString(),
                "--format", "json"))
                .redirectOutput(tmp.resolve("stdout").toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(3, TimeUnit.MINUTES));
        String errText = Files.readString(err);
        String outText = Files.readString(tmp.resolve("stdout"));
        assertTrue(outText.contains("wrote "), outText + errText);
        assertFalse(errText.contains("\r") || errText.contains("\u001b") || outText.contains("\r"), errText);
    }
}
