package dev.ioverdict.analysis;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** What the analyses derived, one value per result type. */
public final class Results {
    private final Map<Class<?>, Object> byType = new LinkedHashMap<>();

    public <T> void put(Class<T> type, T value) {
        byType.put(type, value);
    }

    public <T> Optional<T> get(Class<T> type) {
        return Optional.ofNullable(type.cast(byType.get(type)));
    }
}
