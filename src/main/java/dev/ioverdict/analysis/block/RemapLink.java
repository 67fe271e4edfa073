package dev.ioverdict.analysis.block;

import dev.ioverdict.model.block.BlockEvent;

/** A remap (A) waiting for the bio or request it announced to show up on the target device. */
record RemapLink(BlockEvent remap, QueuedIo origin) {
}
