package dev.ioverdict.rules;

import dev.ioverdict.model.Finding;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiPredicate;
import java.util.function.Function;

/**
 * What a rule's findings mean to the stages after the rules, declared by the rule
 * ({@link Rule#meaning()}) so that the diagnosis, the USE table, the charts and the templates read
 * it instead of knowing rules by id: the layer the cause sits in, the USE cells it fills, the
 * findings of other rules it explains (shown under it as symptoms), the chart drawn beside it,
 * the glossary entries its prose needs, the kinds of data it rests on, and how it reads iostat's
 * outside view of a device. Built from {@link #of} with one call per declaration.
 *
 * @param outsideView its findings read a device from outside (iostat's averages): a cause measured
 *                    in the block layer restates them ({@link #insideView(InsideView)})
 * @param insideView  how a finding of this rule, measured in the block layer, restates an outside
 *                    view of the same device it explains; null when it does not
 */
public record Meaning(Layer layer, Set<UseCell> use, List<Explains> explains, Function<Finding, ChartSpec> chart,
                      Set<Glossary> glossary, Set<EvidenceKind> evidence, boolean outsideView, InsideView insideView) {

    /** What an undeclared rule means: nothing beyond its findings (a rule id the catalogue does not hold). */
    public static final Meaning NONE = of(Layer.UNKNOWN);

    /** Where in the I/O path a rule's cause sits. */
    public enum Layer {
        APPLICATION("the application's own waits, as its system calls show them"),
        SUBMISSION("submission: the path from the system call to a request (CPU, the inode lock or drain, request "
                + "tags, throttling)"),
        SCHEDULER("the I/O scheduler (elevator), between insert and dispatch"),
        DEVICE("below the driver: device, HBA, fabric, array"),
        FILESYSTEM("the filesystem's caches and metadata"),
        KERNEL("the kernel's own reports: errors, hung tasks"),
        CONFIGURATION("a setting of the host or the storage"),
        /** Its step records what the bundle lacks: it finds where the time goes rather than giving it back. */
        NOT_LOCATED("above the device, in a layer the bundle's inputs do not cover"),
        UNKNOWN("not declared");

        private final String description;

        Layer(String description) {
            this.description = description;
        }

        public String description() {
            return description;
        }
    }

    /** A resource of Brendan Gregg's USE method. */
    public enum Resource { DEVICE }

    /** The USE method's questions, and the latency a device adds. */
    public enum Use { UTILIZATION, SATURATION, ERRORS, LATENCY }

    /** One cell of the USE table a rule's finding fills: it marks the cell a problem for its subject. */
    public record UseCell(Resource resource, Use use) {
    }

    /** The groups of the report's glossary (templates/fragments/glossary.html), by the id the template tests. */
    public enum Glossary {
        BLOCK("block"), IOSTAT("iostat"), SOLARIS("solaris"), LINUXKI("linuxki"), AIO("aio"), XFS("xfs");

        private final String id;

        Glossary(String id) {
            this.id = id;
        }

        public String id() {
            return id;
        }
    }

    /**
     * "A finding of rule {@code symptom} is explained by one of this rule" when {@code when} holds
     * for (cause, symptom); {@code condition} says when in words, for the rule's documentation.
     */
    public record Explains(String symptom, String condition, BiPredicate<Finding, Finding> when) {
        public boolean holds(Finding cause, Finding other) {
            return other.rule().equals(symptom) && when.test(cause, other);
        }

        /** Both about the same device, process or file. */
        public static boolean sameSubject(Finding a, Finding b) {
            return a.subject() != null && b.subject() != null && a.subject().key().equals(b.subject().key());
        }
    }

    /** How a cause measured in the block layer restates iostat's reading of the same device. */
    public interface InsideView {
        /** The outside view's new summary, in the cause's terms. */
        String restated(Finding cause, Finding outside);

        /** Where the outside view claims what the cause's measurement contradicts, said once per device; null when nothing. */
        default String contradiction(Finding cause, List<Finding> outside) {
            return null;
        }
    }

    public Meaning {
        use = use.isEmpty() ? Set.of() : Set.copyOf(use);
        explains = List.copyOf(explains);
        // in declaration order, so that the generated docs list them the same way every time
        glossary = glossary.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(glossary));
        evidence = evidence.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(evidence));
    }

    public static Meaning of(Layer layer) {
        return new Meaning(layer, Set.of(), List.of(), f -> ChartSpec.NONE, Set.of(), Set.of(), false, null);
    }

    public Meaning use(Resource resource, Use... uses) {
        Set<UseCell> more = new java.util.HashSet<>(use);
        for (Use u : uses) {
            more.add(new UseCell(resource, u));
        }
        return new Meaning(layer, more, explains, chart, glossary, evidence, outsideView, insideView);
    }

    /**
     * Findings of rule {@code symptom} for which {@code when} holds go under this rule's finding as its
     * symptoms; {@code condition} says when in words ("about the same device").
     */
    public Meaning explains(String symptom, String condition, BiPredicate<Finding, Finding> when) {
        List<Explains> more = new ArrayList<>(explains);
        more.add(new Explains(symptom, condition, when));
        return new Meaning(layer, use, more, chart, glossary, evidence, outsideView, insideView);
    }

    public Meaning chart(Function<Finding, ChartSpec> spec) {
        return new Meaning(layer, use, explains, spec, glossary, evidence, outsideView, insideView);
    }

    public Meaning glossary(Glossary... groups) {
        return new Meaning(layer, use, explains, chart, Set.of(groups), evidence, outsideView, insideView);
    }

    public Meaning evidence(EvidenceKind first, EvidenceKind... more) {
        return new Meaning(layer, use, explains, chart, glossary, EnumSet.of(first, more), outsideView, insideView);
    }

    /** Its findings read a device from outside (iostat): a cause measured in the block layer restates them. */
    public Meaning seenFromOutside() {
        return new Meaning(layer, use, explains, chart, glossary, evidence, true, insideView);
    }

    public Meaning insideView(InsideView view) {
        return new Meaning(layer, use, explains, chart, glossary, evidence, outsideView, view);
    }

    /** Whether this rule's finding {@code cause} explains {@code symptom}. */
    public boolean explains(Finding cause, Finding symptom) {
        return explains.stream().anyMatch(e -> e.holds(cause, symptom));
    }

    /** Whether the rule's findings fill {@code cell} of the USE table. */
    public boolean fills(Resource resource, Use u) {
        return use.contains(new UseCell(resource, u));
    }

    public ChartSpec chartOf(Finding f) {
        return chart.apply(f);
    }
}
