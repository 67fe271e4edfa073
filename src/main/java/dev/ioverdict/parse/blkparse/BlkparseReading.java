package dev.ioverdict.parse.blkparse;

import dev.ioverdict.model.block.BlockEvent;
import dev.ioverdict.parse.text.Excerpt;
import java.nio.charset.StandardCharsets;

/**
 * Turns lines of blkparse text into events, handing what it cannot read to a {@link Problems}
 * sink, and counts what it read. Touches no shared state: one instance per thread.
 */
final class BlkparseReading {
    /** Where unreadable lines go: the parse context, or a chunk's list when chunks are read in parallel. */
    interface Problems {
        void add(long line, String message);
    }

    private final String input;
    private final BlkparseLineParser parser = new BlkparseLineParser();
    long events;
    long firstNs = Long.MAX_VALUE;
    long lastNs = Long.MIN_VALUE;

    BlkparseReading(String input) {
        this.input = input;
    }

    /** The event on line {@code number} = b[from, to), or null when it holds none (reported if unreadable). */
    BlockEvent line(byte[] b, int from, int to, long number, Problems problems) {
        if (parser.read(b, from, to)) {
            long t = parser.timeNs;
            if (t < firstNs) {
                firstNs = t;
            }
            if (t > lastNs) {
                lastNs = t;
            }
            events++;
            return parser.event(input, number, new String(b, from, to - from, StandardCharsets.UTF_8));
        }
        String text = new String(b, from, to - from, StandardCharsets.UTF_8);
        if (parser.problem != null) {
            problems.add(number, parser.problem + ": " + Excerpt.of(text));
        } else if (!SummaryLines.recognised(text)) {
            problems.add(number, "not a blkparse event or summary line: " + Excerpt.of(text));
        }
        return null;
    }

    /** Folds counts read elsewhere (another thread's chunk) into these. */
    void add(long moreEvents, long first, long last) {
        events += moreEvents;
        firstNs = Math.min(firstNs, first);
        lastNs = Math.max(lastNs, last);
    }
}
