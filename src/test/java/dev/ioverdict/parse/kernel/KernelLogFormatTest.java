package dev.ioverdict.parse.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.kernel.HungTask;
import dev.ioverdict.model.kernel.KernelEvent;
import dev.ioverdict.model.kernel.KernelEventKind;
import dev.ioverdict.testing.ParseRun;
import dev.ioverdict.testing.TestData;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class KernelLogFormatTest {
    private static ParseRun external(String file) {
        Path p = TestData.external().resolve("kernel-log").resolve(file);
        assertTrue(ParseRun.recognise(new KernelLogFormat(), p).score() >= 70, file);
        return ParseRun.of(new KernelLogFormat(), p);
    }

    private static List<KernelEventKind> kinds(ParseRun run) {
        return run.facts().all(KernelEvent.class).stream().map(KernelEvent::kind).toList();
    }

    @Test
    void nvmeTimeoutsResetsAndRemoval() {
        ParseRun run = external("centos72-kernel4.8-dmesg-nvme-io-timeout-reset-controller-removed.txt");
        List<KernelEvent> events = run.facts().all(KernelEvent.class);
        assertEquals(10, events.size());
        assertEquals(KernelEventKind.TIMEOUT, events.get(0).kind());
        assertEquals("nvme2", events.get(0).device());
        assertEquals(11457.533097, events.get(0).uptime());
        assertEquals(KernelEventKind.RESET, events.get(1).kind());
        assertEquals(KernelEventKind.DEVICE_OFFLINE, events.get(4).kind());
        assertEquals("nvme2n1", events.get(4).device());
    }

    @Test
    void syslogBlockAndScsiErrors() {
        ParseRun run = external(
                "k8s-node-syslog-kernel-blk_update_request-critical-medium-error-sd-tag-buffer-io-error-prefix.txt");
        List<KernelEvent> events = run.facts().all(KernelEvent.class);
        assertEquals(8, events.size()); // "callbacks suppressed" and the CDB line are not errors
        assertTrue(events.stream().allMatch(e -> e.device().equals("sdb")));
        assertEquals(KernelEventKind.MEDIUM_ERROR, events.get(0).kind());
        assertEquals("Apr 16 07:07:38", events.get(0).timeText());
        assertEquals(33713.705845, events.get(0).uptime());
    }

    @Test
    void multipathdPathFailuresNameMapAndPath() {
        ParseRun run = external("k8s-worker-journalctl-u-multipathd-tur-checker-path-down.txt");
        KernelEvent e = run.facts().all(KernelEvent.class).get(0);
        assertEquals(KernelEventKind.PATH_FAILED, e.kind());
        assertEquals("sdak", e.device());
        assertEquals("mpathaq", e.map());
    }

    @Test
    void xfsLogErrorAndShutdown() {
        List<KernelEventKind> kinds = kinds(external(
                "linux-xfs-2021-kernel5.14-xfstests-dmesg-buffer-io-error-async-page-read-xfs-log-io-error-shutdown-excerpt.txt"));
        assertEquals(8, kinds.stream().filter(k -> k == KernelEventKind.IO_ERROR).count());
        assertTrue(kinds.contains(KernelEventKind.FS_ERROR));
        assertTrue(kinds.contains(KernelEventKind.FS_SHUTDOWN));
    }

    @Test
    void hungTaskWithItsCallTrace() {
        ParseRun run = external("ppc64-kernel4.15-dmesg-hung-task-120s-io_schedule-ext4-bread-prefix.txt");
        List<HungTask> hung = run.facts().all(HungTask.class);
        assertEquals(1, hung.size());
        HungTask h = hung.get(0);
        assertEquals("systemd-tmpfile", h.task());
        assertEquals(5135, h.pid());
        assertEquals(120, h.blockedSeconds());
        assertEquals("__switch_to", h.frames().get(0));
        assertTrue(h.frames().contains("io_schedule"));
        assertTrue(h.frames().contains("ext4_bread"));
        assertEquals(14, h.stackLines().size()); // "Call Trace:" and 13 frame lines
    }

    @Test
    void dmesgTAndIsoSyslogAndStrayLines() {
        String text = """
                [Tue Nov 24 02:03:19 2026] sd 2:0:0:1: [sdc] tag#12 timing out command, waited 180s
                2026-11-24T02:03:20.123456+00:00 db1 kernel: device-mapper: multipath: 253:3: Failing path 8:32.
                pasted note
                [Tue Nov 24 02:03:21 2026] EXT4-fs error (device sdc1): ext4_find_entry:1455: inode #2: comm ls: reading directory lblock 0
                [Tue Nov 24 02:03:22 2026] JBD2: Error -5 detected when updating journal superblock for sdc1-8.
                """;
        ParseRun run = ParseRun.of(new KernelLogFormat(), "dmesg.txt", text);
        List<KernelEvent> events = run.facts().all(KernelEvent.class);
        assertEquals(List.of(KernelEventKind.TIMEOUT, KernelEventKind.PATH_FAILED, KernelEventKind.FS_ERROR,
                KernelEventKind.FS_ERROR), events.stream().map(KernelEvent::kind).toList());
        assertEquals(List.of("sdc", "8:32", "sdc1", "sdc1"), events.stream().map(KernelEvent::device).toList());
        assertEquals(1795485799.0, events.get(0).epoch());
        assertEquals(1795485800.0, events.get(1).epoch());
        assertEquals(1, run.summary().skipped());
        assertEquals(4, run.summary().records());
    }
}
