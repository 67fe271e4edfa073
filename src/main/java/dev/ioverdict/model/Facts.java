package dev.ioverdict.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What parsers found, by type. A type with a streaming subscriber is handed to it and not kept
 * (block events of a multi-GB trace); every other fact is kept for the analyses to read.
 */
public final class Facts {
    private record Subscription<T extends Fact>(Class<T> type, Consumer<? super T> consumer) {
        void offer(Fact fact) {
            consumer.accept(type.cast(fact));
        }
    }

    private final List<Subscription<?>> streams = new ArrayList<>();
    private final Map<Class<?>, List<Fact>> kept = new LinkedHashMap<>();

    public <T extends Fact> void stream(Class<T> type, Consumer<? super T> consumer) {
        streams.add(new Subscription<>(type, consumer));
    }

    public void add(Fact fact) {
        boolean streamed = false;
        for (Subscription<?> s : streams) {
            if (s.type().isInstance(fact)) {
                s.offer(fact);
                streamed = true;
            }
        }
        if (!streamed) {
            kept.computeIfAbsent(fact.getClass(), k -> new ArrayList<>()).add(fact);
        }
    }

    /** Every kept fact assignable to {@code type}, in the order they were added per concrete class. */
    public <T extends Fact> List<T> all(Class<T> type) {
        List<T> out = new ArrayList<>();
        for (Map.Entry<Class<?>, List<Fact>> e : kept.entrySet()) {
            if (type.isAssignableFrom(e.getKey())) {
                for (Fact o : e.getValue()) {
                    out.add(type.cast(o));
                }
            }
        }
        return out;
    }
}
