package dev.ioverdict.analysis.block;

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
 * its request's D2C. Only a candidate that makes the list is turned into a {@link BlockIo}, so
 * the cost stays with the few, not the millions.
 */
final class SlowestIos {
    static final int KEEP = 20;

    private record Ranked(long latency, long order, BlockIo io) {
    }

    /** Fastest first, and among equals the later one first: it leaves before the earlier. */
    private final PriorityQueue<Ranked> kept = new PriorityQueue<>(
            Comparator.comparingLong(Ranked::latency)
                    .thenComparing(Comparator.comparingLong(Ranked::order).reversed()));
    private long offered;

    /** Whether an I/O this slow would make the list (ties go to the one that came first). */
    boolean wouldKeep(long latency) {
        return kept.size() < KEEP || latency > kept.peek().latency();
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
        kept.add(new Ranked(latency, order, build(c)));
        if (kept.size() > KEEP) {
            kept.poll();
        }
    }

    /** Slowest first; among equals the one queued first. */
    List<BlockIo> slowest() {
        List<Ranked> all = new ArrayList<>(kept);
        all.sort(Comparator.comparingLong(Ranked::latency).reversed().thenComparingLong(Ranked::order));
        return all.stream().map(Ranked::io).toList();
    }

    private static BlockIo build(Completion c) {
        QueuedIo top = c.queued();
        Completion below = top != null ? top.below : null;
        QueuedIo legQ = below != null ? below.queued() : null;
        IssuedRequest request = below != null ? below.request() : c.request();
        BlockEvent end = below != null ? below.c() : c.c();
        BlockEvent remap = remapOf(top, legQ, request);

        List<String> path = new ArrayList<>();
        if (remap != null) {
            path.add(remap.fromMajor() + "," + remap.fromMinor());
        }
        if (top != null && !path.contains(top.device.name)) {
            path.add(top.device.name);
        }
        String bottom = below != null ? below.device().name : c.device().name;
        if (!path.contains(bottom)) {
            path.add(bottom);
        }

        Map<String, Double> phases = new LinkedHashMap<>();
        if (top != null && remap != null && top.remap != remap) {
            phases.put("Q2A", span(top.qTime, remap.timeNs()));
        }
        QueuedIo sched = legQ != null ? legQ : top;
        if (sched != null) {
            if (sched.gTime != QueuedIo.UNSET) {
                phases.put("Q2G", span(sched.qTime, sched.gTime));
                if (sched.sTime != QueuedIo.UNSET) {
                    phases.put("S2G", span(sched.sTime, sched.gTime));
                }
                if (sched.iTime != QueuedIo.UNSET) {
                    phases.put("G2I", span(sched.gTime, sched.iTime));
                }
            }
            if (sched.mTime != QueuedIo.UNSET) {
                phases.put("Q2M", span(sched.qTime, sched.mTime));
            }
            if (sched.dTime != QueuedIo.UNSET) {
                if (sched.iTime != QueuedIo.UNSET) {
                    phases.put("I2D", span(sched.iTime, sched.dTime));
                } else if (sched.mTime != QueuedIo.UNSET) {
                    phases.put("M2D", span(sched.mTime, sched.dTime));
                }
            }
        }
        if (request != null && request.remap != null && legQ == null) {
            phases.put("A2D", span(request.remap.timeNs(), request.dTime));
        }
        long issuedAt = request != null ? request.dTime
                : legQ != null ? legQ.dTime
                : top != null ? top.dTime : QueuedIo.UNSET;
        if (issuedAt != QueuedIo.UNSET) {
            phases.put("D2C", span(issuedAt, end.timeNs()));
        }
        if (top != null) {
            phases.put("Q2C", span(top.qTime, c.c().timeNs()));
        }

        BlockEvent first = top != null ? top.q : request.d;
        long queuedAt = top != null ? top.qTime : remap != null ? remap.timeNs() : request.dTime;
        return new BlockIo(path.get(0), String.join(" -> ", path), first.rwbs(), first.sector(), first.sectors(),
                first.comm(), first.pid(), Btt.seconds(queuedAt), phases, lines(top, below, c, request, remap));
    }

    private static BlockEvent remapOf(QueuedIo top, QueuedIo legQ, IssuedRequest request) {
        if (legQ != null && legQ.remap != null) {
            return legQ.remap;
        }
        if (request != null && request.remap != null) {
            return request.remap;
        }
        return top != null ? top.remap : null;
    }

    private static double span(long from, long to) {
        return Btt.seconds(Btt.delta(from, to));
    }

    private static List<Evidence> lines(QueuedIo top, Completion below, Completion c, IssuedRequest request,
                                        BlockEvent remap) {
        IdentityHashMap<BlockEvent, Boolean> events = new IdentityHashMap<>();
        addAll(events, top);
        if (below != null) {
            addAll(events, below.queued());
            add(events, below.c());
        }
        if (request != null) {
            add(events, request.d);
        }
        add(events, remap);
        add(events, c.c());
        List<BlockEvent> sorted = new ArrayList<>(events.keySet());
        sorted.sort(Comparator.comparing(BlockEvent::input).thenComparingLong(BlockEvent::line));
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
