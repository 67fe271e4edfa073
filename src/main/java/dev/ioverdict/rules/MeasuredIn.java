package dev.ioverdict.rules;

import dev.ioverdict.model.timemodel.Part;
import java.util.List;

/**
 * Where a rule's findings sit in the time model: the {@link Part}s of the application's wait
 * their impact is measured in, and what the finding's subject narrows them to. A finding's impact
 * is then the seconds of those parts (of its device, its process, its direction), the one unit
 * every cause is ranked in. {@code fallback}: the parts used when the model holds none of
 * {@code parts} (no sleep stacks to tell the inode lock from the rest of io_submit).
 */
public record MeasuredIn(List<Part> parts, List<Part> fallback, Scope scope) {
    /** What the finding's subject selects in the model. */
    public enum Scope {
        /** The parts on the finding's device (its direction, when the finding names one). */
        DEVICE,
        /** The parts of the finding's process. */
        PROCESS,
        /** The parts wherever they are. */
        ANY
    }

    /** A rule whose findings are not part of the application's wait (errors, configuration). */
    public static final MeasuredIn NOWHERE = new MeasuredIn(List.of(), List.of(), Scope.ANY);

    public MeasuredIn {
        parts = List.copyOf(parts);
        fallback = List.copyOf(fallback);
    }

    public static MeasuredIn device(Part... parts) {
        return new MeasuredIn(List.of(parts), List.of(), Scope.DEVICE);
    }

    public static MeasuredIn process(Part... parts) {
        return new MeasuredIn(List.of(parts), List.of(), Scope.PROCESS);
    }

    public static MeasuredIn anywhere(Part... parts) {
        return new MeasuredIn(List.of(parts), List.of(), Scope.ANY);
    }

    /** The same, falling back on {@code others} where the model holds none of the parts. */
    public MeasuredIn orElse(Part... others) {
        return new MeasuredIn(parts, List.of(others), scope);
    }

    public boolean measured() {
        return !parts.isEmpty();
    }
}
