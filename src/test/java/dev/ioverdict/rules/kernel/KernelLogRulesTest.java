package dev.ioverdict.rules.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Severity;
import dev.ioverdict.testing.RuleHarness;
import dev.ioverdict.testing.TestData;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The kernel-log rules on the public kernel logs of testdata/external/kernel-log. */
class KernelLogRulesTest {
    private static Path log(String file) {
        return TestData.external().resolve("kernel-log").resolve(file);
    }

    @Test
    void nvmeTimeoutsAndRemovalAreCriticalPerController() {
        List<Finding> f = RuleHarness.files(new IoErrorsRule(),
                log("centos72-kernel4.8-dmesg-nvme-io-timeout-reset-controller-removed.txt"));
        assertEquals(List.of("nvme2", "nvme3"), f.stream().map(x -> x.subject().id()).sorted().toList());
        assertTrue(f.stream().allMatch(x -> x.severity() == Severity.CRITICAL));
        assertEquals(5, f.get(0).evidence().size());
    }

    @Test
    void mediumErrorsOnSdb() {
        List<Finding> f = RuleHarness.files(new IoErrorsRule(), log(
                "k8s-node-syslog-kernel-blk_update_request-critical-medium-error-sd-tag-buffer-io-error-prefix.txt"));
        assertEquals(1, f.size());
        assertEquals("sdb", f.get(0).subject().id());
        assertTrue(f.get(0).title().contains("medium error"), f.get(0).title());
    }

    @Test
    void pathFailuresAreWarnings() {
        List<Finding> f = RuleHarness.files(new IoErrorsRule(),
                log("k8s-worker-journalctl-u-multipathd-tur-checker-path-down.txt"));
        assertEquals(5, f.size());
        assertTrue(f.stream().allMatch(x -> x.severity() == Severity.WARNING));
        assertTrue(f.get(0).summary().contains("multipath map"), f.get(0).summary());
    }

    @Test
    void xfsShutdownOnDm0() {
        List<Finding> f = RuleHarness.files(new IoErrorsRule(), log(
                "linux-xfs-2021-kernel5.14-xfstests-dmesg-buffer-io-error-async-page-read-xfs-log-io-error-shutdown-excerpt.txt"));
        assertEquals(1, f.size());
        assertEquals("dm-0", f.get(0).subject().id());
        assertEquals(Severity.CRITICAL, f.get(0).severity());
    }

    @Test
    void allocationWarningsAndHungTasksAreNotIoErrors() {
        assertTrue(RuleHarness.files(new IoErrorsRule(),
                log("lkml-2016-kernel4.8-dmesg-xfs-possible-memory-allocation-deadlock-size-comm-pid.txt")).isEmpty());
        assertTrue(RuleHarness.files(new IoErrorsRule(),
                log("ppc64-kernel4.15-dmesg-hung-task-120s-io_schedule-ext4-bread-prefix.txt")).isEmpty());
    }

    @Test
    void hungTaskInIoScheduleIsReportedWithItsStack() {
        List<Finding> f = RuleHarness.files(new HungTaskIoRule(),
                log("ppc64-kernel4.15-dmesg-hung-task-120s-io_schedule-ext4-bread-prefix.txt"));
        assertEquals(1, f.size());
        Finding h = f.get(0);
        assertEquals(Severity.CRITICAL, h.severity());
        assertTrue(h.summary().contains("io_schedule"), h.summary());
        assertEquals(15, h.evidence().size()); // the INFO line, Call Trace: and the 13 frame lines
    }

    @Test
    void noHungTaskWithoutOne() {
        assertTrue(RuleHarness.files(new HungTaskIoRule(),
                log("centos72-kernel4.8-dmesg-nvme-io-timeout-reset-controller-removed.txt")).isEmpty());
    }

    /** Issue 12's "done when": which public kernel log gives which kernel-log finding, on which device. */
    @Test
    void everyPublicKernelLogGivesItsFindings() {
        java.util.Map<String, List<String>> expected = new java.util.TreeMap<>(java.util.Map.of(
                "centos72-kernel4.8-dmesg-nvme-io-timeout-reset-controller-removed.txt",
                List.of("io-errors critical nvme2", "io-errors critical nvme3"),
                "k8s-node-syslog-kernel-blk_update_request-critical-medium-error-sd-tag-buffer-io-error-prefix.txt",
                List.of("io-errors critical sdb"),
                "k8s-worker-journalctl-u-multipathd-tur-checker-path-down.txt",
                List.of("io-errors warning sdac", "io-errors warning sdak", "io-errors warning sdal", "io-errors warning sdap",
                        "io-errors warning sdas"),
                "linux-xfs-2021-kernel5.14-xfstests-dmesg-buffer-io-error-async-page-read-xfs-log-io-error-shutdown-excerpt.txt",
                List.of("io-errors critical dm-0"),
                "lkml-2016-kernel4.8-dmesg-xfs-possible-memory-allocation-deadlock-size-comm-pid.txt", List.of(),
                "ppc64-kernel4.15-dmesg-hung-task-120s-io_schedule-ext4-bread-prefix.txt",
                List.of("hung-task-io critical 5135"))); // the blocked task's pid
        java.util.Map<String, List<String>> found = new java.util.TreeMap<>();
        for (String file : expected.keySet()) {
            List<String> got = new java.util.ArrayList<>();
            for (var rule : List.of(new IoErrorsRule(), new HungTaskIoRule())) {
                RuleHarness.files(rule, log(file)).forEach(f -> got.add(f.rule() + " "
                        + f.severity().name().toLowerCase(java.util.Locale.ROOT) + " " + f.subject().id()));
            }
            found.put(file, got.stream().sorted().toList());
        }
        assertEquals(expected, found);
    }
}
