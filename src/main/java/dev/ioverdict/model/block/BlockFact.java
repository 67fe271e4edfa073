package dev.ioverdict.model.block;

import dev.ioverdict.model.Fact;

/** A block-layer fact: an event of a trace, the trace it came from, btt's report and its per-I/O lines. */
public sealed interface BlockFact extends Fact permits BlockEvent, BlockInput, BttReport, TrackedIo {
}
