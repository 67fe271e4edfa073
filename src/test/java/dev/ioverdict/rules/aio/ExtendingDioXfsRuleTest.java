package dev.ioverdict.rules.aio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Severity;
import dev.ioverdict.testing.RuleHarness;
import dev.ioverdict.testing.TestData;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExtendingDioXfsRuleTest {
    private final ExtendingDioXfsRule rule = new ExtendingDioXfsRule();

    /**
     * fio appends aligned 64 KiB direct writes to a new file at iodepth 4 (fallocate=none, file_append=1): each
     * io_submit sleeps in inode_dio_wait under xfs_file_write_checks (perf-sched-stacks.txt), 7.3 ms a call, and the
     * device sees one write at a time (iostat aqu-sz 0.98). Before this rule only sync-io-submit named it, asking
     * the reader to find where io_submit sleeps.
     */
    @Test
    void aligned64KiBWritesAppendedAtIodepth4DrainBeforeEachWritePastTheEnd() {
        List<Finding> found = RuleHarness.files(rule, TestData.gridFilesWithout("dio-append-8ms-ssd", "fio.out"));
        assertEquals(1, found.size(), found.toString());
        Finding f = found.get(0);
        assertEquals(Severity.CRITICAL, f.severity());
        assertEquals("6029", f.subject().id());
        assertEquals(46L, f.metrics().get("eofDrains")); // the stacks are cut to 0.35 s (cut.txt)
        assertTrue((double) f.metrics().get("waitSharePct") > 95, f.metrics().toString());
        assertTrue(f.summary().contains("inode_dio_wait <- xfs_file_write_checks.constprop.0 <- "
                + "xfs_file_dio_write_aligned.constprop.0"), f.summary());
        assertTrue(f.recommendation().startsWith("Give the file its size before writing it: preallocate it"),
                f.recommendation());
        assertTrue(f.evidence().stream().anyMatch(e -> e.input().equals("perf-sched-stacks.txt")), f.evidence().toString());
    }

    /** The unaligned writer drains in xfs_file_dio_write_unaligned: unaligned-dio-xfs's, not this rule's. */
    @Test
    void theUnalignedWritePathsDrainIsNotAWritePastTheEnd() {
        assertEquals(List.of(), RuleHarness.files(rule, TestData.gridFilesWithout("unaligned-8ms-ssd", "fio.out")));
    }

    /** ext4 does not drain an extending direct write: it makes it wait for its own I/O (sync-io-submit says so). */
    @Test
    void ext4sSynchronousExtendingWritesAreNotXfssDrain() {
        assertEquals(List.of(), RuleHarness.files(rule, TestData.gridFilesWithout("ext4-dio-append-8ms-ssd", "fio.out")));
    }
}
