package dev.ioverdict.analysis.timemodel;

import dev.ioverdict.model.UnnamedProcess;
import dev.ioverdict.model.block.BlockProcessTimes;
import dev.ioverdict.model.block.RequestTimes;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What kernel workers queue on a process's behalf, read from a block trace on another clock than its calls (strace or
 * perf's syscalls beside blktrace), where no call can be matched to its requests: the bios blk-throttle held for a
 * cgroup's limit and released from a worker, and the cache flushes and journal writes that make its O_SYNC and
 * O_DSYNC writes durable. A worker is a kernel worker by name, or, in a trace of the kernel's blk tracer, which names
 * no process, a pid no syscall trace of the bundle shows.
 */
final class WorkerRequests {
    /** Requests queued for a process by workers, as a share of its own, from which they are its held ones released. */
    static final double RELEASED_SHARE = 0.1;
    /** The share of a process's wait beyond its own requests' block time from which requests queued for it were held. */
    static final double HELD_ABOVE_SHARE = 0.5;
    /** How far a worker's average request may be from the process's own (either way) to be its held requests. */
    static final double SAME_SIZE = 2;

    private final BlockProcessTimes block;
    private final Map<Integer, String> tracedCommands;
    private final TimeModelAnalysis.DeviceNaming names;

    WorkerRequests(BlockProcessTimes block, Map<Integer, String> tracedCommands, TimeModelAnalysis.DeviceNaming names) {
        this.block = block;
        this.tracedCommands = tracedCommands;
        this.names = names;
    }

    /** The flush part of a process's durable writes: its device (null for several), seconds, and how it was found. */
    record Flushed(String device, double seconds, String method) {
    }

    /** Adds an entry's phases to its device's sums: q2c, d2c, scheduler, tag, flush, preflush wait. */
    static void addPhases(Map<String, double[]> byDevice, BlockProcessTimes.Entry e) {
        double[] s = byDevice.computeIfAbsent(e.device(), k -> new double[6]);
        s[0] += e.q2c();
        s[1] += e.d2c();
        s[2] += e.scheduler();
        s[3] += e.tag();
        s[4] += e.flush();
        s[5] += e.preflushWait();
    }

    /**
     * The waits of writes to files opened O_SYNC or O_DSYNC beyond their own requests' block time, up to
     * {@code unexplained}: the durability work in their devices outside their requests. The cache flushes: the
     * empty preflush requests the process or a kernel worker queued (a write call's, an asynchronous write's
     * completion), from queueing to the flush's completion; at least the device's flushes less those its own writes
     * waited for inside their requests (the preflush of a journal write) - a device without FUA flushes again after
     * the write, outside it. And the journal's or log's writes a kernel worker queued. A worker is a kernel worker by
     * name, or a pid no syscall trace shows and the block trace does not name. Null where there
     * is none.
     */
    Flushed commitFlushes(TimeModelAnalysis.Group g, Set<String> devices, double unexplained) {
        if (!(unexplained > 0)) {
            return null;
        }
        long asked = 0;
        double flushWaits = 0;
        for (BlockProcessTimes.FlushWait w : block.flushWaits()) {
            if (devices.contains(w.device()) && (g.owns(w.pid()) || worker(w.pid(), w.comm()))) {
                asked += w.n();
                flushWaits += w.seconds();
            }
        }
        long flushes = 0;
        double deviceFlushes = 0;
        for (BlockProcessTimes.Flushes f : block.flushes()) {
            if (devices.contains(f.device())) {
                flushes += f.n();
                deviceFlushes += f.d2c();
            }
        }
        double ownPreflush = 0;
        double journal = 0;
        for (BlockProcessTimes.Entry e : block.entries()) {
            if (!devices.contains(e.device()) || !e.direction().equals("write")) {
                continue;
            }
            if (g.owns(e.pid())) {
                ownPreflush += e.preflushWait();
            } else if (worker(e.pid(), e.comm())) {
                journal += e.flush();
            }
        }
        double flushed = Math.max(flushWaits, deviceFlushes - ownPreflush) + journal;
        if (!(flushed > 0)) {
            return null;
        }
        double given = Math.min(unexplained, flushed);
        String device = devices.size() == 1 ? names.name(devices.iterator().next()) : "its devices";
        return new Flushed(devices.size() == 1 ? device : null, given, String.format(Locale.ROOT,
                "estimated: its writes go to files opened O_SYNC or O_DSYNC, which return (or complete) once durable; "
                + "beyond its own requests' time in the block layer, the durability work on %s outside them: %d cache "
                + "flushes (%s in the device, %s of it inside its own writes' requests)%s%s", device, flushes,
                Fmt.seconds(deviceFlushes), Fmt.seconds(ownPreflush), asked > 0 ? String.format(Locale.ROOT, ", %d of "
                + "them asked for by it or by kernel workers (%s from queue to the flush's completion)", asked,
                Fmt.seconds(flushWaits)) : "", journal > 0 ? ", and journal or log writes queued by kernel workers ("
                + Fmt.seconds(journal) + ")" : ""));
    }

