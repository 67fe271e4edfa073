package dev.ioverdict.analysis;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What an analysis's {@link Analysis#finish} reads and writes: the {@link Results} types it reads
 * ({@code reads}) and puts ({@code writes}), and the fact types it adds to the facts when it
 * finishes ({@code addsFacts}: SleepTiming's sleep stacks) or needs complete before it reads them
 * ({@code readsFacts}). {@link Analyses} orders the analyses by these: whoever writes a type
 * finishes before every other analysis that reads it, so an analysis that reads and writes one type
 * amends what its other writers left. A result type read must have a writer; a fact type read may
 * come from the parsers alone.
 */
public record Dataflow(Set<Class<?>> reads, Set<Class<?>> writes, Set<Class<?>> readsFacts, Set<Class<?>> addsFacts) {
    public Dataflow {
        reads = Set.copyOf(reads);
        writes = Set.copyOf(writes);
        readsFacts = Set.copyOf(readsFacts);
        addsFacts = Set.copyOf(addsFacts);
    }

    /** An analysis that puts {@code types} into the results. */
    public static Dataflow writes(Class<?>... types) {
        return new Dataflow(Set.of(), Set.of(types), Set.of(), Set.of());
    }

    /** An analysis that leaves only facts, {@code types}, for the others. */
    public static Dataflow addsFacts(Class<?>... types) {
        return new Dataflow(Set.of(), Set.of(), Set.of(), Set.of(types));
    }

    /** The same, reading {@code types} from the results once their writers have finished. */
    public Dataflow reading(Class<?>... types) {
        return new Dataflow(union(reads, types), writes, readsFacts, addsFacts);
    }

    /** The same, reading the facts {@code types} once every analysis that adds them has finished. */
    public Dataflow readingFacts(Class<?>... types) {
        return new Dataflow(reads, writes, union(readsFacts, types), addsFacts);
    }

    private static Set<Class<?>> union(Set<Class<?>> a, Class<?>[] b) {
        Set<Class<?>> out = new LinkedHashSet<>(a);
        out.addAll(List.of(b));
        return out;
    }
}
