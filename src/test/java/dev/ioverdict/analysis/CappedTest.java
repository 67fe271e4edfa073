package dev.ioverdict.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class CappedTest {
    @Test
    void belowTheCapEveryKeyIsKeptInTheOrderFirstSeen() {
        Capped<String, double[]> t = new Capped<>(3, v -> v[0]);
        for (String k : List.of("c", "a", "b", "a")) {
            t.computeIfAbsent(k, x -> new double[1])[0] += 1;
        }
        t.trim();
        assertEquals(List.of("c", "a", "b"), List.copyOf(t.kept().keySet()));
        assertEquals(2.0, t.get("a")[0]);
        assertEquals(0, t.dropped());
    }

    @Test
    void pastTwiceTheCapTheHeaviestStayAndTheRestAreCountedWithTheirWeight() {
        Capped<Integer, double[]> t = new Capped<>(2, v -> v[0]);
        for (int k = 0; k < 5; k++) {
            t.computeIfAbsent(k, x -> new double[1])[0] = k == 1 ? 100 : k;
        }
        // at the fifth key the table held four: 1 (100) and 3 stay, 0 and 2 are dropped
        assertEquals(1, t.compactions());
        t.trim();
        assertEquals(List.of(1, 4), List.copyOf(t.kept().keySet()));
        assertEquals(3, t.dropped());
        assertEquals(0 + 2 + 3, t.droppedWeight());
    }
}
