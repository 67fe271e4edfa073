package dev.ioverdict.analysis;

import dev.ioverdict.model.Facts;

/**
 * Derives cross-input facts. {@link #attach} runs before any file is parsed (to subscribe to
 * streamed facts such as block events); {@link #finish} runs after the last one.
 */
public interface Analysis {
    default void attach(Facts facts) {
    }

    void finish(Facts facts, Results results);
}
