package dev.ioverdict.analysis.timemodel;

import dev.ioverdict.model.block.BlockProcessTimes;
import dev.ioverdict.model.bpf.BioIo;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The block-layer side of the time model from biosnoop when the bundle has no block trace: each
 * I/O's process, disk, direction and latency, summed per process, device and direction as the
 * block trace's requests are. biosnoop times an I/O from its issue to the device to its completion
 * (btt's D2C); only with -Q does it add the time queued in the kernel before issue, so Q2C is
 * D2C plus that where printed, and the tag and flush parts are not measured. Two biosnoops of one
 * capture (bcc's and bpftrace's side by side) saw the same I/Os: the one that names directions,
 * then the one with more I/Os, is used alone.
 */
final class BiosnoopTimes {
    static final String SOURCE = "biosnoop";
    /** How the parts read where they come from biosnoop: said once so the reader can weigh them. */
    static final String METHOD = "each I/O's latency from issue to the device to its completion, per process and "
            + "direction (bcc's or bpftrace's biosnoop); the queue before issue only where biosnoop -Q printed it, "
            + "no tag or flush split";
    /** Keys kept apart per input; past this, their I/Os are not in the model (a note says how many). */
    static final int MAX_KEYS = 10_000;

    /** One biosnoop output: its sums per (disk, pid, command, direction) of n, bytes, latency, queued. */
    private static final class Input {
        final Map<List<Object>, double[]> sums = new LinkedHashMap<>();
        double first = Double.POSITIVE_INFINITY;
        double last = Double.NEGATIVE_INFINITY;
        long ios;
        long directed;
        long untracked;
    }

    private final Map<String, Input> inputs = new LinkedHashMap<>();

    void add(BioIo io) {
        if (Double.isNaN(io.latency())) {
            return;
        }
        Input in = inputs.computeIfAbsent(io.input(), k -> new Input());
        String direction = io.read() ? "read" : io.write() ? "write" : "other";
        List<Object> key = List.of(io.disk(), io.pid(), io.command() == null ? "" : io.command(), direction);
        double[] s = in.sums.get(key);
        if (s == null) {
            if (in.sums.size() >= MAX_KEYS) {
                in.untracked++;
                return;
            }
            s = new double[4];
            in.sums.put(key, s);
        }
        s[0]++;
        s[1] += Math.max(0, io.bytes());
        s[2] += io.latency();
        s[3] += Double.isNaN(io.queued()) ? 0 : io.queued();
        in.ios++;
        if (!direction.equals("other")) {
            in.directed++;
        }
        in.first = Math.min(in.first, io.time());
        in.last = Math.max(in.last, io.time());
    }

    private Input chosen() {
        return inputs.values().stream()
                .max(Comparator.comparingLong((Input i) -> i.directed).thenComparingLong(i -> i.ios)).orElse(null);
    }

    long ios() {
        Input in = chosen();
        return in == null ? 0 : in.directed;
    }

    long untracked() {
        Input in = chosen();
        return in == null ? 0 : in.untracked;
    }

    /** The chosen input's I/Os as the model's block-layer times: q2c = queued + latency, d2c = latency. */
    BlockProcessTimes times() {
        Input in = chosen();
        List<BlockProcessTimes.Entry> entries = new ArrayList<>();
        in.sums.forEach((k, s) -> entries.add(new BlockProcessTimes.Entry((String) k.get(0), (Integer) k.get(1),
                (String) k.get(2), (String) k.get(3), (long) s[0], (long) s[1], s[2] + s[3], s[2], s[3], 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)));
        return new BlockProcessTimes(entries, List.of(), List.of(), 0, List.of(), Math.max(0, in.last - in.first), List.of(),
                List.of());
    }
}
