package dev.ioverdict.analysis.block;

import dev.ioverdict.model.block.Phase;
import dev.ioverdict.model.Evidence;
import dev.ioverdict.model.block.BlockEvent;
import dev.ioverdict.model.block.BlockIo;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * The N slowest I/Os of the trace, end to end: Q2C where the I/O was queued in the trace, else
 * its request's D2C. Only the I/Os on the list at the end are turned into a {@link BlockIo}, so
 * the cost stays with the few, not the millions (and off the path of every completion, where
 * the many early candidates made the JIT compile all of it into the tracker). What a kept
 * completion refers to no longer changes: its bios left their trees and its request its map.
 */
final class SlowestIos {
    static final int KEEP = 20;
    /** Per process, to find the I/O an application wait was for: the slowest of each, fewer. */
    static final int KEEP_PER_PROCESS = 32;
    /** Levels of one I/O are at most this deep (dm on md on disks ...); deeper links are not followed. */
    private static final int MAX_LEVELS = 8;

    private record Ranked(long latency, long order, Completion completion) {
    }

    /** Fastest first, and among equals the later one first: it leaves before the earlier. */
    private final PriorityQueue<Ranked> kept = new PriorityQueue<>(
            Comparator.comparingLong(Ranked::latency)
                    .thenComparing(Comparator.comparingLong(Ranked::order).reversed()));
    private long offered;
    private final int keep;

    SlowestIos() {
        this(KEEP);
    }

    SlowestIos(int keep) {
        this.keep = keep;
    }

    /** Whether an I/O this slow would make the list (ties go to the one that came first). */
    boolean wouldKeep(long latency) {
        return kept.size() < keep || latency > kept.peek().latency();
    }

    /** Counts an I/O that did not make the list, so the order of the others stays theirs. */
    void skip() {
        offered++;
    }

    /** {@code latency}: the I/O's Q2C when it was queued in the trace, else its request's D2C. */
    void offer(Completion c, long latency) {
        long order = offered++;
        if (!wouldKeep(latency)) {
            return;
        }
        kept.add(new Ranked(latency, order, c));
        if (kept.size() > keep) {
            kept.poll();
        }
    }

    /** Slowest first; among equals the one queued first. */
    List<BlockIo> slowest() {
        List<Ranked> all = new ArrayList<>(kept);
        all.sort(Comparator.comparingLong(Ranked::latency).reversed().thenComparingLong(Ranked::order));
        return all.stream().map(r -> build(r.completion())).toList();
    }

    /**
     * The I/O as a whole: its completion on the device where it was queued, and below it the
     * completions of what remaps sent further down (a dm volume's bio, then the leg's request).
     */
    private static BlockIo build(Completion c) {
        List<Completion> levels = new ArrayList<>();
        levels.add(c);
        for (Completion l = c; l.queued() != null && l.queued().below != null && levels.size() < MAX_LEVELS; ) {
            l = l.queued().below;
            levels.add(l);
        }
        QueuedIo top = c.queued();
        Completion deepest = levels.get(levels.size() - 1);
        IssuedRequest request = deepest.request();
        // the remap that brought the top into view, when the volume above was not traced
        BlockEvent entry = top != null ? top.remap : c.request().remap;

        List<String> path = new ArrayList<>();
        if (entry != null) {
            path.add(entry.fromMajor() + "," + entry.fromMinor());
        }
        for (Completion l : levels) {
            if (!path.contains(l.device().name)) {
                path.add(l.device().name);
            }
        }

        Map<Phase, Double> phases = new LinkedHashMap<>();
        BlockEvent firstRemap = levels.size() > 1 ? remapOf(levels.get(1)) : null;
        if (top != null && firstRemap != null) {
            phases.put(Phase.Q2A, span(top.qTime, firstRemap.timeNs()));
        }
        scheduling(scheduled(levels), phases);
        if (request != null && request.remap != null && deepest.queued() == null) {
            phases.put(Phase.A2D, span(request.remap.timeNs(), request.dTime));
        }
        long issuedAt = request != null ? request.dTime
                : deepest.queued() != null ? deepest.queued().dTime : QueuedIo.UNSET;
        if (issuedAt != QueuedIo.UNSET) {
            phases.put(Phase.D2C, span(issuedAt, deepest.c().timeNs()));
        }
        if (top != null) {
            phases.put(Phase.Q2C, span(top.qTime, c.c().timeNs()));
        }

        BlockEvent first = top != null ? top.q : c.request().d;
        long queuedAt = top != null ? top.qTime : entry != null ? entry.timeNs() : c.request().dTime;
        return new BlockIo(path.get(0), String.join(" -> ", path), first.rwbs(), first.sector(), first.sectors(),
                first.comm(), first.pid(), Btt.seconds(queuedAt), phases, lines(levels));
    }

