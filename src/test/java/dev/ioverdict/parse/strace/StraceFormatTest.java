package dev.ioverdict.parse.strace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.syscall.IoOp;
import dev.ioverdict.model.syscall.IoRequest;
import dev.ioverdict.model.syscall.SyscallCall;
import dev.ioverdict.model.syscall.SyscallSummary;
import dev.ioverdict.testing.ParseRun;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class StraceFormatTest {
    private static final StraceFormat FORMAT = new StraceFormat();

    private static Path external(String name) {
        return TestData.external("strace").resolve(name);
    }

    private static SyscallCall call(ParseRun run, String name, int nth) {
        return run.all(SyscallCall.class).stream().filter(c -> c.name().equals(name)).skip(nth).findFirst().orElseThrow();
    }

    @Test
    void filesOpenedOSyncOrODsyncMakeSynchronousWritesAndPlainStraceNamesProcessesByTheirExec() {
        // fio's psync job on a file opened O_DSYNC; the main process execs fio and clones its job
        ParseRun dsync = ParseRun.of(FORMAT, TestData.root().resolve("testdata/grid/dsync-open-3ms-ssd/bundle/strace-fio.txt"));
        SyscallCall pwrite = dsync.all(SyscallCall.class).stream().filter(c -> c.name().equals("pwrite64") && c.pid() == 28559)
                .findFirst().orElseThrow();
        assertEquals(List.of(new IoRequest(8, "/mnt/grid/wal", IoOp.WRITE, 8192, 0, false, true)), pwrite.io());
        assertEquals("fio", pwrite.comm());
        assertEquals("fio", call(dsync, "execve", 0).comm());
        // plain write() on a file opened O_SYNC waits for the device: it is an I/O, as on an O_DIRECT file
        ParseRun osync = ParseRun.of(FORMAT, TestData.root().resolve("testdata/grid/osync-open-8ms-hdd/bundle/strace-fio.txt"));
        SyscallCall write = osync.all(SyscallCall.class).stream().filter(c -> c.name().equals("write") && !c.io().isEmpty())
                .findFirst().orElseThrow();
        assertEquals(List.of(new IoRequest(8, "/mnt/grid/journal", IoOp.WRITE, 4096, -1, false, true)), write.io());
        assertEquals(28415, write.pid());
        // the descriptor opened O_WRONLY|O_CREAT by the main process (fio lays out the file) is neither
        assertTrue(osync.all(SyscallCall.class).stream().filter(c -> c.pid() == 28411).flatMap(c -> c.io().stream())
                .noneMatch(io -> Boolean.TRUE.equals(io.synchronous())));
    }

    @Test
    void aPlainWriteToAFileOpenedWithoutODirectIsABufferedWriteAndOneToDevNullNone() {
        // fio lays its file out with write() on a descriptor opened O_WRONLY|O_CREAT: buffered writes, which say
        // the calls are the page cache's (the time model's dirty-page throttling reads it); before, a plain write
        // made a request only on an O_DIRECT or O_SYNC file, so fio's sync engine never counted as buffered
        ParseRun layout = ParseRun.of(FORMAT, TestData.root().resolve("testdata/grid/layout-read-12ms-ssd/bundle/strace-fio.txt"));
        SyscallCall write = layout.all(SyscallCall.class).stream()
                .filter(c -> c.name().equals("write") && c.pid() == 3816 && !c.io().isEmpty()).findFirst().orElseThrow();
        assertEquals(List.of(new IoRequest(8, "/mnt/grid/fresh", IoOp.WRITE, 8192, -1, false, false)), write.io());
        // dd's output moved to descriptor 1 is /dev/null: no file of a device, no request
        ParseRun dd = ParseRun.of(FORMAT, TestData.root().resolve("testdata/grid/dd-direct-read-30ms-hdd/bundle/strace-dd.txt"));
        assertTrue(dd.all(SyscallCall.class).stream().filter(c -> c.name().equals("write"))
                .allMatch(c -> c.io().isEmpty()));
    }

    @Test
    void aDescriptorMovedByDup2OrFcntlKeepsItsFileAndFcntlSetflChangesODirect() {
        // GNU dd iflag=direct: the input opened O_DIRECT as 4 and moved to 0, /dev/null opened as 4 and moved to 1
        ParseRun dd = ParseRun.of(FORMAT, TestData.root().resolve("testdata/grid/dd-direct-read-30ms-hdd/bundle/strace-dd.txt"));
        SyscallCall read = dd.all(SyscallCall.class).stream().filter(c -> c.name().equals("read") && c.ret() == 65536)
                .findFirst().orElseThrow();
        assertEquals(List.of(new IoRequest(0, "/mnt/grid/data", IoOp.READ, 65536, -1, true, false)), read.io());
        assertEquals("dd", read.comm());
        // its writes go to /dev/null, opened without O_DIRECT and moved to 1: plain write() into no file's device
        assertTrue(dd.all(SyscallCall.class).stream().filter(c -> c.name().equals("write")).allMatch(c -> c.io().isEmpty()));

        String text = """
                300 10:00:00.000001 openat(AT_FDCWD, "/data/log", O_WRONLY|O_APPEND) = 3 <0.000020>
                300 10:00:00.000100 fcntl(3, F_SETFL, O_WRONLY|O_APPEND|O_DIRECT) = 0 <0.000004>
                300 10:00:00.000200 fcntl(3, F_DUPFD_CLOEXEC, 10) = 10 <0.000004>
                300 10:00:00.000300 write(10, "x", 4096) = 4096 <0.002000>
                300 10:00:00.002400 dup2(7, 10) = 10 <0.000004>
                300 10:00:00.002500 write(10, "x", 4096) = 4096 <0.002000>
                """;
        List<SyscallCall> calls = ParseRun.of(FORMAT, "t.txt", text).all(SyscallCall.class);
        assertEquals(List.of(new IoRequest(10, "/data/log", IoOp.WRITE, 4096, -1, true, false)), calls.get(3).io());
        // descriptor 7 is unknown: dup2 onto 10 closes what 10 named, and leaves it unknown (a plain write() on a
        // descriptor not known to be O_DIRECT or O_SYNC is no request the decoder can name)
        assertTrue(calls.get(5).io().isEmpty(), calls.get(5).io().toString());
    }

    @Test
    void aCallStraceDetachedFromIsLeftOutWithANoteNotAWarning() {
        // strace -p -f over a PostgreSQL server, stopped by SIGINT while the postmaster sat in epoll_wait
        ParseRun run = ParseRun.of(FORMAT, TestData.root().resolve("testdata/grid/pgbench-commit-8ms-hdd/bundle/strace-postgres.txt"));
        assertTrue(run.summary().warnings().isEmpty(), run.summary().warnings().toString());
        assertTrue(run.summary().notes().stream().anyMatch(n -> n.startsWith("1 call(s) in progress when strace detached")),
                run.summary().notes().toString());
        assertTrue(run.all(SyscallCall.class).stream().noneMatch(c -> c.text().contains("<detached ...>")));
    }

    @Test
    void seed000WrappedTerminalCopyJoinsEachCallUntilItsReturn() {
        ParseRun run = ParseRun.of(FORMAT, TestData.bundle("seed-000-strace").resolve("bundle/strace-lgwr.txt"));
        List<SyscallCall> calls = run.all(SyscallCall.class);
        assertEquals(2, calls.size());
        assertTrue(run.summary().warnings().isEmpty(), run.summary().warnings().toString());

        SyscallCall submit = calls.get(0);
        assertEquals("io_submit", submit.name());
        assertEquals(1, submit.line());
        assertEquals(7, submit.lastLine());
        assertEquals(17203, submit.pid());
        assertEquals(10 * 3600 + 40 * 60 + 4.850440, submit.start(), 1e-9);
        assertEquals(0.000115, submit.duration(), 1e-12);
        assertEquals(2L, submit.ret());
        assertEquals(2, submit.nr());
        assertEquals(List.of(new IoRequest(309, null, IoOp.WRITE, 512, 97662106624L, null),
                new IoRequest(311, null, IoOp.WRITE, 512, 96269597696L, null)), submit.io());
        assertTrue(submit.text().startsWith("17203 10:40:04.850440 io_submit(0x7ffff7fed000, 2, [{aio_data=0x7ffff2756630,\n"));

        SyscallCall getevents = calls.get(1);
        assertEquals("io_getevents", getevents.name());
        assertEquals(8, getevents.line());
        assertEquals(11, getevents.lastLine());
        assertEquals(0.995326, getevents.duration(), 1e-12);
        assertEquals(List.of(512L, 512L), getevents.eventRes());
        assertEquals(2, getevents.nr());
    }

    @Test
    void pidLeadersUnfinishedResumedAndOpenedDevice() {
        ParseRun run = ParseRun.of(FORMAT, external("blog-fio-strace-f-pid-prefix-fdatasync-unfinished-resumed.txt"));
        SyscallCall fdatasync = call(run, "fdatasync", 0);
        assertEquals(31670, fdatasync.pid());
        assertEquals(21, fdatasync.line());
        assertEquals(26, fdatasync.lastLine());
        assertEquals(0L, fdatasync.ret());
        assertTrue(fdatasync.text().contains("\n[pid 31670] <... fdatasync resumed> )"));

        SyscallCall pwrite = call(run, "pwrite", 3);
        assertEquals(List.of(new IoRequest(3, "/dev/sdd", IoOp.WRITE, 4096, 12288, false, false)), pwrite.io());

        SyscallCall stat = call(run, "stat", 0);
        assertEquals("ENOENT", stat.error());
        assertEquals(-1L, stat.ret());
        // the trace began inside nanosleep: its result counts, its arguments are unknown
        SyscallCall attached = call(run, "nanosleep", 0);
        assertEquals(31636, attached.pid());
        assertEquals(0L, attached.ret());
        // the last nanosleep never resumed before the excerpt ends
        assertEquals(2, run.all(SyscallCall.class).stream().filter(c -> c.name().equals("nanosleep")).count());
    }

    @Test
    void signalsExitsAndWait4ResumedInPidPrefixedTrace() {
        ParseRun run = ParseRun.of(FORMAT, external("posix-omni-parser-strace-f-signal-wait4-unfinished-sigchld.txt"));
        assertTrue(run.summary().warnings().isEmpty(), run.summary().warnings().toString());
        SyscallCall wait4 = call(run, "wait4", 0);
        assertEquals(26826, wait4.pid());
        assertEquals(26827L, wait4.ret());
        assertTrue(wait4.text().contains("wait4(26827,  <unfinished ...>\n26826 <... wait4 resumed>NULL, 0, NULL) = 26827"));
        SyscallCall pread = call(run, "pread64", 1);
        assertEquals(List.of(new IoRequest(3, "/lib/x86_64-linux-gnu/libc.so.6", IoOp.READ, 32, 848, false, false)), pread.io());
        assertNull(call(run, "exit_group", 0).ret());
    }

    @Test
    void durationsAndErrorsWithoutLeaders() {
        ParseRun run = ParseRun.of(FORMAT, external("eg-examples-strace-T-syscall-times.txt"));
        assertEquals(8, run.all(SyscallCall.class).size());
        SyscallCall arch = call(run, "arch_prctl", 0);
        assertEquals("EINVAL", arch.error());
        assertEquals(0.000012, arch.duration(), 1e-12);
        assertEquals(0.003416, call(run, "execve", 0).duration(), 1e-12);
        assertEquals(0x561667bc7000L, call(run, "brk", 0).ret());
    }

    @Test
    void programOutputInsideAWriteCallIsJoined() {
        ParseRun run = ParseRun.of(FORMAT, external("student-report-strace-tt-spanish-locale-interleaved-stdout.txt"));
        SyscallCall write = call(run, "write", 0);
        assertEquals(14L, write.ret());
        assertEquals(write.line() + 1, write.lastLine());
        assertEquals("ENOENT", call(run, "access", 0).error());
        // the shell prompt lines around the trace are console noise, not damage
        assertTrue(run.summary().warnings().isEmpty(), run.summary().warnings().toString());
        assertEquals(35, run.all(SyscallCall.class).size());
    }

    @Test
    void summaryTableWithCommaDecimals() {
        ParseRun run = ParseRun.of(FORMAT, external("student-report-strace-c-summary-comma-decimals.txt"));
        List<SyscallSummary> rows = run.all(SyscallSummary.class);
        assertEquals(18, rows.size());
        SyscallSummary mmap = rows.get(0);
        assertEquals("mmap", mmap.name());
        assertEquals(8, mmap.count());
        assertEquals(0.000229, mmap.total(), 1e-12);
        assertEquals(28e-6, mmap.avg(), 1e-12);
        SyscallSummary access = rows.stream().filter(r -> r.name().equals("access")).findFirst().orElseThrow();
        assertEquals(1, access.errors());
        assertEquals(List.of("Hello, world!"), run.summary().warnings().stream().map(w -> w.message().substring(22)).toList());
    }

    @Test
    void truncatedSummaryTable() {
        ParseRun run = ParseRun.of(FORMAT, external("scif-metrics-strace-c-summary-truncated.txt"));
        List<SyscallSummary> rows = run.all(SyscallSummary.class);
        assertEquals(List.of("munmap", "read", "write", "open", "close"), rows.stream().map(SyscallSummary::name).toList());
        assertEquals(42, rows.get(3).errors());
        assertEquals(426, rows.get(3).count());
    }

    @Test
    void recognisesEveryPublicSample() throws Exception {
        Path dir = external(".");
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.toList()) {
                assertTrue(ParseRun.recognise(FORMAT, p).matches(), p + " " + ParseRun.recognise(FORMAT, p));
            }
        }
        assertTrue(ParseRun.recognise(FORMAT, TestData.bundle("seed-000-strace").resolve("bundle/strace-lgwr.txt")).score() >= 70);
    }

    @Test
    void doesNotClaimKitraceOrPerfScript() {
        for (String f : List.of("linuxki-kitrace/OracleLGWRwithXFS-kitrace-io_submit-IOCB.txt",
                "linuxki-kitrace/manpage-kiinfo-4.3-kitrace-rhel7-syscalls.txt",
                "perf-script/linux-doc-powerpc-vpa-dtl-sched-tracepoints.txt",
                "linuxki-kipid/OracleLGWRwithXFS-kipid-sched-syscall-physdev.txt")) {
            assertFalse(ParseRun.recognise(FORMAT, TestData.external().resolve(f)).matches(), f);
        }
    }

    @Test
    void perProcessFilesRelativeAndEpochStampsAndDescriptorPaths() {
        String ff = """
                     0.000000 openat(AT_FDCWD</data>, "redo01.log", O_RDWR|O_DIRECT) = 7</data/redo01.log> <0.000020>
                     0.000100 io_submit(0x7f00, 1, [{aio_data=0, aio_lio_opcode=IOCB_CMD_PWRITEV, aio_fildes=7</data/redo01.log>, aio_buf=[{iov_base="ab"..., iov_len=512}, {iov_base="cd"..., iov_len=1024}], aio_offset=1536}]) = 1 <0.000300>
                     0.000400 write(7, "x", 512) = -1 EAGAIN (Resource temporarily unavailable) <0.000001>
                """;
        ParseRun run = ParseRun.of(FORMAT, "trace/lgwr.4242", ff);
        List<SyscallCall> calls = run.all(SyscallCall.class);
        assertEquals(3, calls.size());
        assertEquals(4242, calls.get(1).pid());
        assertEquals(0.0001, calls.get(1).start(), 1e-12);
        assertEquals(0.0005, calls.get(2).start(), 1e-12);
        assertEquals(List.of(new IoRequest(7, "/data/redo01.log", IoOp.WRITE, 1536, 1536, true, false)), calls.get(1).io());
        assertEquals("EAGAIN", calls.get(2).error());
        assertEquals(List.of(new IoRequest(7, "/data/redo01.log", IoOp.WRITE, 512, -1, true, false)), calls.get(2).io());

        ParseRun epoch = ParseRun.of(FORMAT, "t.txt", "1700000000.250000 close(3) = 0 <0.000004>\n");
        assertEquals(1700000000.25, epoch.all(SyscallCall.class).get(0).start(), 1e-6);
    }

    @Test
    void aCallThatNeverClosesIsReportedAndTheNextRecordsStillCount() {
        String text = """
                100 10:00:00.000001 io_submit(0x7f00, 1, [{aio_data=0, aio_lio_opcode=IOCB_CMD_PWRITE,
                aio_fildes=5, aio_buf="abc"...,
                100 10:00:00.000500 io_getevents(0x7f00, 1, 1, [{data=0, obj=0x1, res=512, res2=0}], NULL) = 1 <0.000400>
                100 10:00:00.001000 io_submit(0x7f00, 1, [{aio_data=0, aio_lio_opcode=IOCB_CMD_PREAD, aio_fildes=5,
                """;
        ParseRun run = ParseRun.of(FORMAT, "s.txt", text);
        assertEquals(List.of("io_getevents"), run.all(SyscallCall.class).stream().map(SyscallCall::name).toList());
        assertEquals(2, run.summary().warnings().size());
        assertEquals(1, run.summary().warnings().get(0).line());
        assertTrue(run.summary().warnings().get(0).message().startsWith("call never closes"));
        assertEquals(4, run.summary().warnings().get(1).line());
    }

    @Test
    void wallClockWithRelativeStampAndCommDecodedPids() {
        String text = """
                4242<ora_lgwr> 23:59:59.900000 (+     0.000000) io_getevents(0x7f00, 1, 128, [{data=0, obj=0x1, res=4096, res2=0}], NULL) = 1 <0.150000>
                4242<ora_lgwr> 00:00:00.100000 (+     0.200000) io_submit(0x7f00, 1, [{aio_data=0, aio_lio_opcode=IOCB_CMD_PREADV, aio_fildes=9, aio_buf=[{iov_base=0x1, iov_len=4096}], aio_offset=8192}]) = 1 <0.000020>
                """;
        List<SyscallCall> calls = ParseRun.of(FORMAT, "t.txt", text).all(SyscallCall.class);
        assertEquals("ora_lgwr", calls.get(0).comm());
        assertEquals(4242, calls.get(0).pid());
        assertEquals(List.of(4096L), calls.get(0).eventRes());
        // past midnight the clock keeps counting: 00:00:00.1 is 0.2 s after 23:59:59.9
        assertEquals(0.2, calls.get(1).start() - calls.get(0).start(), 1e-9);
        assertEquals(List.of(new IoRequest(9, null, IoOp.READ, 4096, 8192, null)), calls.get(1).io());
    }

    @Test
    void interruptedCallIsAnErrorWithoutReturnValue() {
        String text = "100 12:00:00.000001 io_getevents(0x7f00, 1, 1, [], NULL) = ? ERESTARTSYS (To be restarted if SA_RESTART is set) <0.500000>\n";
        SyscallCall c = ParseRun.of(FORMAT, "t.txt", text).all(SyscallCall.class).get(0);
        assertNull(c.ret());
        assertEquals("ERESTARTSYS", c.error());
        assertEquals(0.5, c.duration(), 1e-12);
    }
    @Test
    void iocbsAndEventsAreReadPastBuffersHoldingBracesCommasAndEscapedQuotes() {
        String text = """
                100 10:00:00.000001 io_submit(0x7f00, 3, [{aio_data=0, aio_lio_opcode=IOCB_CMD_PWRITE, aio_fildes=5, aio_buf="}, {\\\\\\\"x\\\\"..., aio_nbytes=4096, aio_offset=8192}, {aio_data=1, aio_lio_opcode=IOCB_CMD_PREAD, aio_fildes=6, aio_buf="a,b]", aio_nbytes=512, aio_offset=1536} , 0x7f01]) = 3 <0.000010>
                101 10:00:00.000002 io_submit(0x7f00, 1, [{aio_data=0, aio_lio_opcode=IOCB_CMD_PWRITE, aio_fildes=7, aio_buf="{{\\"", aio_nbytes=1024, aio_offset=0}] <unfinished ...>
                102 10:00:00.000003 io_getevents(0x7f00, 2, 2, [{data=0, obj=0x1, res=4096, res2=0}, {data=1, obj=0x2, res=-5, res2=0}], NULL) = 2 <0.000300>
                101 10:00:00.000400 <... io_submit resumed>) = 1 <0.000398>
                103 10:00:00.000500 io_submit(0x7f00, 2, [{data=0, pwrite, fildes=8, str="q", nbytes=512, offset=0}, {aio_data=0, aio_lio_opcode=IOCB_CMD_PWRITE, aio_fildes=8, aio_buf=""..., aio_nbytes=512}...]) = 1 <0.000010>
                """;
        ParseRun run = ParseRun.of(FORMAT, "t.txt", text);
        assertEquals(List.of(new IoRequest(5, null, IoOp.WRITE, 4096, 8192, null), new IoRequest(6, null, IoOp.READ, 512, 1536, null)),
                call(run, "io_submit", 0).io());
        assertEquals(List.of(new IoRequest(7, null, IoOp.WRITE, 1024, 0, null)), call(run, "io_submit", 1).io());
        assertEquals(List.of(4096L, -5L), call(run, "io_getevents", 0).eventRes());
        // the old form is read; an element the trace cut ("}...") is no whole iocb
        assertEquals(List.of(new IoRequest(8, null, IoOp.WRITE, 512, 0, null)), call(run, "io_submit", 2).io());
        assertTrue(run.summary().warnings().isEmpty());
    }
}
