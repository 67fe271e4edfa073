package dev.ioverdict.parse.blkparse;

import dev.ioverdict.model.block.BlockAction;
import dev.ioverdict.model.block.BlockEvent;
import dev.ioverdict.parse.ParseContext;
import dev.ioverdict.parse.Regressions;
import java.util.Locale;

/**
 * Completions printed before the queue line of their I/O: blkparse merges the CPUs' buffers by
 * time, but a buffer flushed late puts a Q (queued on one CPU) after the C (completed on another)
 * of the same sector, the Q's time earlier than the C's. btt reads events in file order: its C
 * finds no Q and completes nothing, and the Q stays queued. ioverdict pairs them as btt does, so
 * its block figures stay btt's; this only counts them, in one warning with the lines, where they
 * were a silent loss. Memory: the last {@link #KEEP} completions, whatever the trace's length.
 * <p>
 * It runs on the thread that feeds the tracker, once per event, so it is a map of primitive arrays
 * (the sectors completed, in the order first seen, the eldest forgotten past {@link #KEEP}: a
 * {@code LinkedHashMap} of records cost a fifth of that thread). A Q later than every completion
 * kept cannot have been printed late, and is not looked up.
 */
final class EarlyCompletions {
    static final int KEEP = 4096;
    private static final int NONE = -1;
    /** Open addressing, linear probing, at most half full. */
    private static final int TABLE = Integer.highestOneBit(KEEP * 4);

    private final Regressions early = new Regressions("a queue line (Q) printed after the completion (C) of "
            + "its I/O, though queued before it (a CPU's buffer flushed late)",
            "btt reads a trace in file order and does not pair such a C with its Q, nor does ioverdict: their "
                    + "Q2C and D2C are missing from the block figures, as from btt's");

    // entries, KEEP + 1 of them (one is put before the eldest goes), linked in the order first put
    private final long[] device = new long[KEEP + 1];
    private final long[] sector = new long[KEEP + 1];
    private final long[] time = new long[KEEP + 1];
    private final long[] line = new long[KEEP + 1];
    private final int[] older = new int[KEEP + 1];
    private final int[] newer = new int[KEEP + 1];
    private final int[] slot = new int[KEEP + 1];
    private int eldest = NONE;
    private int youngest = NONE;
    private int size;
    /** Table cell -> entry + 1; 0 is empty. */
    private final int[] table = new int[TABLE];
    /** Every completion's time seen so far is at most this. */
    private long latest = Long.MIN_VALUE;

    void see(BlockEvent e) {
        if (e.sector() < 0 || e.sectors() == 0) {
            return;
        }
        if (e.action() == BlockAction.COMPLETE) {
            put(dev(e), e.sector(), e.timeNs(), e.line());
        } else if (e.action() == BlockAction.QUEUE && e.timeNs() <= latest) {
            int i = find(dev(e), e.sector());
            if (i != NONE && e.timeNs() <= time[i]) {
                long cTime = time[i];
                long cLine = line[i];
                remove(i);
                early.at(e.line(), String.format(Locale.ROOT, "%d,%d sector %d queued at %.9f s, its completion at "
                        + "line %d at %.9f s", e.major(), e.minor(), e.sector(), e.timeNs() / 1e9, cLine,
                        cTime / 1e9));
            }
        }
    }

    private static long dev(BlockEvent e) {
        return (long) e.major() << 32 | e.minor() & 0xffffffffL;
    }

    /** As a map's put: a sector already kept takes the new time and line and keeps its place in the order. */
    private void put(long dev, long sec, long t, long ln) {
        latest = Math.max(latest, t);
        int i = find(dev, sec);
        if (i == NONE) {
            i = size;
            size++;
            device[i] = dev;
            sector[i] = sec;
            older[i] = youngest;
            newer[i] = NONE;
            if (youngest != NONE) {
                newer[youngest] = i;
            } else {
                eldest = i;
            }
            youngest = i;
            int s = cell(dev, sec);
            while (table[s] != 0) {
                s = (s + 1) & (TABLE - 1);
            }
            table[s] = i + 1;
            slot[i] = s;
        }
        time[i] = t;
        line[i] = ln;
        if (size > KEEP) {
            remove(eldest);
        }
    }

    private int find(long dev, long sec) {
        int s = cell(dev, sec);
        int at;
        while ((at = table[s]) != 0) {
            if (sector[at - 1] == sec && device[at - 1] == dev) {
                return at - 1;
            }
            s = (s + 1) & (TABLE - 1);
        }
        return NONE;
    }

    /** Unlinks entry {@code i} and moves the last entry into its place, so the entries stay 0..size-1. */
    private void remove(int i) {
        unlinkCell(slot[i]);
        if (older[i] != NONE) {
            newer[older[i]] = newer[i];
        } else {
            eldest = newer[i];
        }
        if (newer[i] != NONE) {
            older[newer[i]] = older[i];
        } else {
            youngest = older[i];
        }
        int last = --size;
        if (i != last) {
            device[i] = device[last];
            sector[i] = sector[last];
            time[i] = time[last];
            line[i] = line[last];
            older[i] = older[last];
            newer[i] = newer[last];
            slot[i] = slot[last];
            table[slot[i]] = i + 1;
            if (older[i] != NONE) {
                newer[older[i]] = i;
            } else {
                eldest = i;
            }
            if (newer[i] != NONE) {
                older[newer[i]] = i;
            } else {
                youngest = i;
            }
        }
    }

    /** Empties cell {@code s}, moving later cells of its probe run back so every key stays reachable. */
    private void unlinkCell(int s) {
        int mask = TABLE - 1;
        int hole = s;
        int j = s;
        while (true) {
            j = (j + 1) & mask;
            int at = table[j];
            if (at == 0) {
                break;
            }
            int home = cell(device[at - 1], sector[at - 1]);
            // the entry at j may fill the hole when its home is not cyclically within (hole, j]
            boolean stays = hole <= j ? hole < home && home <= j : hole < home || home <= j;
            if (!stays) {
                table[hole] = at;
                slot[at - 1] = hole;
                hole = j;
            }
        }
        table[hole] = 0;
    }

    private static int cell(long dev, long sec) {
        long h = (sec ^ dev * 0x9E3779B97F4A7C15L) * 0xBF58476D1CE4E5B9L;
        return (int) (h ^ h >>> 31) & (TABLE - 1);
    }

    long count() {
        return early.count();
    }

    void report(ParseContext ctx) {
        early.report(ctx);
    }
}
