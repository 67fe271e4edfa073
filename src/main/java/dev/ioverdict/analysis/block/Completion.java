package dev.ioverdict.analysis.block;

import dev.ioverdict.model.block.BlockEvent;

/**
 * How one I/O finished on one device: the bio btt followed there (may be null), the request
 * that carried it (may be null), and the C. Kept on the volume's bio when the I/O was remapped,
 * until the volume completes it too.
 */
record Completion(BttDevice device, QueuedIo queued, IssuedRequest request, BlockEvent c) {
}
