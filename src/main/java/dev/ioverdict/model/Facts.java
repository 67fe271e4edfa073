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
    private record Subscription<T>(Class<T> type, Consumer<? super T> consumer) {
        void offer(Object fact) {
            consumer.accept(type.cast(fact));
        }
    }

    private final List<Subscription<?>> streams = new ArrayList<>();
    private final Map<Class<?>, List<Object>> kept = new LinkedHashMap<>();

    public <T> void stream(Class<T> type, Consumer<? super T> consumer) {
        streams.add(new Subscription<>(type, consumer));
    }

    public void add(Object fact) {
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
    public <T> List<T> all(Class<T> type) {
        List<T> out = new ArrayList<>();
        for (Map.Entry<Class<?>, List<Object>> e : kept.entrySet()) {
            if (type.isAssignableFrom(e.getKey())) {
                for (Object o : e.getValue()) {
                    out.add(type.cast(o));
                }
            }
        }
        return out;
    }
}
