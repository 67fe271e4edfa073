package dev.ioverdict.analysis;

import dev.ioverdict.model.Facts;

/**
 * Derives cross-input facts. {@link #attach} runs before any file is parsed (to subscribe to
 * streamed facts such as block events); {@link #finish} runs after the last one, in an order that
 * {@link #dataflow} decides (see {@link Analyses}).
 */
public interface Analysis {
    default void attach(Facts facts) {
    }

    void finish(Facts facts, Results results);

    /** What {@link #finish} reads and writes; reading or putting a result type not declared here fails. */
    Dataflow dataflow();

    /** The name failures and ordering errors give: the class's simple name. */
    default String name() {
        return getClass().getSimpleName();
    }
}
