package dev.ioverdict.parse.perf;

import dev.ioverdict.model.block.BlockAction;
import dev.ioverdict.model.block.BlockEvent;
import dev.ioverdict.model.perf.PerfEvent;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.text.Excerpt;
import dev.ioverdict.parse.text.Interner;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The kernel's block tracepoints (the events blktrace itself records) as {@link BlockEvent}s:
 * block_bio_queue is Q, block_getrq G, block_rq_insert I, block_rq_issue D, block_rq_complete C,
 * and so on. Tracepoints outside that lifecycle (block_bio_complete, block_io_start/done,
 * block_rq_merge, buffer and zone events) are taken and dropped without a warning, as blktrace
 * has no action for them.
 */
public final class BlockTracepointHandler implements PerfEventHandler {
    /** The action of each event name seen (empty: none), so the name is not cut and switched on per event. */
    private final Map<String, Optional<BlockAction>> actions = new HashMap<>();
    private final Interner rwbs = new Interner(8);

    @Override
    public boolean accepts(String event) {
        return event.startsWith("block:");
    }

    @Override
    public void handle(PerfEvent event, ParseContext ctx) {
        Optional<BlockAction> known = actions.get(event.event());
        if (known == null) {
            known = Optional.ofNullable(action(event.name()));
            actions.put(event.event(), known);
        }
        if (known.isEmpty()) {
            return;
        }
        BlockEvent parsed = BlockTracepointPayload.parse(known.get(), event, rwbs);
        if (parsed == null) {
            ctx.skip(event.line(), "unreadable " + event.event() + " payload: " + Excerpt.of(event.payload()));
            return;
        }
        ctx.emit(parsed);
    }

    /** The blkparse action a tracepoint stands for, or null when blktrace has none. */
    static BlockAction action(String tracepoint) {
        return switch (tracepoint) {
            case "block_bio_queue" -> BlockAction.QUEUE;
            case "block_getrq" -> BlockAction.GETRQ;
            case "block_sleeprq" -> BlockAction.SLEEPRQ;
            case "block_rq_insert" -> BlockAction.INSERT;
            case "block_rq_issue" -> BlockAction.ISSUE;
            case "block_rq_complete" -> BlockAction.COMPLETE;
            case "block_bio_backmerge" -> BlockAction.BACKMERGE;
            case "block_bio_frontmerge" -> BlockAction.FRONTMERGE;
            case "block_rq_remap", "block_bio_remap" -> BlockAction.REMAP;
            case "block_rq_requeue" -> BlockAction.REQUEUE;
            case "block_plug" -> BlockAction.PLUG;
            case "block_unplug" -> BlockAction.UNPLUG;
            case "block_split" -> BlockAction.SPLIT;
            case "block_bio_bounce" -> BlockAction.BOUNCE;
            default -> null;
        };
    }
}