    /** The bio whose scheduling to show: the deepest one that got a request or merged, else the top one. */
    private static QueuedIo scheduled(List<Completion> levels) {
        for (int i = levels.size() - 1; i >= 0; i--) {
            QueuedIo q = levels.get(i).queued();
            if (q != null && (q.gTime != QueuedIo.UNSET || q.mTime != QueuedIo.UNSET)) {
                return q;
            }
        }
        return levels.get(0).queued();
    }

    private static void scheduling(QueuedIo q, Map<Phase, Double> phases) {
        if (q == null) {
            return;
        }
        if (q.gTime != QueuedIo.UNSET) {
            phases.put(Phase.Q2G, span(q.qTime, q.gTime));
            if (q.sTime != QueuedIo.UNSET) {
                phases.put(Phase.S2G, span(q.sTime, q.gTime));
            }
            if (q.iTime != QueuedIo.UNSET) {
                phases.put(Phase.G2I, span(q.gTime, q.iTime));
            }
        }
        if (q.mTime != QueuedIo.UNSET) {
            phases.put(Phase.Q2M, span(q.qTime, q.mTime));
        }
        if (q.dTime != QueuedIo.UNSET) {
            if (q.iTime != QueuedIo.UNSET) {
                phases.put(Phase.I2D, span(q.iTime, q.dTime));
            } else if (q.mTime != QueuedIo.UNSET) {
                phases.put(Phase.M2D, span(q.mTime, q.dTime));
            }
        }
    }

    private static BlockEvent remapOf(Completion level) {
        if (level.queued() != null && level.queued().remap != null) {
            return level.queued().remap;
        }
        return level.request() != null ? level.request().remap : null;
    }

    private static double span(long from, long to) {
        return Btt.seconds(Btt.delta(from, to));
    }

    private static List<Evidence> lines(List<Completion> levels) {
        IdentityHashMap<BlockEvent, Boolean> events = new IdentityHashMap<>();
        for (Completion l : levels) {
            addAll(events, l.queued());
            if (l.request() != null) {
                add(events, l.request().d);
                add(events, l.request().remap);
            }
            add(events, l.c());
        }
        List<BlockEvent> sorted = new ArrayList<>(events.keySet());
        // blktrace's binary records carry a sequence number, not a line, and the kernel's blk tracer writes 0 in
        // every one: the events of one I/O then tie, and the identity map's order would differ run to run
        sorted.sort(Comparator.comparing(BlockEvent::input).thenComparingLong(BlockEvent::line)
                .thenComparingLong(BlockEvent::timeNs).thenComparing(BlockEvent::text));
        List<Evidence> out = new ArrayList<>(sorted.size());
        for (BlockEvent e : sorted) {
            out.add(new Evidence(e.input(), e.line(), e.text()));
        }
        return out;
    }

    private static void addAll(IdentityHashMap<BlockEvent, Boolean> events, QueuedIo q) {
        if (q != null) {
            add(events, q.q);
            add(events, q.s);
            add(events, q.g);
            add(events, q.i);
            add(events, q.m);
            add(events, q.d);
            add(events, q.remap);
        }
    }

    private static void add(IdentityHashMap<BlockEvent, Boolean> events, BlockEvent e) {
        if (e != null) {
            events.put(e, Boolean.TRUE);
        }
    }
}
