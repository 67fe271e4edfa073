package dev.ioverdict.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * Per-key state (a process, a file, a descriptor) kept for at most {@code cap} keys, so that memory
 * does not grow with the number of distinct keys an input names (issue 21: a million pids). When
 * the table reaches twice its cap, the {@code cap} heaviest keys stay, in the order they were first
 * seen, and the others are dropped and counted with their weight: a report says "N more, not
 * itemised". Below the cap nothing is dropped, so ordinary inputs give exactly the figures they
 * gave. A key dropped and seen again starts afresh (its earlier part stays in the count).
 */
public final class Capped<K, V> {
    private final int cap;
    private final ToDoubleFunction<V> weight;
    private Map<K, V> map = new LinkedHashMap<>();
    private long dropped;
    private double droppedWeight;

    public Capped(int cap, ToDoubleFunction<V> weight) {
        this.cap = cap;
        this.weight = weight;
    }

    public V get(K key) {
        return map.get(key);
    }

    /** The state of {@code key}, made when missing; may drop the lightest keys first (see {@link #compacted}). */
    public V computeIfAbsent(K key, Function<? super K, ? extends V> make) {
        V v = map.get(key);
        if (v == null) {
            if (map.size() >= 2 * cap) {
                compact();
            }
            v = make.apply(key);
            map.put(key, v);
        }
        return v;
    }

    private long compactions;

    /** How many times keys were dropped: a caller that caches values compares it to know they may be stale. */
    public long compactions() {
        return compactions;
    }

    private void compact() {
        List<Map.Entry<K, V>> all = new ArrayList<>(map.entrySet());
        all.sort(Comparator.comparingDouble((Map.Entry<K, V> e) -> weight.applyAsDouble(e.getValue())).reversed());
        Set<K> keep = new HashSet<>();
        for (int i = 0; i < cap; i++) {
            keep.add(all.get(i).getKey());
        }
        Map<K, V> kept = new LinkedHashMap<>();
        map.forEach((k, v) -> {
            if (keep.contains(k)) {
                kept.put(k, v);
            } else {
                dropped++;
                droppedWeight += weight.applyAsDouble(v);
            }
        });
        map = kept;
        compactions++;
    }

    /** Drops the lightest keys beyond the cap: before the kept ones are reported. */
    public void trim() {
        if (map.size() > cap) {
            compact();
        }
    }

    /** The kept keys and values in the order first seen. */
    public Map<K, V> kept() {
        return java.util.Collections.unmodifiableMap(map);
    }

    public boolean isEmpty() {
        return map.isEmpty();
    }

    public boolean containsKey(K key) {
        return map.containsKey(key);
    }

    /** Keys dropped so far (a key dropped twice counts twice). */
    public long dropped() {
        return dropped;
    }

    public double droppedWeight() {
        return droppedWeight;
    }
}
