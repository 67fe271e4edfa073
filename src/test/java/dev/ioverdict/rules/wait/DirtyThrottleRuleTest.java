package dev.ioverdict.rules.wait;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.Finding;
import dev.ioverdict.model.Severity;
import dev.ioverdict.testing.RuleHarness;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** dirty-throttle on real grid captures. */
class DirtyThrottleRuleTest {
    private final DirtyThrottleRule rule = new DirtyThrottleRule();

    @Test
    void aWriterFasterThanWritebackIsHeldInThePageCache() {
        // buffered 64 KiB writes at full speed with the device's dirty pages held to 16 MiB: most writes copy in
        // ~0.05 ms, 33 sleep 10-110 ms (perf-syscalls.txt:1539, 110 ms) while the flusher writes 1 MiB requests
        List<Finding> fs = RuleHarness.bundle(rule, "grid/dirty-buffered-8ms-hdd", Map.of());
        assertEquals(1, fs.size(), fs.toString());
        Finding f = fs.get(0);
        assertEquals("fio pid 1513's buffered writes are held by dirty-page throttling", f.title());
        assertEquals(Severity.WARNING, f.severity());
        assertEquals(0.643, ((Number) f.metrics().get("throttledSeconds")).doubleValue(), 0.001);
        assertEquals(1539, f.evidence().get(0).line());
        // iostat beside it: the disk was at most 30 % busy while it wrote back, so the limits set the pace
        assertTrue(f.recommendation().startsWith("Raise the dirty limits, or start writeback earlier: loop0 (7,0, "
                + "/mnt/grid) was at most 30.4% busy while it wrote back"), f.recommendation());
        assertTrue(f.recommendation().contains("/sys/class/bdi/<major:minor>/max_ratio"), f.recommendation());
    }

    @Test
    void bufferedWritesThatNeverSleepAndDirectWritesAreNotThrottled() {
        // the same appends at 200 a second never reach the dirty limit; direct and O_SYNC writers queue their own
        for (String cell : List.of("buffered-no-fsync-8ms-hdd", "seqwrite-1m-3ms-ssd", "osync-journal-4ms-ssd",
                "fsync-journal-3ms-ssd", "seqread-buffered-8ms-ssd")) {
            assertEquals(List.of(), RuleHarness.bundle(rule, "grid/" + cell, Map.of()), cell);
        }
    }
}
