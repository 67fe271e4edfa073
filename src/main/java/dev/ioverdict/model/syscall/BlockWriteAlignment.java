package dev.ioverdict.model.syscall;

import java.util.List;

/**
 * The data writes each process queued on each device, as a block trace shows them, in the same
 * alignment classes as a syscall trace's files: what tells unaligned direct I/O where no syscall trace
 * has the calls' sizes and offsets (perf's syscall tracepoints print neither). {@code writes.file()}
 * names the filesystem and device; its sizes and offsets are the bios', in bytes.
 */
public record BlockWriteAlignment(List<Row> rows) {
    public BlockWriteAlignment {
        rows = List.copyOf(rows);
    }

    public record Row(int pid, String comm, String device, FileAlignment writes) {
    }
}
