package dev.ioverdict.analysis.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ioverdict.analysis.Results;
import dev.ioverdict.model.Facts;
import dev.ioverdict.model.kernel.HungTask;
import dev.ioverdict.model.kernel.KernelEvent;
import dev.ioverdict.model.kernel.KernelEventKind;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A failing disk's millions of messages are counted whole and kept in part: memory does not grow with them. */
class KernelLogAnalysisTest {
    private static KernelEvent event(String input, long line, KernelEventKind kind, String device) {
        return new KernelEvent(input, line, "[1.0] msg " + line, kind, device, null, 1.0, null, null, "msg " + line);
    }

    @Test
    void failuresPastTheKeptOnesAreCountedAndTheLastIsKept() {
        KernelLogAnalysis analysis = new KernelLogAnalysis();
        Facts facts = new Facts();
        analysis.attach(facts);
        int n = KernelLogAnalysis.KEPT * 3;
        for (int i = 1; i <= n; i++) {
            facts.add(event("dmesg.txt", i, i % 2 == 0 ? KernelEventKind.IO_ERROR : KernelEventKind.TIMEOUT, "sdb"));
        }
        facts.add(event("messages", 7, KernelEventKind.PATH_REINSTATED, "sdb"));
        facts.add(event("messages", 9, KernelEventKind.MEDIUM_ERROR, "sdb"));
        for (int i = 0; i < KernelLogAnalysis.KEPT + 5; i++) {
            facts.add(event("dmesg.txt", 100_000 + i, KernelEventKind.IO_ERROR, null));
            facts.add(new HungTask("dmesg.txt", 200_000 + i, "INFO: task", "kworker", 7, 120, 1.0, null, List.of(),
                    List.of(), List.of()));
        }
        Results results = new Results();
        analysis.finish(facts, results);
        KernelLog log = results.get(KernelLog.class).orElseThrow();
        KernelLog.DeviceEvents sdb = log.devices().get(0);
        assertEquals("sdb", sdb.device());
        assertEquals(List.of("sdb"), sdb.names());
        assertEquals(n + 1, sdb.failures());
        assertEquals(Map.of(KernelEventKind.IO_ERROR, (long) n / 2, KernelEventKind.TIMEOUT, (long) n / 2,
                KernelEventKind.MEDIUM_ERROR, 1L), sdb.failureKinds());
        assertEquals(1, sdb.counts().get(KernelEventKind.PATH_REINSTATED));
        assertEquals(KernelLogAnalysis.KEPT, sdb.keptFailures().size());
        assertEquals(1, sdb.keptFailures().get(0).line());
        assertEquals(9, sdb.lastFailure().line());
        assertEquals(Map.of("dmesg.txt", 1L, "messages", 9L), sdb.firstFailureLine());
        assertEquals(KernelLogAnalysis.KEPT, log.other().size());
        assertEquals(5, log.otherNotKept());
        assertEquals(KernelLogAnalysis.KEPT, log.hungTaskReports().size());
        assertEquals(5, log.hungTasksNotListed());
    }
}
