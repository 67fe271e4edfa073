package dev.ioverdict.parse.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.parse.Sample;
import dev.ioverdict.testing.TestData;
import dev.ioverdict.parse.text.Interner;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PerfScriptFormatTest {
    @Test
    void headerWithPidTidCpuAndTracepoint() {
        var h = PerfScriptFormat.Header.parse(
                "swapper 0 [006] 205791.409875: block:block_rq_complete: 8,16 RM () 390439208 + 8 [0]");
        assertNotNull(h);
        assertEquals("swapper", h.comm);
        assertEquals(0, h.pid);
        assertEquals(6, h.cpu);
        assertEquals(205791_409875000L, h.timeNs);
        assertEquals("block:block_rq_complete", h.event);
        assertEquals("8,16 RM () 390439208 + 8 [0]", h.payload);
    }

    @Test
    void paddedCommWithSpacesAndSlashAndNanoseconds() {
        var h = PerfScriptFormat.Header.parse(
                "     kworker/u4:1 Web 1234/1240 [001] 12.123456789:      syscalls:sys_exit_io_submit: 0x1");
        assertNotNull(h);
        assertEquals("kworker/u4:1 Web", h.comm);
        assertEquals(1234, h.pid);
        assertEquals(1240, h.tid);
        assertEquals(12_123456789L, h.timeNs);
        assertEquals("syscalls:sys_exit_io_submit", h.event);
    }

    @Test
    void periodBeforeEventAndNoCpuColumn() {
        var h = PerfScriptFormat.Header.parse("perf 5678 100.5:     250000 cpu-clock: ");
        assertNotNull(h);
        assertEquals(-1, h.cpu);
        assertEquals("cpu-clock", h.event);
    }

    @Test
    void framesAreNotHeaders() {
        assertTrue(PerfScriptFormat.isFrame("\t          59fef5 copy_user_enhanced_fast_string (/lib/modules/vmlinux)"));
        assertTrue(PerfScriptFormat.isFrame("        ffffffff8e2a1b3c __schedule+0x2fc ([kernel.kallsyms])"));
        assertEquals("__schedule", PerfScriptFormat.frameSymbol("        ffffffff8e2a1b3c __schedule+0x2fc ([kernel.kallsyms])"));
        assertNull(PerfScriptFormat.Header.parse("not a perf line at all"));
    }

    @Test
    void recognisesPublicSamples() throws Exception {
        for (Path p : Files.list(TestData.external("perf-script")).toList()) {
            var sample = new Sample(p.getFileName().toString(), Files.readAllLines(p).stream().limit(200).toList());
            assertTrue(new PerfScriptFormat().recognise(sample).matches(), p.toString());
        }
    }

    @Test
    void taskWithoutPidPrintsMinusOneAndAColonComm() {
        var h = PerfScriptFormat.Header.parse(":-1    -1 [000]  1541.901811: sched:sched_switch: prev_comm=kworker/R-dio/l "
                + "prev_pid=19485 prev_prio=120 prev_state=X ==> next_comm=fio next_pid=19468 next_prio=120");
        assertNotNull(h);
        assertEquals(":-1", h.comm);
        assertEquals(-1, h.pid);
        assertEquals("sched:sched_switch", h.event);
    }

    /**
     * The hot path reads call-chain lines from their bytes; it must see every line as the String
     * reader does. Headers have one reader: with interned names it reads what it reads without.
     */
    @Test
    void framesReadFromBytesMatchTheStringReadingAndHeadersReadTheSameInterned() throws Exception {
        List<String> lines = new ArrayList<>(List.of(
                "     kworker/u4:1 Web 1234/1240 [001] 12.123456789:      syscalls:sys_exit_io_submit: 0x1",
                ":-1    -1 [000]  1541.901811: sched:sched_switch: prev_comm=a prev_pid=1 prev_state=S ==> next_pid=2",
                "perf 5678 100.5:     250000 cpu-clock: ",
                "perf 5678 100.5:     250000 cpu-clock:",
                "perf 5678 100.5: two words: x",
                "/x 12 [001] 1.5: ev: p",
                "a 1/ [001] 1.5: ev: p",
                "a 1 [0x] 1.5: ev: p",
                "a 1 ] 1.5: ev: p",
                " 1.5: ev: p",
                "a 1 [001] 1.: ev: p",
                "a 1 [001] .5: ev: p",
                "a\u001f 1 [001] 1.5: ev:",
                "\t ffff sym+0x1 (dso)",
                "\tffff (dso)",
                "\t ffff ",
                "\tffff",
                "\tffff  +0x1 (dso)",
                "\tffff (",
                "\tffffg sym (dso)",
                "\t\t",
                "\t",
                " \tffff sym (dso)",
                " \u000b ffff sym (dso)",
                "  # comment",
                "  ",
                " \t",
                "  ffff sym (dso",
                ""));
        for (String bundle : List.of("xfs-aligned-4k/bundle/perf-sched-stacks.txt", "perf-healthy/bundle/perf-script.txt",
                "perf-scheduler-latency/bundle/perf-script.txt", "xfs-unaligned-512b/bundle/perf-block.txt")) {
            lines.addAll(Files.readAllLines(TestData.root().resolve("testdata").resolve(bundle)));
        }
        Interner names = new Interner(12);
        int headers = 0;
        for (String line : lines) {
            byte[] b = line.getBytes(StandardCharsets.ISO_8859_1);
            if (line.isEmpty() || !line.chars().allMatch(c -> c < 128)) {
                continue;
            }
            assertEquals(PerfScriptFormat.isFrame(line), PerfScriptFormat.isFrame(b, b.length), line);
            int kind = PerfScriptFormat.lineKind(b, b.length);
            assertEquals(PerfScriptFormat.isFrame(line) ? PerfScriptFormat.tabLed(line) ? 1 : 2
                    : PerfScriptFormat.blankOrComment(line) ? 3 : 4, kind, line);
            if (b[0] == '\t') {
                int at = PerfScriptFormat.tabFrameSymbol(b, b.length);
                assertEquals(PerfScriptFormat.isFrame(line), at != -1, line);
                if (at != -1) {
                    String sym = at >= 0 ? new String(b, at, PerfScriptFormat.symbolEnd(b, b.length, at) - at,
                            StandardCharsets.ISO_8859_1) : at == -3 ? "[unknown]" : null;
                    assertEquals(PerfScriptFormat.frameSymbol(line), sym, line);
                }
            }
            if (PerfScriptFormat.isFrame(line)) {
                assertEquals(PerfScriptFormat.frameSymbol(line), PerfScriptFormat.frameSymbol(b, b.length, names), line);
                continue;
            }
            if (sameHeader(line, names)) {
                headers++;
            }
        }
        assertTrue(headers > 1000, "headers compared: " + headers);
    }

    /**
     * One reader reads every header: from its bytes on the hot path, through its byte shadow for a
     * line outside ASCII. It must read every line as the String reader of round five did (kept as
     * {@link StringHeaderOracle}), the odd ones too. Each header of the recordings is cut, has a
     * character dropped, doubled or replaced by one of those the reader looks for, or by one
     * outside ASCII (whitespace or not, a lone surrogate, the replacement character), at every place.
     */
    @Test
    void headersReadFromBytesMatchTheStringReadingOnEveryMutation() throws Exception {
        List<String> seeds = new ArrayList<>(List.of(
                "     kworker/u4:1 Web 1234/1240 [001] 12.123456789:      syscalls:sys_exit_io_submit: 0x1",
                ":-1    -1 [000]  1541.901811: sched:sched_switch: prev_comm=a prev_pid=1 prev_state=S ==> next_pid=2",
                "perf 5678 100.5:     250000 cpu-clock: ",
                "perf 12 34 cpu-clock: x",
                "perf 12/13 250 cycles:u: x",
                "perf [001] 250 cycles: x",
                "a\u001f 1 [001] 1.5: ev:"));
        for (String bundle : List.of("perf-healthy/bundle/perf-script.txt", "xfs-unaligned-512b/bundle/perf-syscalls.txt",
                "perf-scheduler-latency/bundle/perf-script.txt", "xfs-unaligned-512b/bundle/perf-block.txt")) {
            Files.readAllLines(TestData.root().resolve("testdata").resolve(bundle)).stream()
                    .filter(l -> !l.isEmpty() && l.charAt(0) != '\t' && l.charAt(0) != '#').limit(40).forEach(seeds::add);
        }
        String odd = " \t:./[]0123456789-x\u00e9\u3000\u00a0\u2028\ud83d\ufffd";
        Interner names = new Interner(12);
        int compared = 0;
        for (String seed : seeds) {
            for (int at = 0; at <= seed.length(); at++) {
                sameHeader(seed.substring(0, at), names);
                if (at < seed.length()) {
                    sameHeader(seed.substring(0, at) + seed.substring(at + 1), names);
                    sameHeader(seed.substring(0, at + 1) + seed.substring(at), names);
                    for (char c : odd.toCharArray()) {
                        sameHeader(seed.substring(0, at) + c + seed.substring(at + 1), names);
                        compared++;
                    }
                }
            }
        }
        assertTrue(compared > 50_000, "lines compared: " + compared);
    }

    /** Whether {@code line} is a header, asserting that every reading of it reads it as the oracle does. */
    private static boolean sameHeader(String line, Interner names) {
        var fromText = StringHeaderOracle.parse(line, null);
        List<PerfScriptFormat.Header> readings = new ArrayList<>();
        readings.add(PerfScriptFormat.Header.parse(line));
        readings.add(PerfScriptFormat.Header.parse(line, names));
        boolean ascii = line.chars().allMatch(c -> c < 0x80);
        byte[] b = line.getBytes(StandardCharsets.ISO_8859_1);
        if (ascii) {
            var fromBytes = PerfScriptFormat.Header.parse(b, b.length, names);
            if (fromBytes != null) {
                assertEquals(fromText != null && fromText.payload.isEmpty(), fromBytes.payloadEmpty(b.length), line);
                fromBytes.materialise(b, b.length);
            }
            readings.add(fromBytes);
        }
        for (var h : readings) {
            assertEquals(fromText == null, h == null, line);
        }
        if (fromText == null) {
            return false;
        }
        for (var h : readings) {
            assertEquals(List.of(fromText.comm, fromText.pid, fromText.tid, fromText.cpu, fromText.timeNs, fromText.period,
                    fromText.event, fromText.payload, fromText.text), List.of(h.comm, h.pid, h.tid, h.cpu, h.timeNs,
                    h.period, h.event, h.payload, h.text), line);
        }
        return true;
    }
}
