package dev.ioverdict.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ioverdict.model.Facts;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AnalysesTest {
    /** Result and fact types of the made-up analyses. */
    record A() {
    }

    record B() {
    }

    record C() {
    }

    /** An analysis that only declares. */
    record Made(String name, Dataflow dataflow) implements Analysis {
        @Override
        public void finish(Facts facts, Results results) {
        }
    }

    @Test
    void theRealAnalysesSortAndEveryOneFinishesAfterWhatItReads() {
        List<Analysis> order = Analyses.fresh();
        assertEquals(17, order.size());
        for (int b = 0; b < order.size(); b++) {
            Dataflow reader = order.get(b).dataflow();
            for (int a = b + 1; a < order.size(); a++) {
                Dataflow later = order.get(a).dataflow();
                String pair = order.get(b).name() + " runs before " + order.get(a).name();
                assertTrue(Collections.disjoint(later.writes(), reader.reads()), pair + ", which writes what it reads");
                assertTrue(Collections.disjoint(later.addsFacts(), reader.readsFacts()),
                        pair + ", which adds facts it reads");
            }
        }
        List<String> names = order.stream().map(Analysis::name).toList();
        // the ones the old hand-kept list explained in comments
        assertTrue(names.indexOf("SleepTiming") < names.indexOf("SyscallAnalysis"), names.toString());
        assertTrue(names.indexOf("BlockAnalysis") < names.indexOf("BttSectionAnalysis"), names.toString());
        assertTrue(names.indexOf("BttSectionAnalysis") < names.indexOf("StackAnalysis"), names.toString());
        assertTrue(names.indexOf("ConsistencyAnalysis") < names.indexOf("LayerAnalysis"), names.toString());
        assertTrue(names.indexOf("StackAnalysis") > names.indexOf("ConfigAnalysis"), names.toString());
        assertTrue(names.indexOf("FioAnalysis") > names.indexOf("BlockAnalysis") && names.indexOf("FioAnalysis") > names.indexOf("ConfigAnalysis"), names.toString());
    }

    @Test
    void theOrderDoesNotDependOnTheListsOrder() {
        List<Analysis> shuffled = new ArrayList<>(Analyses.fresh());
        Collections.reverse(shuffled);
        List<Analysis> order = Analyses.order(shuffled);
        for (int b = 0; b < order.size(); b++) {
            for (int a = b + 1; a < order.size(); a++) {
                assertTrue(Collections.disjoint(order.get(a).dataflow().writes(), order.get(b).dataflow().reads()));
            }
        }
    }

    @Test
    void aWriterGoesFirstWhereverItIsListed() {
        Analysis reader = new Made("Reader", Dataflow.writes(B.class).reading(A.class));
        Analysis writer = new Made("Writer", Dataflow.writes(A.class));
        Analysis amender = new Made("Amender", Dataflow.writes(A.class).reading(A.class));
        assertEquals(List.of(writer, amender, reader), Analyses.order(List.of(reader, amender, writer)));
    }

    @Test
    void aCycleFailsNamingTheAnalysesAndWhatTheyHandOn() {
        Analysis first = new Made("First", Dataflow.writes(A.class).reading(C.class));
        Analysis second = new Made("Second", Dataflow.writes(B.class).reading(A.class));
        Analysis third = new Made("Third", Dataflow.writes(C.class).reading(B.class));
        var e = assertThrows(IllegalStateException.class, () -> Analyses.order(List.of(first, second, third)));
        assertEquals("the analyses' declarations form a cycle: First -(A)-> Second -(B)-> Third -(C)-> First",
                e.getMessage());
    }

    @Test
    void aCycleThroughFactsFailsToo() {
        Analysis adds = new Made("Adds", Dataflow.addsFacts(A.class).reading(B.class));
        Analysis reads = new Made("Reads", Dataflow.writes(B.class).readingFacts(A.class));
        var e = assertThrows(IllegalStateException.class, () -> Analyses.order(List.of(adds, reads)));
        assertEquals("the analyses' declarations form a cycle: Adds -(A facts)-> Reads -(B)-> Adds", e.getMessage());
    }

    @Test
    void aReadNobodyWritesFails() {
        Analysis lonely = new Made("Lonely", Dataflow.writes(B.class).reading(A.class));
        Analysis self = new Made("Self", Dataflow.writes(C.class).reading(C.class));
        var e = assertThrows(IllegalStateException.class, () -> Analyses.order(List.of(lonely, self)));
        assertEquals("the analyses' declarations do not hold together: Lonely reads A, which no other analysis writes; "
                + "Self reads C, which no other analysis writes", e.getMessage());
    }

    @Test
    void twoWritersOfOneTypeThatNothingOrdersFail() {
        Analysis one = new Made("One", Dataflow.writes(A.class));
        Analysis two = new Made("Two", Dataflow.writes(A.class));
        var e = assertThrows(IllegalStateException.class, () -> Analyses.order(List.of(one, two)));
        assertEquals("the analyses' declarations do not hold together: One and Two both write A and neither reads it: "
                + "which one stands is not declared", e.getMessage());
    }

    @Test
    void anAnalysisSeesOnlyWhatItDeclaresAndOneThatThrowsIsATypedFailure() {
        Analysis honest = new Analysis() {
            @Override
            public void finish(Facts facts, Results results) {
                results.put(A.class, new A());
            }

            @Override
            public Dataflow dataflow() {
                return Dataflow.writes(A.class);
            }

            @Override
            public String name() {
                return "Honest";
            }
        };
        Analysis sneaky = new Analysis() {
            @Override
            public void finish(Facts facts, Results results) {
                results.get(A.class);
            }

            @Override
            public Dataflow dataflow() {
                return Dataflow.writes(B.class);
            }

            @Override
            public String name() {
                return "Sneaky";
            }
        };
        Results results = new Results();
        List<AnalysisFailure> failures = Analyses.finish(List.of(honest, sneaky), new Facts(), results);
        assertEquals(Optional.of(new A()), results.get(A.class));
        assertEquals(1, failures.size());
        assertEquals("Sneaky", failures.get(0).analysis());
        assertEquals("IllegalStateException: Sneaky reads A from the results but does not declare it among its reads",
                failures.get(0).message());
    }
}
