package dev.ioverdict.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.Facts;
import dev.ioverdict.model.host.HostFact;
import dev.ioverdict.model.vmstat.VmstatCounter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FactHandoffTest {
    @Test
    void everyFactReachesTheAnalysesInOrderBeforeCloseReturns() {
        Facts facts = new Facts();
        List<Long> seen = new ArrayList<>();
        List<String> threads = new ArrayList<>();
        facts.stream(VmstatCounter.class, c -> {
            seen.add(c.line());
            if (threads.isEmpty()) {
                threads.add(Thread.currentThread().getName());
            }
        });
        FactHandoff handoff = new FactHandoff(facts, "strace.txt");
        for (long i = 0; i < 10_000; i++) { // many batches and a short last one
            handoff.accept(counter(i));
        }
        HostFact kept = new HostFact("hostname", "kept, not streamed", "hostname", 1, "kept, not streamed");
        handoff.accept(kept);
        handoff.close();
        assertEquals(10_000, seen.size());
        for (int i = 0; i < seen.size(); i++) {
            assertEquals(i, seen.get(i));
        }
        assertEquals(List.of(kept), facts.all(HostFact.class));
        assertEquals("analysis strace.txt", threads.get(0));
        handoff.close(); // a second close does nothing
    }

    @Test
    void whatAnAnalysisThrowsReachesTheParserOnceAndWhatCameBeforeIsKept() {
        Facts facts = new Facts();
        List<Long> seen = new ArrayList<>();
        IllegalStateException broken = new IllegalStateException("analysis bug");
        facts.stream(VmstatCounter.class, c -> {
            long n = c.line();
            if (n == 1500) {
                throw broken;
            }
            seen.add(n);
        });
        FactHandoff handoff = new FactHandoff(facts, "perf.txt");
        RuntimeException thrown = assertThrows(RuntimeException.class, () -> {
            for (long i = 0; i < 100_000; i++) {
                handoff.accept(counter(i));
            }
        });
        assertSame(broken, thrown);
        handoff.close(); // already said: close does not throw it again (no self-suppression in the pipeline)
        assertEquals(1500, seen.size());
        assertTrue(seen.stream().allMatch(n -> n < 1500));
    }

    @Test
    void aFailureInTheLastShortBatchIsThrownByClose() {
        Facts facts = new Facts();
        facts.stream(HostFact.class, h -> {
            throw new IllegalArgumentException("bad " + h.value());
        });
        FactHandoff handoff = new FactHandoff(facts, "iostat.txt");
        handoff.accept(new HostFact("hostname", "x", "hostname", 1, "x"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, handoff::close);
        assertEquals("bad x", e.getMessage());
    }

    /** A fact numbered {@code n} (by its line), to see the order it arrives in. */
    private static VmstatCounter counter(long n) {
        return new VmstatCounter("vmstat.txt", n, n + " forks", "forks", n, null);
    }
}
