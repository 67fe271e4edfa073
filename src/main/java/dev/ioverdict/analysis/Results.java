package dev.ioverdict.analysis;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What the analyses derived, one value per result type. Each analysis finishes with a view that
 * lets it read and put only the types its {@link Dataflow} declares, so a declaration cannot fall
 * behind the code it orders.
 */
public final class Results {
    private final Map<Class<?>, Object> byType;
    /** Who sees the results through this view, and what it declared; null: anything goes (the pipeline, tests). */
    private final String holder;
    private final Dataflow declared;

    public Results() {
        this(new LinkedHashMap<>(), null, null);
    }

    private Results(Map<Class<?>, Object> byType, String holder, Dataflow declared) {
        this.byType = byType;
        this.holder = holder;
        this.declared = declared;
    }

    /** The same results as {@code analysis} may see them: only what it declares. */
    Results declaredBy(Analysis analysis) {
        return new Results(byType, analysis.name(), analysis.dataflow());
    }

    public <T> void put(Class<T> type, T value) {
        if (declared != null && !declared.writes().contains(type)) {
            throw new IllegalStateException(holder + " puts " + type.getSimpleName()
                    + " into the results but does not declare it among its writes");
        }
        byType.put(type, value);
    }

    public <T> Optional<T> get(Class<T> type) {
        if (declared != null && !declared.reads().contains(type)) {
            throw new IllegalStateException(holder + " reads " + type.getSimpleName()
                    + " from the results but does not declare it among its reads");
        }
        return Optional.ofNullable(type.cast(byType.get(type)));
    }
}