    /** A kernel worker by name, or a pid no syscall trace shows and the block trace does not name. */
    boolean worker(int pid, String comm) {
        return !tracedCommands.containsKey(pid) && (RequestTimes.kernelWorker(comm) || UnnamedProcess.nameless(comm));
    }

    /** The requests kernel workers queued for a process: the device that had the most of them, and how that is known. */
    record Released(String device, String method) {
    }

    /**
     * Where at least half of a process's {@code direction} waits lie beyond its own requests' time in the block
     * layer, the requests a kernel worker queued for it on its devices, or a pid none of the bundle's syscall traces
     * shows and the block trace does not name (the kernel's blk tracer records no names): blk-throttle holds the
     * bios of a cgroup over its I/O budget above the queue and a worker queues them when the budget allows. Such a
     * worker's requests are the process's own kind: synchronous data every one (no writeback, no journal or log
     * write, no flush) and of its size. Their block time is added to {@code byDevice} as the process's own; null
     * where there are none. A neighbour's requests do not pass: the process's own then queue behind them in the
     * block layer, and its wait is their time there, not more.
     */
    Released released(TimeModelAnalysis.Group g, String direction, Map<String, double[]> byDevice, double seconds) {
        if (g.ringRequests > 0) {
            return null; // io_uring's workers queue the ring's own requests
        }
        double ownQ2c = byDevice.values().stream().mapToDouble(s -> s[0]).sum();
        long ownRequests = 0;
        long ownBytes = 0;
        for (BlockProcessTimes.Entry e : block.entries()) {
            if (g.owns(e.pid()) && e.direction().equals(direction)) {
                ownRequests += e.n();
                ownBytes += e.bytes();
            }
        }
        if (!(seconds - ownQ2c >= HELD_ABOVE_SHARE * seconds) || ownRequests == 0) {
            return null;
        }
        double ownSize = (double) ownBytes / ownRequests;
        List<BlockProcessTimes.Entry> queuedForIt = block.entries().stream()
                .filter(e -> byDevice.containsKey(e.device()) && e.direction().equals(direction) && !g.owns(e.pid())
                        && worker(e.pid(), e.comm()) && e.n() > 0 && e.syncData() == e.n() && e.durableRequests() == 0
                        && (double) e.bytes() / e.n() <= SAME_SIZE * ownSize && SAME_SIZE * e.bytes() / e.n() >= ownSize)
                .toList();
        long n = queuedForIt.stream().mapToLong(BlockProcessTimes.Entry::n).sum();
        if (n < RELEASED_SHARE * ownRequests) {
            return null;
        }
        queuedForIt.forEach(e -> addPhases(byDevice, e));
        Map<String, Long> byPid = new TreeMap<>();
        Map<String, Long> perDevice = new LinkedHashMap<>();
        queuedForIt.forEach(e -> {
            byPid.merge(UnnamedProcess.nameless(e.comm()) ? "pid " + e.pid() : e.comm() + " pid " + e.pid(), e.n(),
                    Long::sum);
            perDevice.merge(e.device(), e.n(), Long::sum);
        });
        String device = perDevice.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
        boolean unnamed = queuedForIt.stream().allMatch(e -> UnnamedProcess.nameless(e.comm()));
        return new Released(device, String.format(Locale.ROOT, "estimated: its %s waits beyond the time its %ss "
                + "took in the block layer; %d synchronous %ss of its size on %s were queued not by it but by %s, %s, "
                + "beside %d of its own: a process queues its direct and synchronous I/O itself, and a kernel worker "
                + "queues it for it when blk-throttle held it over a cgroup's I/O limit and its budget allows",
                direction, direction, n, direction, names.name(device), String.join(", ", byPid.keySet()), unnamed
                ? "which no syscall trace of the bundle shows and the block trace does not name (the kernel's blk "
                + "tracer records no names)" : "a kernel worker", ownRequests));
    }
}
