package dev.ioverdict.rules;

import dev.ioverdict.model.Platform;
import java.util.EnumSet;
import java.util.Set;

import dev.ioverdict.analysis.CaseData;
import java.util.Optional;
import java.util.function.Function;

/**
 * Something a rule reads, resolved by the engine before the rule runs (insights-core's
 * {@code @rule(Required, [Optional])}): what it is, how a consultant collects it next time, and how
 * to find it in a case. Empty when the case does not hold it: then a rule that requires it is not
 * evaluated, and the report says what to collect.
 */
public record Input<T>(String id, String description, String howToCollect, Function<CaseData, Optional<T>> resolver,
                       Set<Platform> platforms) {
    public Input {
        platforms = Set.copyOf(platforms);
    }

    /** An input any platform can provide. */
    public Input(String id, String description, String howToCollect, Function<CaseData, Optional<T>> resolver) {
        this(id, description, howToCollect, resolver, EnumSet.allOf(Platform.class));
    }

    /** The same input, collected only on {@code only} (blktrace and perf on Linux; vmstat -s's DNLC counter on Solaris). */
    public Input<T> on(Platform only) {
        return new Input<>(id, description, howToCollect, resolver, EnumSet.of(only));
    }

    /**
     * A reading of other inputs in one configuration (iostat of a device its scheduler serves one request at a
     * time), which a rule may judge where its usual input is missing: not something to collect on its own, so a
     * rule lacking every input of its {@link RuleInfo#anyOf()} asks for the collectable ones.
     */
    public static <T> Input<T> derived(String id, String description, Function<CaseData, Optional<T>> resolver) {
        return new Input<>(id, description, "", resolver);
    }

    /** Whether a consultant collects it (a command), not a reading of other inputs ({@link #derived}). */
    public boolean collectable() {
        return !howToCollect.isBlank();
    }

    public boolean appliesTo(Platform p) {
        return platforms.contains(p);
    }

    public Optional<T> resolve(CaseData data) {
        return resolver.apply(data);
    }
}
