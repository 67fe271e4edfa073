package dev.ioverdict.parse.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.kernel.KernelEvent;
import dev.ioverdict.parse.Sample;
import dev.ioverdict.testing.ParseRun;
import dev.ioverdict.testing.TestData;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Kernel logs of 2.6-era kernels (testdata/odd-layouts, SOURCES.md there): dmesg without time
 * stamps and XFS's messages before 2.6.39 ({@code Filesystem "sdb1": ...},
 * {@code xfs_force_shutdown(sdb1,0x8) called from line ...}).
 */
class OldKernelLogTest {
    private static ParseRun odd(String file) {
        Path p = TestData.root().resolve("testdata/odd-layouts").resolve(file);
        assertTrue(ParseRun.recognise(new KernelLogFormat(), p).score() >= 70, file);
        return ParseRun.of(new KernelLogFormat(), p);
    }

    /** "kind device" of every storage event, in order. */
    private static List<String> events(ParseRun run) {
        return run.facts().all(KernelEvent.class).stream().map(e -> e.kind().id() + " " + e.device()).toList();
    }

    @Test
    void dmesgWithoutTimeStampsIsReadLineByLine() {
        ParseRun run = odd("kernel-2.6.18-dmesg-no-timestamps-old-xfs-scsi.txt");
        assertEquals(28, run.summary().records()); // every non-blank line
        assertEquals(0, run.summary().skipped());
        assertEquals(List.of(
                "filesystem-warning dm-3",          // Filesystem "dm-3": Disabling barriers, trial barrier write failed
                "io-error 0:0:0:0",                 // sd 0:0:0:0: SCSI error: return code = 0x08000002
                "medium-error sda",                 // sda: Current: sense key: Medium Error
                "io-error sda",                     // end_request: I/O error, dev sda, sector 1953524992
                "io-error 1:0:0:1",
                "io-error sdc",
                "path-failed 8:32",                 // device-mapper: multipath: Failing path 8:32.
                "filesystem-error dm-3",            // I/O error in filesystem ("dm-3") meta-data dev dm-3 ...
                "filesystem-shutdown dm-3",         // xfs_force_shutdown(dm-3,0x2) called from line 1011 ...
                "filesystem-shutdown dm-3",         // Log I/O Error Detected.  Shutting down filesystem: dm-3
                "filesystem-error sdb1",            // XFS internal error xfs_trans_cancel at line 1163 ...
                "filesystem-shutdown sdb1",
                "filesystem-shutdown sdb1",
                "filesystem-error sdb1",            // xfs_log_force: error 5 returned.
                "io-error 2:0:1:0"),                // SCSI error : <2 0 1 0> return code = 0x8000002 (2.6.9)
                events(run));
        assertTrue(run.facts().all(KernelEvent.class).stream().allMatch(e -> e.uptime() == null && e.epoch() == null));
    }

    @Test
    void levelPrefixWithoutTimeStamp() {
        ParseRun run = odd("kernel-2.6-dmesg-levels-no-timestamps-xfs-log-ioerror-shutdown.txt");
        assertEquals(List.of("filesystem-error sda2", "filesystem-shutdown sda2"), events(run));
        assertTrue(run.facts().all(KernelEvent.class).get(1).message().startsWith("xfs_force_shutdown(sda2,0x2)"));
    }

    @Test
    void oldXfsInternalErrorInSyslog() {
        ParseRun run = odd("kernel-2.6.21-syslog-old-xfs-internal-error-trans-cancel.txt");
        assertEquals(List.of("filesystem-error dm-1"), events(run));
        assertEquals("Sep  3 04:45:39", run.facts().all(KernelEvent.class).get(0).timeText());
    }

    @Test
    void plainTextIsNotABareKernelLog() {
        Sample notes = new Sample("notes.txt", List.of("we saw an I/O error on the disk", "end_request: I/O error, dev sda",
                "nothing else"));
        assertEquals(0, new KernelLogFormat().recognise(notes).score()); // one storage message is not a log
    }
}
