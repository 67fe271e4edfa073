package dev.ioverdict.parse.blkparse;

import dev.ioverdict.model.block.BlockEvent;
import dev.ioverdict.parse.ParseContext;
import java.nio.charset.StandardCharsets;

/**
 * Turns the lines of one blkparse file into events, reporting what it cannot read. Touches only
 * the counting and warning side of the {@link ParseContext}, never its fact bus, so it may run
 * on a thread of its own while another thread hands the events on.
 */
final class BlkparseReading {
    private final String input;
    private final ParseContext ctx;
    private final BlkparseLineParser parser = new BlkparseLineParser();
    private long events;
    private long firstNs = Long.MAX_VALUE;
    private long lastNs = Long.MIN_VALUE;

    BlkparseReading(String input, ParseContext ctx) {
        this.input = input;
        this.ctx = ctx;
    }

    /** The event on the current line, or null when the line holds none (reported if unreadable). */
    BlockEvent line(ByteLines lines) {
        byte[] b = lines.buffer();
        int from = lines.start();
        int to = lines.end();
        if (parser.read(b, from, to)) {
            long t = parser.timeNs;
            if (t < firstNs) {
                firstNs = t;
            }
            if (t > lastNs) {
                lastNs = t;
            }
            events++;
            return parser.event(input, lines.number(), new String(b, from, to - from, StandardCharsets.UTF_8));
        }
        String text = new String(b, from, to - from, StandardCharsets.UTF_8);
        if (parser.problem != null) {
            ctx.skip(lines.number(), parser.problem + ": " + abbreviate(text));
        } else if (!SummaryLines.recognised(text)) {
            ctx.skip(lines.number(), "not a blkparse event or summary line: " + abbreviate(text));
        }
        return null;
    }

    void finish(long lineCount) {
        ctx.lines(lineCount);
        ctx.records(events);
        if (events > 0) {
            ctx.time(firstNs / 1e9);
            ctx.time(lastNs / 1e9);
        }
    }

    private static String abbreviate(String line) {
        String s = line.strip();
        return s.length() <= 80 ? s : s.substring(0, 77) + "...";
    }
}
