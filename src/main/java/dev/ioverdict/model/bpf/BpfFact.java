package dev.ioverdict.model.bpf;

import dev.ioverdict.model.Fact;

/**
 * A fact of bcc's or bpftrace's tools: one block I/O (biosnoop), one latency histogram
 * (biolatency, ext4dist, xfsdist), one row of a biotop interval, one slow file-system operation
 * (ext4slower, xfsslower, fileslower).
 */
public sealed interface BpfFact extends Fact permits BioIo, LatencyHistogram, BiotopRow, FsOp {
    /** Path of the file inside the bundle. */
    String input();

    long line();
}
