package dev.ioverdict.analysis;

import dev.ioverdict.analysis.block.BlockAnalysis;
import dev.ioverdict.analysis.bpf.BpfAnalysis;
import dev.ioverdict.analysis.btt.BttSectionAnalysis;
import dev.ioverdict.analysis.config.ConfigAnalysis;
import dev.ioverdict.analysis.config.StackAnalysis;
import dev.ioverdict.analysis.consistency.ConsistencyAnalysis;
import dev.ioverdict.analysis.fio.FioAnalysis;
import dev.ioverdict.analysis.host.HostAnalysis;
import dev.ioverdict.analysis.iostat.IostatAnalysis;
import dev.ioverdict.analysis.iostat.PeriodAnalysis;
import dev.ioverdict.analysis.kernel.KernelLogAnalysis;
import dev.ioverdict.analysis.layers.LayerAnalysis;
import dev.ioverdict.analysis.syscall.BlockWriteAlignments;
import dev.ioverdict.analysis.syscall.LatencySampling;
import dev.ioverdict.analysis.syscall.SleepTiming;
import dev.ioverdict.analysis.syscall.SyscallAnalysis;
import dev.ioverdict.analysis.timemodel.TimeModelAnalysis;
import dev.ioverdict.model.Facts;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Every analysis. The list is sorted by name: the order they finish in follows from what each
 * declares it reads and writes ({@link Analysis#dataflow}), worked out once at start-up; a cycle, a
 * read nobody writes or two writers of one type that nothing orders fail then, naming the analyses.
 * Each case gets fresh instances.
 */
public final class Analyses {
    private static final List<Supplier<Analysis>> ALL = List.of(
            BlockAnalysis::new,
            BlockWriteAlignments::new,
            BpfAnalysis::new,
            BttSectionAnalysis::new,
            ConfigAnalysis::new,
            ConsistencyAnalysis::new,
            FioAnalysis::new,
            HostAnalysis::new,
            IostatAnalysis::new,
            KernelLogAnalysis::new,
            LatencySampling::new,
            LayerAnalysis::new,
            PeriodAnalysis::new,
            SleepTiming::new,
            StackAnalysis::new,
            SyscallAnalysis::new,
            TimeModelAnalysis::new);

    private Analyses() {
    }

    /** The order, worked out the first time it is needed: at start-up, before any case. */
    private static final class Ordered {
        static final List<Supplier<Analysis>> SUPPLIERS;

        static {
            List<Analysis> samples = ALL.stream().map(Supplier::get).toList();
            List<Supplier<Analysis>> out = new ArrayList<>();
            for (Analysis a : order(samples)) {
                out.add(ALL.get(samples.indexOf(a)));
            }
            SUPPLIERS = List.copyOf(out);
        }
    }

    /** Fresh instances of every analysis, in the order they finish. */
    public static List<Analysis> fresh() {
        return Ordered.SUPPLIERS.stream().map(Supplier::get).toList();
    }

    /**
     * Finishes {@code analyses} in their order, each seeing the results through its declaration. One
     * that throws costs what it would have derived, never the case: it is returned as a failure.
     */
    public static List<AnalysisFailure> finish(List<Analysis> analyses, Facts facts, Results results) {
        List<AnalysisFailure> failures = new ArrayList<>();
        for (Analysis a : analyses) {
            try {
                a.finish(facts, results.declaredBy(a));
            } catch (RuntimeException | StackOverflowError e) {
                failures.add(AnalysisFailure.of(a, e));
            }
        }
        return failures;
    }

    /**
     * {@code analyses} in an order their declarations allow: a writer of a type before every other
     * analysis that reads it (result or fact). Among the ready ones the earlier in the list goes first,
     * so the same list always gives the same order.
     *
     * @throws IllegalStateException naming the analyses, on a read nobody writes, two writers of one
     *     type neither of which reads it (which one's value stands would be left to the list), or a cycle
     */
    public static List<Analysis> order(List<Analysis> analyses) {
        int n = analyses.size();
        List<Dataflow> flows = analyses.stream().map(Analysis::dataflow).toList();
        List<String> problems = new ArrayList<>();
        for (int b = 0; b < n; b++) {
            for (Class<?> type : flows.get(b).reads()) {
                if (writers(flows, type, b).isEmpty()) {
                    problems.add(analyses.get(b).name() + " reads " + type.getSimpleName() + ", which no other analysis writes");
                }
            }
            for (int a = 0; a < b; a++) {
                for (Class<?> type : flows.get(a).writes()) {
                    if (flows.get(b).writes().contains(type) && !flows.get(a).reads().contains(type)
                            && !flows.get(b).reads().contains(type)) {
                        problems.add(analyses.get(a).name() + " and " + analyses.get(b).name() + " both write "
                                + type.getSimpleName() + " and neither reads it: which one stands is not declared");
                    }
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalStateException("the analyses' declarations do not hold together: " + String.join("; ", problems));
        }
        // before.get(b): the analyses that must finish before b
        List<Set<Integer>> before = new ArrayList<>();
        for (int b = 0; b < n; b++) {
            Set<Integer> first = new HashSet<>();
            for (int a = 0; a < n; a++) {
                if (a != b && (!Collections.disjoint(flows.get(a).writes(), flows.get(b).reads())
                        || !Collections.disjoint(flows.get(a).addsFacts(), flows.get(b).readsFacts()))) {
                    first.add(a);
                }
            }
            before.add(first);
        }
        List<Analysis> out = new ArrayList<>();
        Set<Integer> done = new HashSet<>();
        while (out.size() < n) {
            int next = -1;
            for (int b = 0; b < n && next < 0; b++) {
                if (!done.contains(b) && done.containsAll(before.get(b))) {
                    next = b;
                }
            }
            if (next < 0) {
                throw new IllegalStateException("the analyses' declarations form a cycle: " + cycle(analyses, flows, before, done));
            }
            done.add(next);
            out.add(analyses.get(next));
        }
        return out;
    }

    private static List<Integer> writers(List<Dataflow> flows, Class<?> type, int except) {
        List<Integer> out = new ArrayList<>();
        for (int a = 0; a < flows.size(); a++) {
            if (a != except && flows.get(a).writes().contains(type)) {
                out.add(a);
            }
        }
        return out;
    }

    /** One cycle among the analyses not yet ordered, as "A (X) -> B (Y) -> A": each reads what the one before it writes. */
    private static String cycle(List<Analysis> analyses, List<Dataflow> flows, List<Set<Integer>> before, Set<Integer> done) {
        // every analysis left waits on another left: walking back along those waits must come round
        int at = -1;
        for (int b = 0; b < analyses.size() && at < 0; b++) {
            if (!done.contains(b)) {
                at = b;
            }
        }
        List<Integer> path = new ArrayList<>();
        while (!path.contains(at)) {
            path.add(at);
            int from = at;
            at = before.get(from).stream().filter(a -> !done.contains(a)).sorted().findFirst().orElseThrow();
        }
        List<Integer> loop = new ArrayList<>(path.subList(path.indexOf(at), path.size()));
        Collections.reverse(loop);
        Collections.rotate(loop, -loop.indexOf(Collections.min(loop))); // from the one listed first
        loop.add(loop.get(0));
        StringBuilder s = new StringBuilder(analyses.get(loop.get(0)).name());
        for (int i = 1; i < loop.size(); i++) {
            s.append(" -(").append(handedOn(flows.get(loop.get(i - 1)), flows.get(loop.get(i)))).append(")-> ")
                    .append(analyses.get(loop.get(i)).name());
        }
        return s.toString();
    }

    /** What {@code writer} leaves that {@code reader} reads. */
    private static String handedOn(Dataflow writer, Dataflow reader) {
        List<String> names = new ArrayList<>();
        writer.writes().stream().filter(reader.reads()::contains).map(Class::getSimpleName).sorted().forEach(names::add);
        writer.addsFacts().stream().filter(reader.readsFacts()::contains).map(c -> c.getSimpleName() + " facts")
                .sorted().forEach(names::add);
        return String.join(", ", names);
    }
}
