package dev.ioverdict.parse.perf;

import dev.ioverdict.model.perf.PerfEvent;
import dev.ioverdict.parse.ParseContext;

/**
 * Turns the perf events of one family (block:*, syscalls:*, sched:*) into facts. One instance per
 * parsed file, so it may keep state (an enter waiting for its exit) and flush it in {@link #finish}.
 */
public interface PerfEventHandler {
    /** Whether this handler takes events named so (e.g. {@code block:block_rq_issue}). */
    boolean accepts(String event);

    /** Whether this handler needs the call chain of its events (costs an allocation per frame). */
    default boolean wantsStacks() {
        return false;
    }

    void handle(PerfEvent event, ParseContext ctx);

    default void finish(ParseContext ctx) {
    }
}
