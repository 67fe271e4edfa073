package dev.ioverdict.model.block;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/** Maps keyed by phase, kept in btt's order whatever order they were filled in. */
final class Phases {
    private Phases() {
    }

    static <V> Map<Phase, V> copy(Map<Phase, V> map) {
        return map.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(map));
    }
}
