package dev.ioverdict.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.Facts;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FactHandoffTest {
    @Test
    void everyFactReachesTheAnalysesInOrderBeforeCloseReturns() {
        Facts facts = new Facts();
        List<Long> seen = new ArrayList<>();
        List<String> threads = new ArrayList<>();
        facts.stream(Long.class, n -> {
            seen.add(n);
            if (threads.isEmpty()) {
                threads.add(Thread.currentThread().getName());
            }
        });
        FactHandoff handoff = new FactHandoff(facts, "strace.txt");
        for (long i = 0; i < 10_000; i++) { // many batches and a short last one
            handoff.accept(i);
        }
        handoff.accept("kept, not streamed");
        handoff.close();
        assertEquals(10_000, seen.size());
        for (int i = 0; i < seen.size(); i++) {
            assertEquals(i, seen.get(i));
        }
        assertEquals(List.of("kept, not streamed"), facts.all(String.class));
        assertEquals("analysis strace.txt", threads.get(0));
        handoff.close(); // a second close does nothing
    }

    @Test
    void whatAnAnalysisThrowsReachesTheParserOnceAndWhatCameBeforeIsKept() {
        Facts facts = new Facts();
        List<Long> seen = new ArrayList<>();
        IllegalStateException broken = new IllegalStateException("analysis bug");
        facts.stream(Long.class, n -> {
            if (n == 1500) {
                throw broken;
            }
            seen.add(n);
        });
        FactHandoff handoff = new FactHandoff(facts, "perf.txt");
        RuntimeException thrown = assertThrows(RuntimeException.class, () -> {
            for (long i = 0; i < 100_000; i++) {
                handoff.accept(i);
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
        facts.stream(String.class, s -> {
            throw new IllegalArgumentException("bad " + s);
        });
        FactHandoff handoff = new FactHandoff(facts, "iostat.txt");
        handoff.accept("x");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, handoff::close);
        assertEquals("bad x", e.getMessage());
    }
}
