package dev.ioverdict.parse.linuxki;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.syscall.IoOp;
import dev.ioverdict.model.syscall.IoRequest;
import dev.ioverdict.model.syscall.PhysicalDeviceStat;
import dev.ioverdict.model.syscall.SchedActivity;
import dev.ioverdict.model.syscall.SleepFunc;
import dev.ioverdict.model.syscall.Sleep;
import dev.ioverdict.model.syscall.SleepStack;
import dev.ioverdict.model.syscall.SyscallCall;
import dev.ioverdict.model.syscall.SyscallSummary;
import dev.ioverdict.testing.ParseRun;
import dev.ioverdict.testing.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class LinuxKiFormatTest {
    private static final LinuxKiFormat FORMAT = new LinuxKiFormat();

    private static ParseRun seed(String file) {
        return ParseRun.of(FORMAT, TestData.bundle("seed-001-linuxki").resolve("bundle").resolve(file));
    }

    @Test
    void seed001KipidSystemCallReportWithSleepFuncs() {
        ParseRun run = seed("kipid-lgwr.txt");
        assertTrue(run.summary().warnings().isEmpty(), run.summary().warnings().toString());
        List<SyscallSummary> calls = run.all(SyscallSummary.class);
        assertEquals(List.of("io_submit", "io_getevents"), calls.stream().map(SyscallSummary::name).toList());
        SyscallSummary submit = calls.get(0);
        assertEquals(6108, submit.pid());
        assertEquals("ora_lgwr_PROD1", submit.comm());
        assertEquals(4593, submit.count());
        assertEquals(11.602889, submit.total(), 1e-9);
        assertEquals(0.002526, submit.avg(), 1e-9);
        assertEquals(0.052115, submit.max(), 1e-9);
        assertEquals(0, submit.errors());
        assertEquals(8.972124, submit.sleep(), 1e-9);
        assertEquals(List.of(new SleepFunc("inode_dio_wait", 10754, 8.972124, 0.000834, 0.013605)), submit.sleepFuncs());
        assertEquals(1.902624, submit.runq(), 1e-9);
        assertEquals(0.729568, submit.cpu(), 1e-9);
        assertEquals(14, submit.line());
        assertEquals(2, calls.get(1).sleepFuncs().size());

        SchedActivity sched = run.all(SchedActivity.class).get(0);
        assertEquals(15.103984, sched.value("SleepTime"), 1e-9);
        assertEquals(19293, sched.value("Switch Cnt"), 0);
        assertEquals(108988353, sched.value("vss"), 0);
    }

    @Test
    void seed001PhysicalDevicesAndWrappedSleepStacks() {
        ParseRun run = seed("kipid-lgwr.txt");
        List<PhysicalDeviceStat> devices = run.all(PhysicalDeviceStat.class);
        assertEquals(6, devices.size());
        PhysicalDeviceStat sdbWrites = devices.get(1);
        assertEquals("/dev/sdb", sdbWrites.device());
        assertEquals("w", sdbWrites.rw());
        assertEquals(718, sdbWrites.iops(), 0);
        assertEquals(0.95, sdbWrites.avservMs(), 1e-9);
        assertEquals(14352L, sdbWrites.total());
        assertEquals(13.6, sdbWrites.maxservMs(), 1e-9);

        List<SleepStack> stacks = run.all(SleepStack.class);
        assertEquals(2, stacks.size());
        SleepStack dio = stacks.get(0);
        assertEquals(List.of("inode_dio_wait", "xfs_file_dio_aio_write", "xfs_file_aio_write", "do_io_submit",
                "sys_io_submit", "tracesys"), dio.frames());
        assertEquals(10752, dio.count());
        assertEquals(0.000834, dio.avg(), 1e-12);
        assertEquals(59.38, dio.pct(), 1e-9);
        assertEquals(6108, dio.pid());
        assertEquals(3, dio.text().lines().count());
        assertEquals("read_events", stacks.get(1).frames().get(0));
    }

    @Test
    void seed001KitraceIocbsWrappedOverSeveralLines() {
        ParseRun run = seed("kitrace-lgwr.txt");
        assertTrue(run.summary().warnings().isEmpty(), run.summary().warnings().toString());
        List<SyscallCall> calls = run.all(SyscallCall.class);
        assertEquals(2, calls.size());
        SyscallCall first = calls.get(0);
        assertEquals("io_submit", first.name());
        assertEquals(2, first.line());
        assertEquals(8, first.lastLine());
        assertEquals(0.000482, first.start(), 1e-9);
        assertEquals(0.002758, first.duration(), 1e-9);
        assertEquals(6L, first.ret());
        assertEquals(6, first.nr());
        assertEquals(6108, first.pid());
        assertEquals(new IoRequest(277, null, IoOp.WRITE, 140288, 0x57f4ce00L, null), first.io().get(0));
        assertEquals(new IoRequest(278, null, IoOp.WRITE, 136192, 0x57f89a00L, null), first.io().get(5));
        SyscallCall second = calls.get(1);
        assertEquals(312832, second.io().get(4).nbytes());
        assertEquals(0x5807e800L, second.io().get(4).offset());
        assertEquals(0.004314, second.duration(), 1e-9);
    }

    @Test
    void retWithoutEntryIsTimedBySyscallbeg() {
        ParseRun run = ParseRun.of(FORMAT, TestData.external("linuxki-kitrace/runq_delays-kitrace-openat-fstat-read-getrandom.txt"));
        List<SyscallCall> calls = run.all(SyscallCall.class);
        assertEquals(9, calls.size());
        assertEquals("openat", calls.get(0).name());
        assertEquals(6L, calls.get(0).ret());
        assertEquals(0.000005, calls.get(0).duration(), 1e-12);
        assertEquals(0x64aL, calls.get(3).ret());
    }

    @Test
    void kitraceSleepWithStackTraceOpenWithoutTheWakeup() {
        ParseRun run = ParseRun.of(FORMAT, TestData.external("linuxki-kitrace/BarrierWritesOracleASM-kitrace-io_submit-flush-sched_switch.txt"));
        Sleep s = run.all(Sleep.class).get(0);
        assertEquals(List.of("wait_for_completion", "__blkev_issue_flush", "blkdev_issue_flush", "blkdev_fsync"),
                s.frames().subList(0, 4));
        assertEquals(11771, s.pid());
        assertEquals(Sleep.End.OPEN, s.endedBy());
        assertNull(s.end());
    }

    @Test
    void kidskDevicesAndGlobalSleepStacks() {
        ParseRun dsk = ParseRun.of(FORMAT, TestData.external("linuxki-kidsk/manpage-kiinfo-5.4-kidsk-sles12-multipath.txt"));
        List<PhysicalDeviceStat> rows = dsk.all(PhysicalDeviceStat.class);
        assertEquals(27, rows.size());
        assertEquals("/dev/mapper/TW1_data", rows.get(24).device());
        assertNull(rows.get(0).pid());
        assertEquals(79.72, rows.get(0).avservMs(), 1e-9);

        ParseRun md = ParseRun.of(FORMAT, TestData.external("linuxki-kparse/md_flush-kparse-2.1.2-global-sleep-stacks.txt"));
        SleepStack top = md.all(SleepStack.class).get(0);
        assertEquals(10576576, top.count());
        assertEquals("md_flush_request", top.frames().get(0));
        assertNull(top.pid());
    }

    /** Every public LinuxKI sample is recognised and read without a crash; only a garbled row warns. */
    @Test
    void everyPublicSampleParses() throws Exception {
        List<String> warned = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(TestData.external())) {
            for (Path dir : dirs.filter(d -> d.getFileName().toString().startsWith("linuxki-")).sorted().toList()) {
                try (Stream<Path> files = Files.list(dir)) {
                    for (Path p : files.sorted().toList()) {
                        assertTrue(ParseRun.recognise(FORMAT, p).matches(), p.toString());
                        ParseRun run = ParseRun.of(FORMAT, p);
                        run.summary().warnings().stream()
                                .forEach(w -> warned.add(p.getFileName() + ":" + w.line()));
                    }
                }
            }
        }
        // the man page's 't' row of /dev/sdh reads "0.50    0. 0  14610 ...": 8 values under 7 columns
        assertEquals(List.of("manpage-kiinfo-2.0-kipid-rhel6-full-report.txt:121"), warned);
    }
}
