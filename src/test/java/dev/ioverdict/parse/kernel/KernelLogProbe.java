package dev.ioverdict.parse.kernel;

import dev.ioverdict.model.kernel.KernelEvent;
import dev.ioverdict.parse.FloorProbe;
import dev.ioverdict.parse.Lines;

/**
 * The floor probe's decode of the kernel log (bench/floor-probe.sh): per line what
 * {@link KernelLogFormat}'s reading does for it with the production code. A plain dmesg line has
 * its stamp read from its bytes ({@link DmesgStamp}) and its message scanned for the words
 * ({@link StorageMessages#holdsWord}, {@link StorageMessages#mayClassify}); only a line that may
 * matter is made a String, its message classified ({@link StorageMessages#classify(String, boolean)})
 * and its {@link KernelEvent} made; any other line
 * (another prefix, characters outside ASCII, a log without stamps) is read as text through
 * {@link LogPrefix}, as the reader does. The event is then dropped. Left out, as the state
 * machine's: the record count and the clock, the warnings, and a hung task's report (the start of
 * one counts as its record; the lines under it, which the reader joins to it, are read as any
 * other). A {@code <4>} level before the stamp sends the line to the text reading here (the
 * reader's byte check of the level is its own). Whether the log has stamps at all is decided by
 * each chunk's first line, as the reader decides it by the file's.
 */
final class KernelLogProbe implements FloorProbe.Work {
    private final DmesgStamp stamp = new DmesgStamp();
    /** Whether this chunk's log has no stamps: decided by its first line, as the reader's by the file's. */
    private Boolean bare;
    private long lineNo;
    private long records;
    /** The last event made: held so it escapes, as an emitted one does. */
    KernelEvent last;

    public static void main(String[] args) throws Exception {
        // the reader makes no String of a line that can be no storage message: the text step is the ASCII check alone
        FloorProbe.main(args, KernelLogProbe::new, (b, n) -> false);
    }

    @Override
    public void chunk() {
        bare = null;
    }

    @Override
    public void line(Lines in) {
        lineNo++;
        byte[] b = in.bytes();
        int n = in.length();
        if (bare == Boolean.FALSE && n > 0 && b[0] != '<' && stamp.read(b, 0, n)) {
            boolean worded = StorageMessages.holdsWord(b, stamp.body, n);
            if (!StorageMessages.mayClassify(worded, b, stamp.body, n)
                    && !KernelLogFormat.startsHungTask(b, stamp.body, n)) {
                return; // counted with its time by the reader, nothing made
            }
            if (in.inBytes()) {
                String line = in.text();
                message(line, line.substring(Math.min(stamp.body, line.length())), worded, stamp.seconds, null,
                        "[" + line.substring(stamp.digits, stamp.close) + "]");
                return;
            }
        }
        String line = in.text();
        if (line.isBlank()) {
            return;
        }
        LogPrefix p = LogPrefix.of(line);
        if (bare == null) {
            bare = p == null && !line.startsWith("-- ");
        }
        if (p == null && bare) {
            p = LogPrefix.bare(line);
        }
        if (p != null) {
            message(line, line.substring(Math.min(p.bodyStart(), line.length())), true, p.uptime(), p.epoch(),
                    p.timeText());
        }
    }

    /** {@code worded}: false when the scan found none of the words, as the reader hands it to classify. */
    private void message(String line, String body, boolean worded, Double uptime, Double epoch, String timeText) {
        if (body.startsWith("INFO: task ") && body.contains(" blocked for more than ")) {
            records++; // a hung task's report starts: the reader joins the lines under it
            return;
        }
        StorageMessages.Match m = StorageMessages.classify(body, worded);
        if (m != null) {
            records++;
            last = new KernelEvent("kernel.txt", lineNo, line, m.kind(), m.device() == null || m.device().isEmpty()
                    ? null : m.device(), m.map(), uptime, epoch, timeText, body.strip());
        }
    }

    @Override
    public long made() {
        return records;
    }
}
