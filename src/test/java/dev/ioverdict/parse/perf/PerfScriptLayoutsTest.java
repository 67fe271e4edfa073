package dev.ioverdict.parse.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.bundle.BundleFile;
import dev.ioverdict.bundle.FormatDetector;
import dev.ioverdict.model.block.BlockAction;
import dev.ioverdict.model.block.BlockEvent;
import dev.ioverdict.model.syscall.SyscallCall;
import dev.ioverdict.parse.InputFormats;
import dev.ioverdict.testing.ParseRun;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * perf script in each header layout perf prints (testdata/perf-script-layouts, recorded here; the
 * public FlameGraph and speedscope samples): recognised by content among all formats, every sample
 * counted as stackcollapse-perf.pl counts it (its figures in the folder's README), the I/O events
 * read wherever perf printed their time and fields, and a profile without I/O a valid input.
 */
class PerfScriptLayoutsTest {
    private static final PerfScriptFormat FORMAT = new PerfScriptFormat();
    private static final String IO_EVENTS = "12 block:block_rq_complete, 11 block:block_rq_issue, 20%s cpu-clock, "
            + "1 syscalls:sys_enter_fsync, 11 syscalls:sys_enter_write, 1 syscalls:sys_exit_fsync, 11 syscalls:sys_exit_write";

    private static Path layout(String name) {
        return TestData.root().resolve("testdata/perf-script-layouts").resolve(name);
    }

    private static ParseRun read(Path file) throws Exception {
        BundleFile bf = new BundleFile(file.getFileName().toString(), file, Files.size(file), false);
        var detected = new FormatDetector(InputFormats.all()).detect(bf);
        assertEquals("perf-script", detected.format().map(f -> f.id()).orElse("unknown"), file + ": " + detected.because());
        ParseRun run = ParseRun.of(FORMAT, file);
        assertTrue(run.summary().warnings().isEmpty(), file + ": " + run.summary().warnings());
        assertEquals(0, run.summary().skipped(), file.toString());
        return run;
    }

    private static String samples(ParseRun run) {
        return run.summary().notes().stream().filter(n -> n.startsWith("samples per event: ")).findFirst()
                .map(n -> n.substring("samples per event: ".length())).orElse(null);
    }

    @Test
    void everyLayoutOfOneRecordingCountsTheSameSamples() throws Exception {
        // 67 samples, as perf record reported; the period where the layout prints one
        assertEquals(IO_EVENTS.formatted(" (period 20000000)"), samples(read(layout("io-default-max-stack-4.txt"))));
        assertEquals(IO_EVENTS.formatted(" (period 20000000)"), samples(read(layout("io-hide-call-graph.txt"))));
        assertEquals(IO_EVENTS.formatted(""), samples(read(layout("io-F-comm-pid-event-ip-sym.txt"))));
        assertEquals(IO_EVENTS.formatted(""), samples(read(layout("io-F-comm-tid-time-event-trace.txt"))));
        assertEquals(IO_EVENTS.formatted(""), samples(read(layout("io-F-comm-pid-tid-cpu-time-event-trace-ns.txt"))));
        assertEquals("12 (period 12) block:block_rq_complete, 11 (period 11) block:block_rq_issue, "
                + "20 (period 20000000) cpu-clock, 1 (period 1) syscalls:sys_enter_fsync, 11 (period 11) "
                + "syscalls:sys_enter_write, 1 (period 1) syscalls:sys_exit_fsync, 11 (period 11) syscalls:sys_exit_write",
                samples(read(layout("io-F-pid-tid-cpu-time-period-event-ip-sym.txt"))));
    }

    /** Where perf printed the time and the tracepoints' fields, the I/O is read: 11 writes, 1 fsync, 23 requests. */
    @Test
    void theIoEventsAreReadInEveryLayoutThatPrintsThem() throws Exception {
        for (String name : List.of("io-default-max-stack-4.txt", "io-hide-call-graph.txt",
                "io-F-comm-tid-time-event-trace.txt", "io-F-comm-pid-tid-cpu-time-event-trace-ns.txt")) {
            ParseRun run = read(layout(name));
            List<SyscallCall> calls = run.all(SyscallCall.class);
            assertEquals(11, calls.stream().filter(c -> c.name().equals("write")).count(), name);
            assertEquals(1, calls.stream().filter(c -> c.name().equals("fsync")).count(), name);
            List<BlockEvent> block = run.all(BlockEvent.class);
            assertEquals(11, block.stream().filter(e -> e.action() == BlockAction.ISSUE).count(), name);
            assertEquals(12, block.stream().filter(e -> e.action() == BlockAction.COMPLETE).count(), name);
            assertEquals(List.of("not analysed, no I/O in them: the cpu-clock samples"),
                    run.summary().notes().subList(1, run.summary().notes().size()), name);
        }
        // dd's eight 4 KiB direct writes (WS) are among them, beside its one metadata write (WSM) and the flush
        ParseRun run = read(layout("io-F-comm-tid-time-event-trace.txt"));
        assertEquals(8, run.all(BlockEvent.class).stream().filter(e -> e.action() == BlockAction.ISSUE
                && e.comm().equals("dd") && e.bytes() == 4096 && e.rwbs().equals("WS")).count());
    }

    @Test
    void layoutsWithoutTimeOrFieldsAreValidInputsThatSayWhatTheyLack() throws Exception {
        ParseRun noTime = read(layout("io-F-comm-pid-event-ip-sym.txt"));
        assertEquals(67, noTime.summary().records());
        assertTrue(noTime.all(BlockEvent.class).isEmpty());
        assertTrue(noTime.summary().notes().contains("47 I/O event(s) printed without their time (perf script -F "
                + "without 'time'): they cannot be placed in time and are not analysed"), noTime.summary().notes().toString());
        ParseRun noFields = read(layout("io-F-pid-tid-cpu-time-period-event-ip-sym.txt"));
        assertTrue(noFields.summary().notes().contains("47 I/O event(s) printed without their fields (perf script -F "
                + "without 'trace'): not analysed"), noFields.summary().notes().toString());
    }

    /** Figures of stackcollapse-perf.pl (testdata/perf-script-layouts/README.md). */
    @Test
    void cpuProfilesHoldNoIoAndCountAsStackcollapsePerfDoes() throws Exception {
        record Expect(Path file, String samples, String events) { }
        for (Expect e : List.of(
                new Expect(layout("cpu-clock-default.txt"), "34 (period 34034034) cpu-clock", "cpu-clock"),
                new Expect(layout("cpu-clock-F-comm-pid-event-ip-sym.txt"), "34 cpu-clock", "cpu-clock"),
                new Expect(TestData.external("perf-script/flamegraph-cycles-and-instructions-with-header.txt"),
                        "111 cycles, 333 instructions", "cycles, instructions"),
                // stackcollapse-perf.pl says 200: the file lacks the blank line that ends the last sample
                new Expect(TestData.external("perf-script/flamegraph-iperf-cpu-clock-pid-tid-kernel-stacks.txt"),
                        "201 cpu-clock", "cpu-clock"),
                new Expect(TestData.external("perf-script/flamegraph-java-page-faults-period.txt"),
                        "23 (period 200) page-faults", "page-faults"),
                new Expect(TestData.external("perf-script/flamegraph-rust-cycles-u-no-cpu-column.txt"),
                        "58 (period 6850637) cycles:u", "cycles:u"),
                new Expect(TestData.external("perf-script/speedscope-cpu-clock-pid-tid-no-period.txt"),
                        "137 cpu-clock", "cpu-clock"))) {
            ParseRun run = read(e.file());
            assertEquals(e.samples(), samples(run), e.file().toString());
            assertEquals("holds no I/O: " + e.events() + " samples only (a CPU or event profile; record block, "
                    + "syscall or sched tracepoints for I/O)", run.summary().notes().get(1), e.file().toString());
            assertTrue(!run.summary().damaged(), e.file().toString());
        }
    }

    @Test
    void headerLayoutsWithoutTimeCommOrCpu() {
        var old = PerfScriptFormat.Header.parse("java  3244 cpu-clock:");
        assertNotNull(old);
        assertEquals(List.of("java", 3244, -1, -1L, "cpu-clock"), List.of(old.comm, old.pid, old.cpu, old.timeNs, old.event));
        var noComm = PerfScriptFormat.Header.parse(" 1854/1854  [000] 30618.741009:    1000000                cpu-clock: ");
        assertNotNull(noComm);
        assertEquals(List.of("", 1854, 1854, 0, 1000000L), List.of(noComm.comm, noComm.pid, noComm.tid, noComm.cpu, noComm.period));
        var spaced = PerfScriptFormat.Header.parse(" C2 CompilerThre 30121 cpu-clock: ");
        assertEquals(List.of("C2 CompilerThre", 30121), List.of(spaced.comm, spaced.pid));
        var periodAfterTid = PerfScriptFormat.Header.parse("java 12/13 250000 cycles: ");
        assertEquals(List.of(12, 13, 250000L, "cycles"), List.of(periodAfterTid.pid, periodAfterTid.tid,
                periodAfterTid.period, periodAfterTid.event));
        var timeOnly = PerfScriptFormat.Header.parse("30618.741009: block:block_rq_issue: 254,0 WS 4096 () 1 + 8 [dd]");
        assertEquals(List.of(-1, "block:block_rq_issue"), List.of(timeOnly.pid, timeOnly.event));
        // prose and other tools' lines are not samples
        for (String other : List.of("Call Trace:", "sd 2:0:0:0: [sdb] Attached SCSI disk", "Device: rrqm/s wrqm/s",
                "Nov 26 19:22:36 host kernel: sd 2:0:0:0", "job1: (groupid=0, jobs=1): err= 0: pid=1234: Thu",
                "mpatha: 0 2097152 multipath 2 0 0 0 1 1 A 0 1 2 8:16 A 0 0 1")) {
            assertEquals(null, PerfScriptFormat.Header.parse(other), other);
        }
    }

    /** A space-padded header whose comm is a hex word ("dd", "add") is a sample, not a call-chain line. */
    @Test
    void paddedHeaderWithHexCommIsNotAFrame() throws Exception {
        ParseRun run = ParseRun.of(FORMAT, "g.txt",
                "              dd  1856 [000] 30618.742008:    1000000                cpu-clock:  ffffffff821e8bb6 "
                        + "copy_mc_enhanced_fast_string+0x6 ([kernel.kallsyms])\n"
                        + "             add  1857 [001] 30618.742009:    1000000                cpu-clock:  ffffffff821e8bb6 "
                        + "x+0x6 ([kernel.kallsyms])\n");
        assertEquals(2, run.summary().records());
        assertEquals("2 (period 2000000) cpu-clock", samples(run));
    }
}
