package dev.ioverdict.rules.wait;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Severity;
import dev.ioverdict.testing.RuleHarness;
import dev.ioverdict.testing.TestData;
import java.util.List;
import org.junit.jupiter.api.Test;

class WaitAboveDeviceRuleTest {
    private final WaitAboveDeviceRule rule = new WaitAboveDeviceRule();

    /**
     * The cgroup cell with strace and iostat only: fio waits 9.8 ms an io_getevents at 4 in flight for reads loop0
     * serves in 0.85 ms at 1 % busy. Before, the model gave the whole wait to the device (to vda, the await nearest
     * the wait) and the report found no problem.
     */
    @Test
    void waitsFarAboveTheDevicesAwaitAreSaidToBeAboveTheDeviceWithoutABlockTrace() {
        Finding f = only(RuleHarness.files(rule, TestData.gridFilesWithout("cgroup-read-iops100-1ms-ssd", "perf-", "fio.out")));
        assertEquals(Severity.WARNING, f.severity());
        assertEquals("9733", f.subject().id());
        assertTrue((double) f.metrics().get("aboveSharePct") > 85, f.metrics().toString());
        assertTrue(f.summary().contains("beyond what its requests take in loop0 at iostat's await"), f.summary());
        assertTrue(f.summary().contains("answering its reads in 0.85 ms"), f.summary());
        assertTrue(f.recommendation().startsWith("Record what the bundle lacks"), f.recommendation());
        assertTrue(f.evidence().stream().anyMatch(e -> e.text().contains("io_getevents(")), f.evidence().toString());
    }

    /** Its step records what the bundle lacks: it says it finds where the time goes, not that it gives it back. */
    @Test
    void itsStepFindsWhereTheTimeGoesRatherThanGivingItBack(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp)
            throws Exception {
        for (java.nio.file.Path f : TestData.gridFilesWithout("cgroup-read-iops100-1ms-ssd", "perf-", "fio.out")) {
            java.nio.file.Files.copy(f, tmp.resolve(f.getFileName()));
        }
        var report = new dev.ioverdict.pipeline.CaseCompiler(dev.ioverdict.rules.RuleConfig.DEFAULTS)
                .compile(dev.ioverdict.pipeline.CaseRequest.of(tmp)).report();
        var step = report.summary().actions().get(0);
        assertEquals(WaitAboveDeviceRule.ID, step.rule());
        assertEquals("finds where its 2.75 s is spent", step.effect().replace('\u00a0', ' '));
    }

    /**
     * The cgroup cell's blkparse text kept to fio's own lines, as a customer who greps the trace for the application
     * sends it: none of fio's reads is in the block layer while it waits, and no request of another shows who queued
     * the rest (with the whole trace, blk-throttle's workers do: cgroup-io-limit).
     */
    @Test
    void waitsWithNoneOfItsRequestsInTheBlockLayerAreAboveTheQueue(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp)
            throws Exception {
        List<java.nio.file.Path> files = new java.util.ArrayList<>();
        for (java.nio.file.Path f : TestData.gridFilesWithout("blk-cgroup-read-iops100-1ms-ssd", "fio.out")) {
            if (!f.getFileName().toString().equals("blkparse.txt")) {
                files.add(f);
                continue;
            }
            java.nio.file.Path fioOnly = tmp.resolve("blkparse.txt");
            try (var lines = java.nio.file.Files.lines(f)) {
                java.nio.file.Files.write(fioOnly, lines.filter(l -> l.contains(" 10989 ")).toList());
            }
            files.add(fioOnly);
        }
        Finding f = only(RuleHarness.files(rule, files.toArray(java.nio.file.Path[]::new)));
        assertTrue(f.summary().contains("while none of its requests was in the block layer"), f.summary());
        assertEquals(List.of(), RuleHarness.files(rule, TestData.gridFilesWithout("blk-cgroup-read-iops100-1ms-ssd",
                "fio.out")));
    }

    /**
     * Where the model explains the wait it says nothing: the cgroup cell with its perf block trace (the limit's
     * own part, throttle), an fsync-bound writer whose 15 % unexplained is its own path, a slow device.
     */
    @Test
    void aWaitTheModelExplainsIsNotAboveTheDevice() {
        for (String cell : List.of("cgroup-read-iops100-1ms-ssd", "fsync-journal-1ms", "write-8ms-s8-ssd", "read-qd32-2ms-s8-ssd")) {
            assertEquals(List.of(), RuleHarness.files(rule, TestData.gridFilesWithout(cell, "fio.out")), cell);
        }
    }

    private static Finding only(List<Finding> found) {
        assertEquals(1, found.size(), found.toString());
        return found.get(0);
    }
}
