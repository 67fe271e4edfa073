package dev.ioverdict.model;

import java.util.ArrayList;
import java.util.HashMap;
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

    private static final Subscription<?>[] NONE = new Subscription<?>[0];

    private final List<Subscription<?>> streams = new ArrayList<>();
    private final Map<Class<?>, List<Fact>> kept = new LinkedHashMap<>();
    /**
     * The subscriptions of each concrete class met, in subscription order, and the last class's in
     * front: a trace's millions of events of one class were checked against every subscription each.
     */
    private final Map<Class<?>, Subscription<?>[]> byClass = new HashMap<>();
    private Class<?> lastClass;
    private Subscription<?>[] lastSubscriptions = NONE;

    public <T extends Fact> void stream(Class<T> type, Consumer<? super T> consumer) {
        streams.add(new Subscription<>(type, consumer));
        byClass.clear();
        lastClass = null;
    }

    public void add(Fact fact) {
        Class<?> c = fact.getClass();
        Subscription<?>[] subscriptions = lastSubscriptions;
        if (c != lastClass) {
            subscriptions = byClass.computeIfAbsent(c, k -> streams.stream().filter(s -> s.type().isAssignableFrom(k))
                    .toArray(Subscription<?>[]::new));
            lastClass = c;
            lastSubscriptions = subscriptions;
        }
        if (subscriptions.length == 0) {
            kept.computeIfAbsent(c, k -> new ArrayList<>()).add(fact);
            return;
        }
        for (Subscription<?> s : subscriptions) {
            s.offer(fact);
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
