package dev.ioverdict.model.block;

/**
 * One block-layer event, from blkparse text or a perf block tracepoint. Device numbers are those
 * printed (for A, the target device); {@code fromMajor/fromMinor/fromSector} only for A (remap),
 * else -1. {@code sector} is -1 when the line prints none (zero-byte flushes, plugs, SCSI
 * passthrough requests); {@code sectors} 0 when none printed; {@code bytes} is sectors x 512, or
 * the byte count a SCSI passthrough line prints. {@code error} for C and R, else 0. {@code text}
 * is the line as captured (evidence), {@code line} its number in {@code input}. Events read from
 * a binary blktrace file carry no text: {@code line} is then blktrace's sequence number (for a trace
 * of the kernel's ftrace blk tracer, which leaves it 0, the event's place among the file's events) and
 * {@link #text()} the line as blkparse would print it, made only when asked for (evidence of the
 * few slowest I/Os), never for each of millions of events.
 */
public record BlockEvent(String input, long line, String text, int major, int minor, int cpu, long timeNs,
                         int pid, BlockAction action, String rwbs, long sector, int sectors, long bytes,
                         String comm, int error, int fromMajor, int fromMinor, long fromSector) implements BlockFact {

    @Override
    public String text() {
        return text != null ? text : BlkparseLine.of(this);
    }

    public String device() {
        return major + "," + minor;
    }
}
