package dev.ioverdict.parse.blkparse;

import dev.ioverdict.model.block.BlockAction;
import dev.ioverdict.model.block.BlockEvent;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Regressions;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Completions printed before the queue line of their I/O: blkparse merges the CPUs' buffers by
 * time, but a buffer flushed late puts a Q (queued on one CPU) after the C (completed on another)
 * of the same sector, the Q's time earlier than the C's. btt reads events in file order: its C
 * finds no Q and completes nothing, and the Q stays queued. ioverdict pairs them as btt does, so
 * its block figures stay btt's; this only counts them, in one warning with the lines, where they
 * were a silent loss. Memory: the last {@link #KEEP} completions, whatever the trace's length.
 */
final class EarlyCompletions {
    static final int KEEP = 4096;

    private record Sector(int major, int minor, long sector) {
    }

    private record Seen(long timeNs, long line) {
    }

    private final Map<Sector, Seen> recent = new LinkedHashMap<>(256, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Sector, Seen> eldest) {
            return size() > KEEP;
        }
    };
    private final Regressions early = new Regressions("a queue line (Q) printed after the completion (C) of "
            + "its I/O, though queued before it (a CPU's buffer flushed late)",
            "btt reads a trace in file order and does not pair such a C with its Q, nor does ioverdict: their "
                    + "Q2C and D2C are missing from the block figures, as from btt's");

    void see(BlockEvent e) {
        if (e.sector() < 0 || e.sectors() == 0) {
            return;
        }
        if (e.action() == BlockAction.COMPLETE) {
            recent.put(new Sector(e.major(), e.minor(), e.sector()), new Seen(e.timeNs(), e.line()));
        } else if (e.action() == BlockAction.QUEUE) {
            Seen c = recent.get(new Sector(e.major(), e.minor(), e.sector()));
            if (c != null && e.timeNs() <= c.timeNs()) {
                recent.remove(new Sector(e.major(), e.minor(), e.sector()));
                early.at(e.line(), String.format(Locale.ROOT, "%d,%d sector %d queued at %.9f s, its completion at "
                        + "line %d at %.9f s", e.major(), e.minor(), e.sector(), e.timeNs() / 1e9, c.line(),
                        c.timeNs() / 1e9));
            }
        }
    }

    long count() {
        return early.count();
    }

    void report(ParseContext ctx) {
        early.report(ctx);
    }
}
