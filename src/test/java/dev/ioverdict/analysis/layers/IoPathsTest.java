package dev.ioverdict.analysis.layers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import dev.ioverdict.pipeline.CaseRequest;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.layers.IoPath;
import dev.ioverdict.model.layers.LayerTimes;
import dev.ioverdict.pipeline.CaseCompiler;
import dev.ioverdict.rules.RuleConfig;
import dev.ioverdict.testing.TestData;
import org.junit.jupiter.api.Test;

/** The application's longest waits followed down to the I/O each waited for, on real captures. */
class IoPathsTest {
    private static LayerTimes layers(String testCase) throws Exception {
        return new CaseCompiler(RuleConfig.DEFAULTS).compile(CaseRequest.of(TestData.bundle(testCase).resolve("bundle")))
                .report().layers();
    }

    @Test
    void perfRecordedBothLayersOnOneClock() throws Exception {
        LayerTimes l = layers("reads-starved-behind-writes");
        IoPath longest = l.paths().get(0);
        // the reader's 747.7 ms io_getevents (perf) ended when its read completed: 680.8 ms of it in bfq
        assertEquals("perf-syscalls.txt:4816", longest.call().location());
        assertEquals(0.7477, longest.duration(), 1e-4);
        assertTrue(longest.exact());
        assertNotNull(longest.io());
        assertEquals("RS", longest.io().rwbs());
        assertEquals(0.68081, longest.io().phases().get(Phase.I2D), 1e-5);
        assertEquals(0.06687, longest.io().phases().get(Phase.D2C), 1e-5);
        assertTrue(l.pathsNote().contains("share one clock"), l.pathsNote());
        // strace timed the same waits on another clock: perf's, tied exactly, speak for them
        assertTrue(l.paths().stream().allMatch(p -> p.call().input().equals("perf-syscalls.txt")));
    }

    @Test
    void seed000TiedByProcessAndSizeAcrossTwoClocks() throws Exception {
        LayerTimes l = layers("seed-000-strace-blkparse");
        IoPath wait = l.paths().get(0);
        assertEquals("io_getevents", wait.name());
        assertEquals("strace-lgwr.txt:8", wait.call().location());
        assertFalse(wait.exact());
        assertEquals("252,154 -> 67,720", wait.io().path());
        assertEquals(1.27085419, wait.io().phases().get(Phase.D2C), 1e-8);
        assertTrue(wait.match().contains("clocks differ"), wait.match());
        // io_submit returned in 0.1 ms: it waited for nothing, so it is not followed down
        assertEquals(1, l.paths().size());
    }

    @Test
    void noBlockTraceNoPaths() throws Exception {
        assertNull(layers("seed-000-strace").paths());
    }
}
